/**
 * The local storage server (supabase/local/storage) as supabase-js and the seed use it, and the storage
 * policies (supabase/migrations/20261127210000_members_download_course_materials.sql) it applies: the
 * seed uploads supabase/storage/ as `supabase start` does; a signed-in member downloads the members'
 * resources and the materials of the courses they enrolled in, and nothing else; anon, a forged or
 * stale link and an upload without the service role get storage's errors, never a 5xx. On both engines.
 */
import { createClient } from '@supabase/supabase-js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../../supabase/local/gateway';
import { localKeys, signingKey } from '../../supabase/local/keys';
import { readStorageConfig } from '../../supabase/local/storage/config';
import { seedBuckets } from '../../supabase/local/storage/seed';
import { ENGINES, freshDatabase, sendAs, type Db } from '../db/database';
import { testAuth } from './auth-settings';
import { stampsOff } from '../support/stamps';

const storageDir = join(import.meta.dirname, '..', '..', 'supabase', 'storage');
const ANA = '00000000-0000-4000-8000-00000000a001'; // enrols in one course, signed in
const BEN = '00000000-0000-4000-8000-00000000b002'; // signed in, enrolled in nothing (as a visitor he did)
const CARA = '00000000-0000-4000-8000-00000000c003'; // enrols signed in, then withdraws what she sent
const LEADERSHIP = 'strategic-leadership/decision-log.csv';
const DATA = 'data-driven-decision/program-dashboard.csv';
const TOOLKIT = 'board-self-assessment.md';

const enrolment = (course: string, email: string) => ({ course, full_name: 'Ana Ruiz', email, organization: 'Casa Verde', group_enrolment: false });

