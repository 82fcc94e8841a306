/**
 * The browser that signed up keeps its password (supabase/migrations/*_the_sign_up_browser_keeps_its_password.sql,
 * decision 043): confirming still clears it, but only the account's own session holding the sign-up's
 * secret gets it back, within the hour, once; a stranger's sign-up, another member, a visitor, a wrong
 * secret or a password chosen meanwhile get nothing. The statements below are GoTrue's, as it writes them.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const proofOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

describe.each(ENGINES)('the sign-up password kept by the browser that signed up, on %s', (engine) => {
  let db: Db;
  let n = 0;
  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(() => db?.close());

  /** A sign-up as GoTrue makes one: the account with the password's hash, and the email identity with the sign-up's data. */
  async function signUp(secret: string | null, hash = '$2a$10$sign-up-hash') {
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    const data = secret === null ? {} : { sign_up_proof: proofOf(secret) };
    await db.query('insert into auth.users (id, email, encrypted_password, raw_user_meta_data) values ($1, $2, $3, $4)', [id, `user${n}@example.org`, hash, JSON.stringify(data)]);
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2::jsonb || jsonb_build_object('sub', $1::text), 'email')`,
      [id, JSON.stringify(data)],
    );
    return id;
  }
  const confirm = (id: string) => db.query('update auth.users set email_confirmed_at = now() where id = $1', [id]);
  const password = (id: string) => db.query<{ p: string }>('select encrypted_password as p from auth.users where id = $1', [id]).then((r) => r.rows[0]!.p);
  const keep = (who: string, secret: string) =>
    committedAs(db, 'authenticated', who, () => db.query<{ kept: boolean }>('select public.keep_my_sign_up_password($1) as kept', [secret])).then((r) => r.rows[0]!.kept);

  it('clears the password on confirming, and gives it back to the account holding the secret, once', async () => {
    const ana = await signUp('ana secret');
    await confirm(ana);
    expect(await password(ana)).toBe('');
    expect(await keep(ana, 'a guess')).toBe(false);
    expect(await password(ana)).toBe('');
    expect(await keep(ana, 'ana secret')).toBe(true);
    expect(await password(ana)).toBe('$2a$10$sign-up-hash');
    // The proof is used up, and was never in the account's metadata (so in no token).
    const identity = await db.query<{ data: Record<string, unknown> }>("select identity_data as data from auth.identities where user_id = $1 and provider = 'email'", [ana]);
    expect(identity.rows[0]!.data).not.toHaveProperty('sign_up_proof');
    expect((await db.query<{ meta: Record<string, unknown> }>('select raw_user_meta_data as meta from auth.users where id = $1', [ana])).rows[0]!.meta).toEqual({});
    expect(await keep(ana, 'ana secret')).toBe(false);
    expect((await db.query('select 1 from public.sign_up_passwords where user_id = $1', [ana])).rows).toEqual([]);
  });

  it('gives nothing to another member holding the secret, to a visitor, or to the owner of an account another browser signed up', async () => {
    const ana = await signUp('ana secret 2');
    const ben = await signUp('ben secret');
    await confirm(ana);
    await confirm(ben);
    expect(await keep(ben, 'ana secret 2')).toBe(false);
    await expectRefused(as(db, 'anon', null, () => db.query("select public.keep_my_sign_up_password('ana secret 2')")), '42501');
    expect(await password(ana)).toBe('');
    // A stranger signed up first (so the account holds the stranger's password and the stranger's proof);
    // the owner opens the link in a browser whose secret is their own later sign-up's.
    const taken = await signUp('stranger secret', '$2a$10$stranger-hash');
    await confirm(taken);
    expect(await keep(taken, 'owner secret')).toBe(false);
    expect(await password(taken)).toBe('');
  });

  it('keeps nothing for an account signed up without a proof, after the hour, or once a password was chosen', async () => {
    const invited = await signUp(null);
    await confirm(invited);
    expect((await db.query('select 1 from public.sign_up_passwords where user_id = $1', [invited])).rows).toEqual([]);

    const late = await signUp('late secret');
    await confirm(late);
    await db.query("update public.sign_up_passwords set confirmed_at = now() - interval '61 minutes' where user_id = $1", [late]);
    expect(await keep(late, 'late secret')).toBe(false);
    // Swept by the next confirmation.
    await confirm(await signUp('another secret'));
    expect((await db.query('select 1 from public.sign_up_passwords where user_id = $1', [late])).rows).toEqual([]);

    const chose = await signUp('chose secret');
    await confirm(chose);
    await db.query("update auth.users set encrypted_password = '$2a$10$chosen-hash' where id = $1", [chose]);
    expect(await keep(chose, 'chose secret')).toBe(false);
    expect(await password(chose)).toBe('$2a$10$chosen-hash');
  });

  it('lets no API role read or write the set-aside passwords', async () => {
    await confirm(await signUp('read secret'));
    for (const role of ['anon', 'authenticated', 'service_role'] as const) {
      await expectRefused(as(db, role, null, () => db.query('select * from public.sign_up_passwords')), '42501');
      await expectRefused(as(db, role, null, () => db.query("insert into public.sign_up_passwords (user_id, encrypted_password) values (gen_random_uuid(), 'x')")), '42501');
    }
  });
});
