/**
 * The hostile corpus: what an attacker with the public anon key and curl sends to REST, auth and the
 * function. Built from combinations, so it grows with the tables and the forms. Every request must get
 * a 4xx (or 2xx where it is a legitimate call) as JSON, never a 5xx, never a dropped connection.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { signingKey } from '../../supabase/local/keys.ts';

export interface HostileRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Values that break naive servers: wrong types, huge and Unicode-edge strings, NUL, prototype keys. */
const NASTY_VALUES: unknown[] = [
  null, 0, -1, 1e308, true, [], {}, [1, 2], { nested: { deep: true } },
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202e\u202d', '😀'.repeat(1000), 'x'.repeat(100_000),
  "' or '1'='1", '"; drop table contact_submissions; --', '${jndi:ldap://x}', '<script>alert(1)</script>', '../../etc/passwd',
];

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

export async function hostileCorpus(keys: { anon: string; serviceRole: string }, forms: Record<string, { table: string; valid: Record<string, unknown>; formType: string }>): Promise<HostileRequest[]> {
  const json = { 'Content-Type': 'application/json' };
  const anon = { ...json, apikey: keys.anon, Authorization: `Bearer ${keys.anon}` };
  const noneAlg = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ role: 'service_role', sub: randomUUID() })}.`;
  const forgedHs = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ role: 'service_role' })}.${'A'.repeat(43)}`;
  const badSub = await new SignJWT({ sub: 'not-a-uuid', role: 'authenticated', session_id: 'x' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
  const expired = await new SignJWT({ sub: randomUUID(), role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(Math.floor(Date.now() / 1000) - 60).sign(signingKey);
  const unknownRole = await new SignJWT({ role: 'postgres' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
  const requests: HostileRequest[] = [];
  const add = (label: string, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    requests.push({ label, method, path, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });

  for (const [name, form] of Object.entries(forms)) {
    const rest = `/rest/v1/${form.table}`;
    // Every field, every nasty value.
    for (const field of Object.keys(form.valid)) {
      for (const value of NASTY_VALUES) add(`${name}.${field} = ${String(JSON.stringify(value)).slice(0, 20)}`, 'POST', rest, anon, { ...form.valid, [field]: value });
    }
    for (const key of PROTOTYPE_KEYS) add(`${name} with key ${key}`, 'POST', rest, anon, `{"name":"x","${key}":{"polluted":true}}`);
    add(`${name} {}`, 'POST', rest, anon, {});
    add(`${name} []`, 'POST', rest, anon, []);
    add(`${name} not JSON`, 'POST', rest, anon, '{"name": ');
    add(`${name} bulk 12,500`, 'POST', rest, anon, Array.from({ length: 12_500 }, () => form.valid));
    add(`${name} bulk 2`, 'POST', rest, anon, [form.valid, form.valid]);
    add(`${name} created_at 9999`, 'POST', rest, anon, { ...form.valid, created_at: '9999-01-01T00:00:00Z' });
    add(`${name} unknown column`, 'POST', rest, anon, { ...form.valid, is_admin: true });
    add(`${name} 70k bind parameters`, 'POST', rest, anon, Array.from({ length: 5000 }, () => ({ ...form.valid })));
    for (const filter of ['email=eq.%27%20or%201%3D1--', 'id=in.(1,2)', 'or=(id.eq.1,id.neq.1)', 'select=pg_sleep(5)', 'select=*,auth.users(*)', 'order=id;drop%20table%20x', 'limit=-1', 'offset=abc', 'id=like.*', 'id=eq.', 'select=', 'created_at=gt.now()']) {
      add(`${name} read ?${filter}`, 'GET', `${rest}?${filter}`, anon);
    }
    add(`${name} DELETE everything`, 'DELETE', rest, anon);
    add(`${name} PATCH everything`, 'PATCH', `${rest}?id=neq.00000000-0000-0000-0000-000000000000`, anon, { name: 'owned' });
    add(`${name} none-alg JWT`, 'POST', rest, { ...json, apikey: keys.anon, Authorization: `Bearer ${noneAlg}` }, form.valid);
    add(`${name} forged HS256`, 'GET', rest, { ...json, apikey: keys.anon, Authorization: `Bearer ${forgedHs}` });
    add(`${name} JWT role postgres`, 'GET', rest, { ...json, apikey: keys.anon, Authorization: `Bearer ${unknownRole}` });
    add(`${name} expired JWT`, 'GET', rest, { ...json, apikey: keys.anon, Authorization: `Bearer ${expired}` });
    add(`${name} sub not a UUID`, 'GET', rest, { ...json, apikey: keys.anon, Authorization: `Bearer ${badSub}` });
    add(`${name} no key`, 'POST', rest, json, form.valid);

    // The function: forged, unsaved and malformed calls.
    const fn = '/functions/v1/send-form-notification';
    for (const formType of [form.formType, 'constructor', 'toString', '__proto__', '', 'x'.repeat(10_000)]) {
      add(`fn formType ${formType.slice(0, 12)}`, 'POST', fn, anon, { payload: { id: randomUUID(), ...form.valid }, formType });
    }
    for (const payload of [null, [], 'text', { id: 'not-a-uuid' }, { id: "' or 1=1" }, { id: 42 }, { ...form.valid }]) add(`fn payload ${JSON.stringify(payload)?.slice(0, 20)}`, 'POST', fn, anon, { payload, formType: form.formType });
  }
  const fn = '/functions/v1/send-form-notification';
  add('fn sweep with anon', 'POST', fn, anon, { sweep: true });
  add('fn sweep none-alg', 'POST', fn, { ...json, Authorization: `Bearer ${noneAlg}` }, { sweep: true });
  add('fn no auth', 'POST', fn, json, { payload: { id: randomUUID() }, formType: 'Contact Inquiry' });
  add('fn forged HS256', 'POST', fn, { ...json, Authorization: `Bearer ${forgedHs}` }, { payload: { id: randomUUID() }, formType: 'Contact Inquiry' });
  add('fn 1 MB', 'POST', fn, anon, { payload: { id: randomUUID(), message: 'x'.repeat(1024 * 1024) }, formType: 'Contact Inquiry' });
  add('fn GET', 'GET', fn, anon);
  add('fn not JSON', 'POST', fn, anon, '{"payload"');

  // Auth.
  const signup = (body: unknown, label: string) => add(`signup ${label}`, 'POST', '/auth/v1/signup', anon, body);
  for (const value of NASTY_VALUES) {
    signup({ email: value, password: 'correct horse 1' }, `email ${String(JSON.stringify(value)).slice(0, 16)}`);
    signup({ email: `${randomUUID()}@example.org`, password: value }, `password ${String(JSON.stringify(value)).slice(0, 16)}`);
    signup({ email: `${randomUUID()}@example.org`, password: 'correct horse 1', data: { name: value, company: value } }, `metadata ${String(JSON.stringify(value)).slice(0, 16)}`);
  }
  signup({ email: 'nul\u0000@example.org', password: 'correct horse 1' }, 'NUL email');
  signup({ email: `${randomUUID()}@example.org`, password: 'correct\u0000horse' }, 'NUL password');
  // Written as text: JSON.stringify itself runs out of stack on the deepest.
  for (const depth of [100, 1000, 5000]) {
    const nested = `${'{"deeper":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
    signup(`{"email":"${randomUUID()}@example.org","password":"correct horse 1","data":{"name":"Nested","nested":${nested}}}`, `metadata nested ${depth} deep`);
  }
  for (const body of [{ email: 'nul\u0000@example.org', password: 'correct horse 1' }, { email: 'a@example.org', password: 'correct\u0000horse' }, { email: '\u0000', password: '\u0000' }]) {
    add('token password with NUL', 'POST', '/auth/v1/token?grant_type=password', anon, body);
  }
  add('token refresh with NUL', 'POST', '/auth/v1/token?grant_type=refresh_token', anon, { refresh_token: 'abcdefghijkl\u0000mnop' });
  add('recover with NUL', 'POST', '/auth/v1/recover', anon, { email: 'a\u0000@example.org' });
  for (const key of PROTOTYPE_KEYS) add(`signup key ${key}`, 'POST', '/auth/v1/signup', anon, `{"email":"a@example.org","password":"correct horse 1","${key}":{"x":1},"data":{"${key}":1}}`);
  for (const grant of ['password', 'refresh_token', 'client_credentials', 'id_token', '', '__proto__']) {
    for (const body of [{}, { email: "' or 1=1 --", password: 'x' }, { refresh_token: 'x'.repeat(10_000) }, { email: ['a'], password: { $ne: null } }]) add(`token ${grant}`, 'POST', `/auth/v1/token?grant_type=${grant}`, anon, body);
  }
  for (const token of [noneAlg, forgedHs, badSub, expired, unknownRole, 'x', '']) {
    add('user with bad token', 'GET', '/auth/v1/user', { ...anon, Authorization: `Bearer ${token}` });
    add('update user with bad token', 'PUT', '/auth/v1/user', { ...anon, Authorization: `Bearer ${token}` }, { password: 'new password 1' });
    add('logout with bad token', 'POST', '/auth/v1/logout', { ...anon, Authorization: `Bearer ${token}` });
  }
  for (const query of ['', 'type=signup', 'type=recovery&token=x', 'type=__proto__&token=x', `type=signup&token=${'x'.repeat(5000)}`, 'type=signup&token=x&redirect_to=javascript:alert(1)', 'type=signup&token=x&redirect_to=%ZZ']) {
    add(`verify ${query.slice(0, 30)}`, 'GET', `/auth/v1/verify?${query}`, {});
  }
  for (const body of [{}, { email: 42 }, { email: 'nul\u0000@x.org' }, { email: ['a@b.c'] }, '{"email"']) add('recover', 'POST', '/auth/v1/recover', anon, body);

  // Paths and targets no server should die of.
  for (const path of ['/rest/v1/%E0%A4%A', '/rest/v1/%ZZ', '/rest/v1/contact%', '//a:99999/', '//[', '/rest/v1/', '/rest/v1/rpc/claim_form_notifications', '/rest/v1/rpc/%00', '/auth/v1/%ZZ', '/functions/v1/%ZZ', '/functions/v1/../../etc/passwd', '/' + 'a'.repeat(10_000), '/rest/v1/pg_catalog.pg_authid', '/rest/v1/auth.users', '/rest/v1/form_notifications']) {
    add(`path ${path.slice(0, 30)}`, 'GET', path, anon);
    add(`path ${path.slice(0, 30)} (no key)`, 'POST', path, json, '{}');
  }
  // Storage (decision 046): uploads by anyone but the service role, names that try to escape, signing
  // with nonsense, downloads with forged or foreign tokens.
  const member = await new SignJWT({ sub: randomUUID(), role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
  const foreignToken = await new SignJWT({ url: 'member-resources/board-self-assessment.md', scope: 'download' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(signingKey);
  for (const [who, token] of [['anon', keys.anon], ['member', member], ['none alg', noneAlg], ['forged', forgedHs], ['unknown role', unknownRole], ['expired', expired]] as const) {
    for (const name of ['board-self-assessment.md', '../../etc/passwd', '%2e%2e/x.md', '%00.md', 'a//b.md', 'x'.repeat(2000)]) {
      add(`storage upload ${who} ${name.slice(0, 20)}`, 'POST', `/storage/v1/object/member-resources/${name}`, { Authorization: `Bearer ${token}`, 'Content-Type': 'text/markdown', 'x-upsert': 'true' }, '# replaced');
    }
    add(`storage sign ${who}`, 'POST', '/storage/v1/object/sign/course-materials/strategic-leadership/decision-log.csv', { ...json, Authorization: `Bearer ${token}` }, { expiresIn: 60 });
  }
  for (const value of NASTY_VALUES.slice(0, 12)) {
    add('storage sign nasty expiresIn', 'POST', '/storage/v1/object/sign/member-resources/board-self-assessment.md', { ...json, Authorization: `Bearer ${member}` }, { expiresIn: value });
    add('storage sign many nasty paths', 'POST', '/storage/v1/object/sign/member-resources', { ...json, Authorization: `Bearer ${member}` }, { expiresIn: 60, paths: value });
  }
  for (const token of ['', 'x', noneAlg, forgedHs, expired, foreignToken, 'a'.repeat(10_000)]) {
    add('storage download with a bad token', 'GET', `/storage/v1/object/sign/course-materials/strategic-leadership/decision-log.csv?token=${encodeURIComponent(token)}`, {});
  }
  add('storage sign, body not JSON', 'POST', '/storage/v1/object/sign/member-resources/x.md', { ...json, Authorization: `Bearer ${member}` }, '{"expiresIn"');
  add('rpc claim as anon', 'POST', '/rest/v1/rpc/claim_form_notifications', anon, { p_limit: 100 });
  add('rpc finish as anon', 'POST', '/rest/v1/rpc/finish_form_notification', anon, { p_id: randomUUID() });
  add('rpc form_text', 'POST', '/rest/v1/rpc/form_text', anon, { value: '\u0000' });
  // The funnel's counter (decision 031): whatever a caller sends, it adds one within its caps or says no.
  for (const body of [
    { p_form: 'assessment', p_step: 0 },
    { p_form: 'assessment', p_step: 2 ** 31 },
    { p_form: 'assessment', p_step: 'two' },
    { p_form: 'assessment', p_step: 2, p_seconds: -1 },
    { p_form: 'assessment', p_step: 2, p_seconds: 2 ** 40 },
    { p_form: 'assessment\u0000', p_step: 1 },
    { p_form: 'x'.repeat(100_000), p_step: 1 },
    { p_form: ['assessment'], p_step: 1 },
    { p_form: null, p_step: null },
    { p_step: 1 },
    { p_form: 'assessment', p_step: 1, p_extra: 1 },
    { p_form: 'assessment', p_step: 'sent', p_from: 'x'.repeat(100_000), p_seconds: 5 },
    { p_form: 'assessment', p_step: 'no_such_step' },
    { p_form: 'assessment', p_step: ['sent'] },
  ]) {
    add('rpc record_form_step', 'POST', '/rest/v1/rpc/record_form_step', anon, body);
  }
  add('rpc staff funnel as anon', 'POST', '/rest/v1/rpc/staff_overview_funnel', anon, { p_form: 'assessment' });
  add('rpc staff answers as anon', 'POST', '/rest/v1/rpc/staff_overview_answers', anon, { p_form: 'contact', p_fields: ['subject', 'x"; drop table y; --'] });
  return requests;
}