describe.each(ENGINES)('course materials and members’ resources from storage, on %s', (engine) => {
  let db: Db;
  let gateway: Gateway;
  let api: string;
  let keys: { anon: string; serviceRole: string };
  /** A token as GoTrue issues one at sign-in: naming a session of its own, which signing out deletes. */
  const tokenOf = async (sub: string, claims: Record<string, unknown> = {}) => {
    const session = (await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [sub])).rows[0]!.id;
    return new SignJWT({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.org`, session_id: session, ...claims }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
  };
  const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;
  const storageAs = (token: string) =>
    createClient(api, keys.anon, { global: { headers: { Authorization: `Bearer ${token}` } }, realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } }).storage;
  const raw = (path: string, init: RequestInit = {}) => fetch(`${api}/storage/v1${path}`, init);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    keys = await localKeys();
    gateway = await startGateway({ functions: { functions: new Map() }, db, auth: testAuth(0), port: 0 });
    api = `http://127.0.0.1:${gateway.port}`;
    for (const [id, email] of [[ANA, 'ana@example.org'], [BEN, 'ben@example.org'], [CARA, 'cara@example.org']]) await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
    await seedBuckets(db, readStorageConfig(), api, keys.serviceRole);
    await sendAs(db, ANA, 'course_enrolments', enrolment('strategic-leadership', 'ana@example.org'));
    await sendAs(db, null, 'course_enrolments', enrolment('data-driven-decision', 'ben@example.org'));
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await db?.close();
  });

  it('seeds every file under supabase/storage into its bucket with its type, once however often it runs', async () => {
    await seedBuckets(db, readStorageConfig(), api, keys.serviceRole);
    const { rows } = await db.query<{ bucket_id: string; name: string; mimetype: string; size: number }>(
      `select bucket_id, name, metadata ->> 'mimetype' as mimetype, (metadata ->> 'size')::int as size from storage.objects order by bucket_id, name`,
    );
    expect(rows).toContainEqual({ bucket_id: 'course-materials', name: LEADERSHIP, mimetype: 'text/csv', size: readFileSync(join(storageDir, 'course-materials', LEADERSHIP)).length });
    expect(rows).toContainEqual({ bucket_id: 'member-resources', name: TOOLKIT, mimetype: 'text/markdown', size: readFileSync(join(storageDir, 'member-resources', TOOLKIT)).length });
    expect(new Set(rows.map((r) => `${r.bucket_id}/${r.name}`)).size).toBe(rows.length);
    // Replaced files leave no bytes behind.
    const { rows: files } = await db.query<{ n: number }>('select count(*)::int as n from storage_local.files');
    expect(files[0]!.n).toBe(rows.length);
  });

  it('gives a signed-in member a link to a members’ resource that downloads the file as an attachment', async () => {
    const { data, error } = await storageAs(await tokenOf(BEN)).from('member-resources').createSignedUrl(TOOLKIT, 60, { download: true });
    expect(error).toBeNull();
    const file = await fetch(data!.signedUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/markdown');
    expect(file.headers.get('content-disposition')).toBe('attachment;');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(readFileSync(join(storageDir, 'member-resources', TOOLKIT)));
    const named = await storageAs(await tokenOf(BEN)).from('member-resources').createSignedUrl(TOOLKIT, 60, { download: 'Board Self-Assessment.md' });
    expect((await fetch(named.data!.signedUrl)).headers.get('content-disposition')).toBe("attachment; filename=Board%20Self-Assessment.md; filename*=UTF-8''Board%20Self-Assessment.md");
  });

  it('gives the materials of a course only to a member who enrolled in it while signed in', async () => {
    const ana = storageAs(await tokenOf(ANA));
    const own = await ana.from('course-materials').createSignedUrl(LEADERSHIP, 60);
    expect(own.error).toBeNull();
    expect((await fetch(own.data!.signedUrl)).status).toBe(200);
    const other = await ana.from('course-materials').createSignedUrl(DATA, 60);
    expect(other.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    // Ben enrolled as a visitor: his enrolment is not his account's.
    expect((await storageAs(await tokenOf(BEN)).from('course-materials').createSignedUrl(DATA, 60)).error).toMatchObject({ statusCode: '404' });
    const many = await ana.from('course-materials').createSignedUrls([LEADERSHIP, DATA, 'strategic-leadership/missing.csv'], 60);
    expect(many.data!.map((item) => [item.path, item.error === null])).toEqual([
      [LEADERSHIP, true],
      [DATA, false],
      ['strategic-leadership/missing.csv', false],
    ]);
  });

  it('gives nothing to anon, an anonymous sign-in, or a member whose enrolment is withdrawn', async () => {
    for (const [bucket, name] of [['member-resources', TOOLKIT], ['course-materials', LEADERSHIP]] as const) {
      const { error } = await storageAs(keys.anon).from(bucket).createSignedUrl(name, 60);
      expect(error, `${bucket}/${name}`).toMatchObject({ statusCode: '404', message: 'Object not found' });
    }
    expect((await storageAs(await tokenOf(BEN, { is_anonymous: true })).from('member-resources').createSignedUrl(TOOLKIT, 60)).error).toMatchObject({ statusCode: '404' });
    await sendAs(db, CARA, 'course_enrolments', enrolment('data-driven-decision', 'cara@example.org'));
    const cara = storageAs(await tokenOf(CARA));
    expect((await cara.from('course-materials').createSignedUrl(DATA, 60)).error).toBeNull();
    // As deleting her account leaves what she sent (supabase/migrations/*_members_delete_their_account.sql).
    await db.query('update public.staff_inbox set withdrawn_at = now() where sender_id = $1', [CARA]);
    expect((await cara.from('course-materials').createSignedUrl(DATA, 60)).error).toMatchObject({ statusCode: '404' });
  });

  it('ends a member\'s access with their session: a token kept after signing out (or deleting the account) reads nothing', async () => {
    const token = await tokenOf(ANA);
    const ana = storageAs(token);
    expect((await ana.from('member-resources').createSignedUrl(TOOLKIT, 60)).error).toBeNull();
    expect((await ana.from('course-materials').createSignedUrl(LEADERSHIP, 60)).error).toBeNull();
    await db.query('delete from auth.sessions where id = $1', [sessionOf(token)]);
    expect((await ana.from('member-resources').createSignedUrl(TOOLKIT, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await ana.from('course-materials').createSignedUrl(LEADERSHIP, 60)).error).toMatchObject({ statusCode: '404' });
    // A token naming no session at all (not one GoTrue issues) reads nothing either.
    const sessionless = await new SignJWT({ sub: ANA, role: 'authenticated', aud: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
    expect((await storageAs(sessionless).from('member-resources').createSignedUrl(TOOLKIT, 60)).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses a link for another file, an expired or forged link, and one without a token, as storage does', async () => {
    const { data } = await storageAs(await tokenOf(ANA)).from('course-materials').createSignedUrl(LEADERSHIP, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const answers = [
      await raw(`/object/sign/course-materials/${DATA}?token=${token}`),
      await raw(`/object/sign/course-materials/${LEADERSHIP}?token=${await new SignJWT({ url: `course-materials/${LEADERSHIP}`, scope: 'download' }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_700_000_000).setExpirationTime(1_700_000_060).sign(signingKey)}`),
      await raw(`/object/sign/course-materials/${LEADERSHIP}?token=${await new SignJWT({ url: `course-materials/${LEADERSHIP}`, scope: 'download' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('not-the-project-secret-but-long-enough-32'))}`),
      await raw(`/object/sign/course-materials/${LEADERSHIP}`),
    ];
    const bodies = await Promise.all(answers.map((a) => a.json() as Promise<{ statusCode: string; code: string }>));
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect(bodies.map((b) => b.code)).toEqual(['InvalidSignature', 'InvalidJWT', 'InvalidJWT', 'InvalidRequest']);
  });

  it('takes uploads only from the service role, within the bucket’s types and size, and names that cannot escape', async () => {
    const upload = (token: string, name: string, type = 'text/markdown', body: BodyInit = '# Notes') =>
      raw(`/object/member-resources/${name}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': type, 'x-upsert': 'true' }, body });
    const refused = async (answer: Response) => ({ status: answer.status, ...((await answer.json()) as { statusCode: string; code: string }) });
    expect(await refused(await upload(keys.anon, TOOLKIT))).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
    expect(await refused(await upload(await tokenOf(BEN), TOOLKIT))).toMatchObject({ status: 400, statusCode: '403', code: 'AccessDenied' });
    expect(await refused(await upload(keys.serviceRole, 'macro.exe', 'application/x-msdownload'))).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' });
    expect(await refused(await upload(keys.serviceRole, 'big.md', 'text/markdown', 'x'.repeat(5 * 1024 ** 2 + 1)))).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    for (const name of ['../escape.md', 'a//b.md', '%2e%2e/escape.md', 'caf%C3%A9.md', '%E0%A4%A.md']) {
      expect(await refused(await upload(keys.serviceRole, name)), name).toMatchObject({ status: 400, code: 'InvalidKey' });
    }
    expect(await refused(await upload(keys.serviceRole, TOOLKIT, 'text/markdown'))).toMatchObject({ status: 200 });
    // The refused ones left the file as it was, and nothing else.
    const { rows } = await db.query<{ name: string }>(`select name from storage.objects where bucket_id = 'member-resources' order by name`);
    expect(rows.map((r) => r.name)).toEqual(['board-self-assessment.md', 'partnership-agreement.md']);
    await seedBuckets(db, readStorageConfig(), api, keys.serviceRole);
  });

  it('answers nonsense with storage’s errors, never a 5xx', async () => {
    const member = `Bearer ${await tokenOf(ANA)}`;
    const attempts = [
      raw(`/object/sign/member-resources/${TOOLKIT}`, { method: 'POST', headers: { Authorization: member }, body: 'not json' }),
      raw(`/object/sign/member-resources/${TOOLKIT}`, { method: 'POST', headers: { Authorization: member }, body: JSON.stringify({ expiresIn: 0 }) }),
      raw('/object/sign/member-resources', { method: 'POST', headers: { Authorization: member }, body: JSON.stringify({ expiresIn: 60, paths: 'all' }) }),
      raw(`/object/sign/member-resources/${TOOLKIT}`, { method: 'POST', body: JSON.stringify({ expiresIn: 60 }) }),
      raw(`/object/sign/member-resources/${TOOLKIT}`, { method: 'POST', headers: { Authorization: 'Bearer nonsense' }, body: JSON.stringify({ expiresIn: 60 }) }),
      raw(`/object/sign/no-such-bucket/${TOOLKIT}?token=x`),
      raw('/object/no-such-bucket/x.md', { method: 'POST', headers: { Authorization: `Bearer ${keys.serviceRole}`, 'Content-Type': 'text/markdown' }, body: 'x' }),
      raw('/bucket', { method: 'GET', headers: { Authorization: member } }),
    ];
    const statuses = (await Promise.all(attempts)).map((a) => a.status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 400, 404]);
  });
});
