import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { connect } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../../supabase/local/gateway';
import { reloadSchemaCache } from '../../supabase/local/rest/schema-cache';
import { localKeys, signingKey } from '../../supabase/local/keys';
import { ENGINES, freshDatabase, type Db } from '../db/database';
import { testAuth } from './auth-settings';
import { stampsOff } from '../support/stamps';

const contact = { name: 'Ana Ruiz', email: 'ana@casaverde.org', subject: 'Feedback', message: 'Hello' };

describe.each(ENGINES)('/rest/v1 through supabase-js, on %s', (engine) => {
  let db: Db;
  let gateway: Gateway;
  let api: string;
  let keys: { anon: string; serviceRole: string };
  const client = (key: string): SupabaseClient =>
    createClient(api, key, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    keys = await localKeys();
    gateway = await startGateway({ functions: { functions: new Map() }, db, auth: testAuth(0), port: 0 });
    api = `http://127.0.0.1:${gateway.port}`;
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    await db.close();
  });

  it('reads testimonials newest first, as the home page will', async () => {
    const { data, error, status } = await client(keys.anon).from('testimonials').select('*').order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toHaveLength(4);
    const dates = data!.map((t) => t.created_at as string);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(data![0]!).sort()).toEqual(['client_name', 'content', 'created_at', 'id', 'title', 'video_url']);
  });

  it('selects listed columns, filters with eq and limits', async () => {
    const { data } = await client(keys.anon).from('testimonials').select('client_name, title').eq('client_name', 'Marcus Bell').limit(5);
    expect(data).toEqual([{ client_name: 'Marcus Bell', title: 'Owner, Bell & Daughters Hardware' }]);
    const one = await client(keys.anon).from('testimonials').select('client_name').limit(1).single();
    expect(one.data).toHaveProperty('client_name');
    const many = await client(keys.anon).from('testimonials').select('client_name').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
  });

  it('reads the rows a Range header asks for, with Content-Range and, when counted, the total and 206, as PostgREST does', async () => {
    const read = (headers: Record<string, string>, query = '') =>
      fetch(`${api}/rest/v1/testimonials?select=client_name&order=created_at.asc${query}`, { headers: { apikey: keys.anon, ...headers } });
    const ranged = await read({ Range: '1-2' });
    expect([ranged.status, ranged.headers.get('content-range'), ((await ranged.json()) as unknown[]).length]).toEqual([200, '1-2/*', 2]);
    const counted = await read({ Range: '0-1', Prefer: 'count=exact' });
    expect([counted.status, counted.headers.get('content-range')]).toEqual([206, '0-1/4']);
    const whole = await read({ Prefer: 'count=exact' });
    expect([whole.status, whole.headers.get('content-range')]).toEqual([200, '0-3/4']);
    // supabase-js's range() sends offset and limit; the count comes back the same way.
    const viaClient = await client(keys.anon).from('testimonials').select('client_name', { count: 'exact' }).order('created_at').range(2, 3);
    expect([viaClient.status, viaClient.count, viaClient.data?.length]).toEqual([206, 4, 2]);
    const beyond = await read({ Prefer: 'count=exact' }, '&offset=10');
    expect([beyond.status, ((await beyond.json()) as { code: string }).code]).toEqual([416, 'PGRST103']);
  });

  it("returns at most config.toml's max_rows from a table or a function, whatever the request asks for", async () => {
    await db.exec(`begin; set local role hosted_postgres;
      create function public.many_rows() returns setof int language sql as $$ select generate_series(1, 1500) $$;
      commit;`);
    // What NOTIFY pgrst, 'reload schema' does for PostgREST after DDL.
    reloadSchemaCache(db);
    try {
      const rpc = await client(keys.anon).rpc('many_rows');
      expect([rpc.status, (rpc.data as number[]).length, (rpc.data as number[]).at(-1)]).toEqual([200, 1000, 1000]);
      await db.exec(`insert into public.testimonials (client_name, title, content) select 'Bulk ' || i, 'Reader', 'Kind words.' from generate_series(1, 1000) i`);
      const all = await fetch(`${api}/rest/v1/testimonials?select=client_name&limit=5000`, { headers: { apikey: keys.anon } });
      expect([all.status, all.headers.get('content-range'), ((await all.json()) as unknown[]).length]).toEqual([200, '0-999/*', 1000]);
    } finally {
      await db.exec(`drop function public.many_rows(); delete from public.testimonials where client_name like 'Bulk %';`);
      reloadSchemaCache(db);
    }
  });

  it('takes a JSON array for an array argument, as PostgREST does', async () => {
    await db.exec(`begin; set local role hosted_postgres;
      create function public.joined(p_words text[], p_numbers integer[] default null) returns text language sql as $$ select array_to_string(p_words, '+') || coalesce(':' || array_length(p_numbers, 1), '') $$;
      commit;`);
    reloadSchemaCache(db);
    try {
      expect((await client(keys.anon).rpc('joined', { p_words: ['a', 'b c', 'd"e'] })).data).toBe('a+b c+d"e');
      expect((await client(keys.anon).rpc('joined', { p_words: [], p_numbers: [1, 2, 3] })).data).toBe(':3');
      // An element of the wrong type is the caller's mistake: 400, not 500.
      expect((await client(keys.anon).rpc('joined', { p_words: ['a'], p_numbers: ['x'] })).status).toBe(400);
      // A function returning void answers 204 with no body, as PostgREST does.
      const counted = await fetch(`${api}/rest/v1/rpc/record_form_step`, { method: 'POST', headers: { apikey: keys.anon, 'Content-Type': 'application/json' }, body: JSON.stringify({ p_form: 'assessment', p_step: 'sent' }) });
      expect([counted.status, await counted.text()]).toEqual([204, '']);
    } finally {
      await db.exec('drop function public.joined(text[], integer[]);');
      reloadSchemaCache(db);
    }
  });

  it('leaves an idle connection for its client to close, so a request after a pause is never sent into one being closed', async () => {
    // Node's fetch closes its idle connection after 4 s (5 s, as the server said, less 1), on a timer that
    // runs late on a busy process (a test mining a proof of work): the server must not close it at 5 s.
    const socket = connect(gateway.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    let closed = false;
    socket.on('close', () => (closed = true));
    const request = `GET /rest/v1/testimonials?select=id HTTP/1.1\r\nHost: localhost\r\napikey: ${keys.anon}\r\nAuthorization: Bearer ${keys.anon}\r\n\r\n`;
    const answers = () => received.match(/^HTTP\/1\.1 200/gm)?.length ?? 0;
    socket.write(request);
    await expect.poll(answers).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(closed).toBe(false);
    socket.write(request);
    await expect.poll(answers).toBe(2);
    socket.destroy();
  }, 15_000);

  it('saves a contact inquiry as a visitor (201, nothing returned) and keeps it unreadable', async () => {
    const saved = await client(keys.anon).from('contact_submissions').insert(contact);
    expect(saved.error).toBeNull();
    expect(saved.status).toBe(201);
    const read = await client(keys.anon).from('contact_submissions').select('*');
    expect(read.status).toBe(401);
    expect(read.error?.code).toBe('42501');
    const returning = await client(keys.anon).from('contact_submissions').insert(contact).select();
    expect(returning.status).toBe(401);
    expect(returning.error?.code).toBe('42501');
    const staff = await client(keys.serviceRole).from('contact_submissions').select('name');
    expect(staff.data).toEqual([{ name: 'Ana Ruiz' }]);
  });

  it('deletes with filters as staff, and refuses visitors (no delete grant)', async () => {
    const visitor = await client(keys.anon).from('contact_submissions').delete().eq('name', 'Ana Ruiz');
    expect(visitor.error?.code).toBe('42501');
    const staff = client(keys.serviceRole);
    await staff.from('contact_submissions').insert({ ...contact, name: 'To Remove' });
    const removed = await staff.from('contact_submissions').delete().eq('name', 'To Remove').select('name');
    expect(removed.status).toBe(200);
    expect(removed.data).toEqual([{ name: 'To Remove' }]);
    const quiet = await staff.from('contact_submissions').delete().eq('name', 'nobody');
    expect(quiet.status).toBe(204);
    expect((await staff.from('contact_submissions').select('name')).data).toEqual([{ name: 'Ana Ruiz' }]);
  });

  it('answers with PostgREST error codes and statuses', async () => {
    const anon = client(keys.anon);
    const invalid = await anon.from('contact_submissions').insert({ ...contact, email: 'not-an-email' });
    expect([invalid.status, invalid.error?.code]).toEqual([400, '23514']);
    const missing = await anon.from('contact_submissions').insert({ name: 'A', email: 'a@b.co', subject: 'Other' });
    expect([missing.status, missing.error?.code]).toEqual([400, '23502']);
    const unknownColumn = await anon.from('contact_submissions').insert({ ...contact, is_admin: true });
    expect([unknownColumn.status, unknownColumn.error?.code]).toEqual([400, 'PGRST204']);
    const unknownTable = await anon.from('no_such_table').select('*');
    expect([unknownTable.status, unknownTable.error?.code]).toEqual([404, 'PGRST205']);
    const badOrder = await fetch(`${api}/rest/v1/testimonials?order=created_at.sideways`, { headers: { apikey: keys.anon } });
    expect([badOrder.status, (await badOrder.json()).code]).toEqual([400, 'PGRST100']);
    const badJson = await fetch(`${api}/rest/v1/contact_submissions`, { method: 'POST', headers: { apikey: keys.anon, 'Content-Type': 'application/json' }, body: '{"name":' });
    expect([badJson.status, (await badJson.json()).code]).toEqual([400, 'PGRST102']);
    const forged = await fetch(`${api}/rest/v1/testimonials`, { headers: { apikey: keys.anon, Authorization: `Bearer ${keys.anon.slice(0, -4)}AAAA` } });
    expect([forged.status, (await forged.json()).code]).toEqual([401, 'PGRST301']);
    // Hosted Supabase runs pg-safeupdate: even the service role must say which rows it updates or deletes.
    const staffKey = client(keys.serviceRole);
    const deleteAll = await staffKey.from('testimonials').delete();
    expect([deleteAll.status, deleteAll.error?.code, deleteAll.error?.message]).toEqual([400, '21000', 'DELETE requires a WHERE clause']);
    const updateAll = await staffKey.from('testimonials').update({ title: 'x' });
    expect([updateAll.status, updateAll.error?.code, updateAll.error?.message]).toEqual([400, '21000', 'UPDATE requires a WHERE clause']);
    expect((await staffKey.from('testimonials').select('*')).data).toHaveLength(4);
    const keyless = await fetch(`${api}/rest/v1/testimonials`);
    expect([keyless.status, (await keyless.json()).message]).toEqual([401, 'No API key found in request']);
  });

  it("serves each request under its role's statement timeout, as PostgREST does: 3 s anon, 8 s authenticated, none for the service role", async () => {
    await db.exec(`begin; set local role hosted_postgres;
      create function public.request_timeout() returns text language sql as $$ select current_setting('statement_timeout') $$;
      -- Far longer than the anon timeout on a server, so that a cancelled call cannot be mistaken for a slow
      -- machine; PGlite cannot cancel, so there it sleeps just past the timeout.
      create function public.slow_request() returns int language sql as $$ select 1 from pg_sleep(${engine === 'postgres' ? 20 : 3.5}) $$;
      commit;`);
    reloadSchemaCache(db);
    try {
      expect((await client(keys.anon).rpc('request_timeout')).data).toBe('3s');
      const member = await new SignJWT({ role: 'authenticated', sub: '00000000-0000-4000-8000-000000000001' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(signingKey);
      expect((await client(member).rpc('request_timeout')).data).toBe('8s');
      expect((await client(keys.serviceRole).rpc('request_timeout')).data).toBe('0');
      const started = Date.now();
      const slow = await client(keys.anon).rpc('slow_request');
      if (engine === 'postgres') {
        // Cancelled at 3 s and answered as PostgREST answers SQLSTATE 57014.
        expect([slow.status, slow.error?.code, slow.error?.message]).toEqual([500, '57014', 'canceling statement due to statement timeout']);
        // At the anon timeout, well before the authenticated one or the sleep's end: slack for a busy CI machine.
        expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
        expect(Date.now() - started).toBeLessThan(8000);
      } else {
        // PGlite is single-threaded WebAssembly: it accepts the timeout but cannot interrupt a statement (decision 018).
        expect([slow.status, slow.data]).toEqual([200, 1]);
      }
    } finally {
      await db.exec('drop function public.request_timeout(); drop function public.slow_request();');
    }
  });

  it('cannot be talked into running SQL through names, filters or bodies, and refuses huge bodies', async () => {
    const anon = client(keys.anon);
    const viaSelect = await anon.from('testimonials').select('content; drop table public.testimonials; --');
    expect(viaSelect.status).toBe(400);
    const viaFilter = await anon.from('testimonials').select('*').eq('client_name', "x' or '1'='1");
    expect(viaFilter.data).toEqual([]);
    const viaTable = await fetch(`${api}/rest/v1/${encodeURIComponent('testimonials; drop table x')}`, { headers: { apikey: keys.anon } });
    expect(viaTable.status).toBe(404);
    const viaValue = await anon.from('contact_submissions').insert({ ...contact, message: "'); drop table public.testimonials; --" });
    expect(viaValue.status).toBe(201);
    const huge = await anon.from('contact_submissions').insert({ ...contact, message: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const wrongType = await anon.from('assessment_responses').insert({ team_size: 'many' });
    expect(wrongType.status).toBe(400);
    const still = await anon.from('testimonials').select('id');
    expect(still.data).toHaveLength(4);
  });

  // Last: it uses up this address's hourly cap for the contact form.
  it('counts submissions against the address that connected, whatever X-Forwarded-For or CF-Connecting-IP the caller sends', async () => {
    const forging = (i: number) =>
      createClient(api, keys.anon, {
        realtime: { transport: WebSocket as never },
        auth: { persistSession: false, autoRefreshToken: false },
        global: { headers: { 'X-Forwarded-For': `203.0.113.${i}, 198.51.100.${i}`, 'CF-Connecting-IP': `192.0.2.${i}` } },
      });
    const first = await forging(1).from('contact_submissions').insert({ ...contact, email: 'forger1@example.org' });
    expect(first.error).toBeNull();
    const { rows } = await db.query<{ client_address: string }>(`select client_address from public.form_notifications order by created_at desc limit 1`);
    expect(rows).toEqual([{ client_address: '127.0.0.1' }]);
    // A new forged address on every request does not make a new network: the per-network cap (30 an hour) still ends it.
    let refused: { code?: string; message: string } | null = null;
    for (let i = 2; i <= 32 && !refused; i++) refused = (await forging(i).from('contact_submissions').insert({ ...contact, email: `forger${i}@example.org` })).error;
    expect(refused).toMatchObject({ code: 'P0001' });
  });
});
