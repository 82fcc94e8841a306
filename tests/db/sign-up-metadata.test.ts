/**
 * Sign-up metadata rides in every token of the account: a stranger who signed up with an owner's address
 * and padded it (`"data": {"pad": "<40,000 × x>"}`) left the owner, once confirmed, a token too large for
 * any request. The database keeps only the sign-up's own answers, each of its type and size, on sign-up
 * and on every later change, and the profile is still made from them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import signUp from '../../schemas/sign-up.schema.json';
import { ENGINES, expectRefused, freshDatabase, type Db } from './database';

const answers = { name: 'Ana Ruiz', company: 'Casa Verde', title: 'Director', phone: '555 0100', city: 'Austin', state: 'TX', zip: '78701' };

describe.each(ENGINES)('sign-up metadata (%s)', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(() => db?.close());

  const signUpWith = async (id: string, data: Record<string, unknown>) => {
    await db.query('insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)', [id, `${id.slice(-4)}@example.org`, JSON.stringify(data)]);
    return (await db.query<{ meta: Record<string, unknown> }>('select raw_user_meta_data as meta from auth.users where id = $1', [id])).rows[0]!.meta;
  };

  it('keeps the sign-up’s answers and the auth service’s own keys, and drops anything else', async () => {
    const meta = await signUpWith('00000000-0000-4000-8000-0000000000c1', {
      ...answers,
      email_verified: false,
      sub: '00000000-0000-4000-8000-0000000000c1',
      pad: 'x'.repeat(40_000),
      nested: { deeper: 'x'.repeat(1000) },
    });
    expect(meta).toEqual({ ...answers, email_verified: false, sub: '00000000-0000-4000-8000-0000000000c1' });
  });

  it('drops an answer over its question’s size or of another type, so a required one fails the sign-up as its column’s rule did', async () => {
    await expectRefused(signUpWith('00000000-0000-4000-8000-0000000000c4', { ...answers, title: 'x'.repeat(signUp.properties.title.maxLength + 1) }), '23502');
    await expectRefused(signUpWith('00000000-0000-4000-8000-0000000000c5', { ...answers, city: { nested: 'Austin' } }), '23502');
    expect((await db.query(`select count(*)::int as n from auth.users where id::text like '%c4' or id::text like '%c5'`)).rows).toEqual([{ n: 0 }]);
  });

  it('makes the profile from what it kept', async () => {
    const id = '00000000-0000-4000-8000-0000000000c2';
    await signUpWith(id, { ...answers, pad: 'x'.repeat(40_000) });
    expect((await db.query('select name, zip from public.clients where user_id = $1', [id])).rows).toEqual([{ name: 'Ana Ruiz', zip: '78701' }]);
  });

  it('keeps a later change (PUT /auth/v1/user) to the same rule', async () => {
    const id = '00000000-0000-4000-8000-0000000000c3';
    await signUpWith(id, answers);
    await db.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"pad": "${'x'.repeat(40_000)}", "phone": "555 0199"}'::jsonb where id = $1`, [id]);
    const { rows } = await db.query<{ meta: Record<string, unknown> }>('select raw_user_meta_data as meta from auth.users where id = $1', [id]);
    expect(rows[0]!.meta).toEqual({ ...answers, phone: '555 0199' });
  });
});
