/**
 * `npm run test:reliability`: the local stack as an attacker, an unlucky visitor and a crash would try
 * it, on a stack of its own (PGlite in a scratch folder, free ports), ending with one table of figures
 * that must all be 0. Takes a few minutes (the outage waits for the real 30-second sweep), so it is not
 * part of `npm test`; `.ci/run` runs it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../../supabase/local/free-port.ts';
import { localKeys } from '../../supabase/local/keys.ts';
import type { FormDefinition } from '../../src/components/forms/form-definition.ts';
import { publicForms } from '../support/declared-forms.ts';
import { sampleAnswers } from '../support/sample-answers.ts';
import { hostileCorpus } from './corpus.ts';
import { isStamp, mineStamp } from '../../form-model/stamp.ts';
import { choosePassword, followLink } from '../support/email-links.ts';
import { send, withKey, type Answer } from '../support/raw-http.ts';
import { AUTH_SUBJECTS } from '../support/email-links';
import { courses, memberBuckets, memberResources } from '../../site.config.ts';

const root = join(import.meta.dirname, '..', '..');
const scratch = join(root, 'test-results', 'scratch');
const keys = await localKeys();

const figures = {
  'requests tried': 0,
  '5xx answers or SQL error texts': 0,
  'servers stopped': 0,
  'rows stored that break their schema': 0,
  'rows leaked': 0,
  'files readable by the wrong people': 0,
  'emails about unsaved submissions': 0,
  'notifications lost': 0,
  'acknowledged rows lost': 0,
  'processes orphaned': 0,
  'second starts on a folder in use': 0,
  'visitors locked out': 0,
  'answers to a foreign Host': 0,
  'rows saved without proof of work': 0,
  'endless bodies read to the end': 0,
  "funnel steps counted past one address's cap": 0,
};
const findings: string[] = [];
const finding = (figure: keyof typeof figures, what: string, count = 1) => {
  figures[figure] += count;
  if (count) findings.push(`${figure}: ${what}`);
};

interface Stack {
  process: ChildProcess;
  apiUrl: string;
  inboxUrl: string;
}

/** Every form visitors send, from schemas/forms.json: a new form is attacked too, without an edit here. */
const FORMS: Record<string, { form: FormDefinition; table: string; formType: string; replyTo: string; copyToSender: boolean }> = Object.fromEntries(
  publicForms.map((f) => [f.name, { form: f.definition, table: f.table, formType: f.entry.notification.formType, replyTo: f.replyTo, copyToSender: Boolean(f.entry.notification.copyToSender) }]),
);
let unique = 0;
const answers = (name: keyof typeof FORMS, address = `visitor${++unique}.${Date.now()}@example.org`) =>
  sampleAnswers(FORMS[name]!.form.schema, { [FORMS[name]!.replyTo]: address });

/** Starts a stack in its own process; resolves when it is ready or has refused to start. */
function startStack(dataDir: string, ports: number[], env: NodeJS.ProcessEnv = {}): Promise<Stack | { error: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'stack-process.ts'), dataDir, ...ports.map(String)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  return new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"'));
      if (!line) return;
      const info = JSON.parse(line) as { apiUrl?: string; inboxUrl?: string; error?: string };
      resolve(info.error ? { error: info.error, process: child } : { process: child, apiUrl: info.apiUrl!, inboxUrl: info.inboxUrl! });
    });
    child.once('exit', (code) => resolve({ error: `exited with ${code}`, process: child }));
  });
}

const isStack = (started: Stack | { error: string }): started is Stack => 'apiUrl' in started;
const childrenOf = (pid: number) =>
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout.split('\n').map((l) => Number(l.trim())).filter(Boolean);
/** Running, that is: a zombie (exited, not yet reaped by whoever inherited it) runs nothing. */
const alive = (pid: number) => {
  const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return state !== '' && !state.startsWith('Z');
};
const stopStack = (stack: Stack) =>
  new Promise<void>((resolve) => {
    if (stack.process.exitCode !== null) return resolve();
    stack.process.once('exit', () => resolve());
    stack.process.kill('SIGTERM');
  });

async function serversUp(stack: Stack, when: string) {
  const api = await send(stack.apiUrl, 'GET', '/auth/v1/health', { headers: withKey(keys.anon) });
  const inbox = await send(stack.inboxUrl, 'GET', '/api/v1/messages');
  if (api.status !== 200) finding('servers stopped', `the API after ${when}`);
  if (inbox.status !== 200) finding('servers stopped', `the inbox after ${when}`);
}

async function inboxMessages(stack: Stack): Promise<{ subject: string; to: string[]; replyTo?: string; text?: string }[]> {
  const listed = JSON.parse((await send(stack.inboxUrl, 'GET', '/api/v1/messages')).body) as { messages: { id: string; subject: string; to: string[]; replyTo?: string }[] };
  return listed.messages;
}

/** Runs tasks with at most `width` at a time. */
async function pool<T>(items: T[], width: number, run: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: width }, async () => {
    while (queue.length) await run(queue.shift()!);
  }));
}

const serverFault = (answer: Answer) => answer.status === 0 || answer.status >= 500 || /syntax error|at or near|stack trace|at \w+ \(/i.test(answer.body);

async function hostile(stack: Stack) {
  const corpus = await hostileCorpus(keys, Object.fromEntries(Object.entries(FORMS).map(([name, f]) => [name, { table: f.table, formType: f.formType, valid: answers(name) }])));
  const statuses = new Map<number, number>();
  await pool(corpus, 8, async (request) => {
    const answer = await send(stack.apiUrl, request.method, request.path, { headers: request.headers, body: request.body, from: '127.0.0.5' });
    figures['requests tried']++;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (serverFault(answer)) finding('5xx answers or SQL error texts', `${request.label}: ${answer.status} ${answer.body.slice(0, 120)}`);
  });
  findings.push(`(hostile corpus: ${corpus.length} requests; answers ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(', ')})`);
  await serversUp(stack, 'the hostile corpus');
}

/**
 * DNS rebinding: a page on attacker.example that resolves its name to 127.0.0.1 reaches the local servers
 * with its own Host. The inbox (sign-in links) and the API must refuse it; localhost names still work.
 */
async function foreignHosts(stack: Stack) {
  const targets = [
    { base: stack.inboxUrl, path: '/api/v1/messages', headers: {} },
    { base: stack.apiUrl, path: '/auth/v1/health', headers: withKey(keys.anon) },
    { base: stack.apiUrl, path: `/rest/v1/${FORMS.contact!.table}?select=id`, headers: withKey(keys.serviceRole) },
  ];
  for (const { base, path, headers } of targets) {
    const port = new URL(base).port;
    for (const host of ['attacker.example', `attacker.example:${port}`, `localhost.attacker.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const answer = await send(base, 'GET', path, { headers: { ...headers, Host: host } });
      if (answer.status !== 403) finding('answers to a foreign Host', `${base}${path} with Host ${host}: ${answer.status}`);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      const answer = await send(base, 'GET', path, { headers: { ...headers, Host: host } });
      if (answer.status !== 200) finding('visitors locked out', `${base}${path} with Host ${host}: ${answer.status}`);
    }
  }
}

async function functionAbuse(stack: Stack) {
  const before = (await inboxMessages(stack)).length;
  const calls = Array.from({ length: 1000 }, (_, i) => ({ payload: { id: crypto.randomUUID(), ...answers('contact', `spam${i}@evil.example`) }, formType: FORMS.contact!.formType }));
  await pool(calls, 20, async (body) => {
    const answer = await send(stack.apiUrl, 'POST', '/functions/v1/send-form-notification', { headers: withKey(keys.anon), body: JSON.stringify(body), from: '127.0.0.6' });
    figures['requests tried']++;
    if (serverFault(answer)) finding('5xx answers or SQL error texts', `function call for an unsaved id: ${answer.status}`);
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const sent = (await inboxMessages(stack)).length - before;
  if (sent) finding('emails about unsaved submissions', `${sent} of 1,000 calls for ids that were never saved sent an email`, sent);

  // A body that never ends (the probe sent 600 MB, and the function grew to 680 MB before answering 500):
  // it must be refused once it passes the function's limit, long before the client stops sending.
  const endless = await endlessBody(`${stack.apiUrl}/functions/v1/send-form-notification`, withKey(keys.anon), 600 * 1024 ** 2);
  figures['requests tried']++;
  if (endless.status !== 413) finding('endless bodies read to the end', `a ${(endless.sentBytes / 1024 ** 2).toFixed(0)} MB body to the function answered ${endless.status || 'nothing (connection dropped)'}, not 413`);
  else findings.push(`(a body that never ends: 413 after ${(endless.sentBytes / 1024 ** 2).toFixed(0)} MB sent, in ${endless.seconds.toFixed(1)} s)`);
}

/** Streams a JSON body of up to `most` bytes until the server answers; how much was sent by then. */
function endlessBody(url: string, headers: Record<string, string>, most: number): Promise<{ status: number; sentBytes: number; seconds: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    let sentBytes = 0;
    let answered = false;
    const done = (status: number) => {
      if (answered) return;
      answered = true;
      resolve({ status, sentBytes, seconds: (performance.now() - started) / 1000 });
      req.destroy();
    };
    const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' } }, (res) => (res.resume(), done(res.statusCode ?? 0)));
    req.on('error', () => done(0));
    const chunk = Buffer.alloc(1024 ** 2, 'a');
    const pump = () => {
      while (!answered && sentBytes < most) {
        sentBytes += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end('"}');
    };
    req.write('{"formType":"');
    pump();
  });
}

async function signUp(stack: Stack, email: string, password: string, from: string, data: Record<string, unknown>) {
  return send(stack.apiUrl, 'POST', '/auth/v1/signup', { headers: withKey(keys.anon), body: JSON.stringify({ email, password, data }), from });
}

/** Follows the confirmation link mailed to `email`; the fragment it sends the browser back with (its session). */
async function followSignUpLink(stack: Stack, email: string): Promise<URLSearchParams | null> {
  for (let i = 0; i < 20; i++) {
    const listed = JSON.parse((await send(stack.inboxUrl, 'GET', '/api/v1/messages')).body) as { messages: { to: string[]; subject: string; text: string }[] };
    const message = listed.messages.find((m) => m.to.includes(email) && m.subject === AUTH_SUBJECTS.signup);
    if (message) {
      const link = new URL(message.text.match(/https?:\/\/\S+/)![0]);
      return followLink(`${stack.apiUrl}${link.pathname}${link.search}`).catch(() => null);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** Follows the confirmation link, then chooses the password, as the site asks (confirming clears the sign-up's; decision 021). */
async function confirm(stack: Stack, email: string, password: string): Promise<string | null> {
  const fragment = await followSignUpLink(stack, email);
  if (!fragment) return null;
  return choosePassword(stack.apiUrl, keys.anon, fragment, password).then(() => 'confirmed', () => null);
}

async function signIn(stack: Stack, email: string, password: string, from: string): Promise<Answer> {
  return send(stack.apiUrl, 'POST', '/auth/v1/token?grant_type=password', { headers: withKey(keys.anon), body: JSON.stringify({ email, password }), from });
}

const profile = (name: string) => ({ name, company: `${name} Org`, title: 'Director', phone: '555-0100', city: 'Austin', state: 'TX', zip: '78701' });

async function privacyAndLockouts(stack: Stack) {
  const people = ['ana', 'ben'].map((name) => ({ name, email: `${name}.${Date.now()}@example.org`, password: `${name} correct horse 1` }));
  const tokens: string[] = [];
  for (const [i, person] of people.entries()) {
    await signUp(stack, person.email, person.password, `127.0.0.${10 + i}`, profile(person.name));
    if (!(await confirm(stack, person.email, person.password))) finding('visitors locked out', `${person.name} could not confirm the sign-up`);
    const signedIn = await signIn(stack, person.email, person.password, `127.0.0.${10 + i}`);
    tokens.push((JSON.parse(signedIn.body) as { access_token?: string }).access_token ?? '');
  }
  // Each sends every form while signed in; their account page's read (my_submissions) gives each only
  // their own, and a visitor nothing.
  for (const [i, token] of tokens.entries()) {
    for (const [name, { table }] of Object.entries(FORMS)) {
      const body = JSON.stringify({ id: mineStamp(table), ...answers(name, people[i]!.email) });
      await send(stack.apiUrl, 'POST', `/rest/v1/${table}`, { headers: { ...withKey(keys.anon), Authorization: `Bearer ${token}` }, body, from: `127.0.6.${i + 1}` });
    }
  }
  const mineAsAnon = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/my_submissions', { headers: withKey(keys.anon), body: '{}' });
  if (mineAsAnon.status === 200 && (JSON.parse(mineAsAnon.body) as unknown[]).length) finding('rows leaked', `anon read ${(JSON.parse(mineAsAnon.body) as unknown[]).length} submission(s) through my_submissions`);
  for (const [i, token] of tokens.entries()) {
    const mine = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/my_submissions', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${token}` }, body: '{}' });
    const listed = mine.status === 200 ? (JSON.parse(mine.body) as { form: string; answers: Record<string, unknown> }[]) : [];
    const others = listed.filter(({ form, answers: sent }) => sent?.[FORMS[form]!.replyTo] !== people[i]!.email).length;
    if (others) finding('rows leaked', `${people[i]!.name} read ${others} submission(s) through my_submissions that are not theirs`, others);
    if (listed.length !== Object.keys(FORMS).length) finding('visitors locked out', `${people[i]!.name}'s account lists ${listed.length} of the ${Object.keys(FORMS).length} submissions they sent (${mine.status})`);
  }
  figures['requests tried'] += 1 + tokens.length * (1 + Object.keys(FORMS).length);
  // Anonymous reads of everything visitors wrote, and each person's reads of the other's data.
  for (const table of [...Object.values(FORMS).map((f) => f.table), 'clients', 'form_notifications']) {
    const asAnon = await send(stack.apiUrl, 'GET', `/rest/v1/${table}?select=*`, { headers: withKey(keys.anon) });
    const rows = asAnon.status === 200 ? (JSON.parse(asAnon.body) as unknown[]).length : 0;
    if (rows) finding('rows leaked', `anon read ${rows} row(s) of ${table}`, rows);
    for (const [i, token] of tokens.entries()) {
      const asUser = await send(stack.apiUrl, 'GET', `/rest/v1/${table}?select=*`, { headers: { ...withKey(keys.anon), Authorization: `Bearer ${token}` } });
      const seen = asUser.status === 200 ? (JSON.parse(asUser.body) as { email?: string }[]) : [];
      const others = seen.filter((row) => table !== 'clients' || row.email !== people[i]!.email).length;
      if (others) finding('rows leaked', `${people[i]!.name} read ${others} row(s) of ${table} that are not theirs`, others);
    }
    figures['requests tried'] += 1 + tokens.length;
  }
  // Strangers guessing Ana's password from many addresses, and junk sign-ups, must not lock anyone out.
  for (let i = 0; i < 29; i++) await signIn(stack, people[0]!.email, `wrong guess ${i}`, `127.0.1.${i + 1}`);
  for (let i = 0; i < 40; i++) await signIn(stack, people[0]!.email, `wrong guess ${i}`, '127.0.2.1');
  const owner = await signIn(stack, people[0]!.email, people[0]!.password, '127.0.3.1');
  if (owner.status !== 200) finding('visitors locked out', `Ana's correct password got ${owner.status} after strangers' guesses`);
  for (let i = 0; i < 30; i++) await signUp(stack, `junk${i}.${Date.now()}@example.org`, 'junk password 1', '127.0.4.1', profile('Junk'));
  const visitor = `carla.${Date.now()}@example.org`;
  const real = await signUp(stack, visitor, 'carla correct 1', '127.0.5.1', profile('Carla'));
  if (real.status !== 200) finding('visitors locked out', `a real sign-up after junk sign-ups got ${real.status} ${real.body.slice(0, 80)}`);
  const reset = await send(stack.apiUrl, 'POST', '/auth/v1/recover', { headers: withKey(keys.anon), body: JSON.stringify({ email: people[1]!.email }), from: '127.0.5.2' });
  if (reset.status !== 200) finding('visitors locked out', `a password reset after junk sign-ups got ${reset.status}`);
  figures['requests tried'] += 29 + 40 + 1 + 30 + 2;
  // Keeping what was sent signed out (decision 041): a submission from Ana's address, by its id, is
  // kept by Ana only; the public key and Ben, who knows the id but not the mailbox, keep nothing.
  const [form, { table }] = Object.entries(FORMS)[0]!;
  const visitorsId = mineStamp(table);
  await send(stack.apiUrl, 'POST', `/rest/v1/${table}`, { headers: withKey(keys.anon), body: JSON.stringify({ id: visitorsId, ...answers(form, people[0]!.email) }), from: '127.0.6.9' });
  const keep = (authorization: string) => send(stack.apiUrl, 'POST', '/rest/v1/rpc/keep_my_submission', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` }, body: JSON.stringify({ submission: visitorsId }) });
  for (const [who, authorization] of [['anon', keys.anon], [people[1]!.name, tokens[1]!]] as const) {
    const tried = await keep(authorization);
    if (tried.status === 200 && tried.body === 'true') finding('rows leaked', `${who} kept a submission sent from ${people[0]!.name}'s address`);
  }
  const kept = await keep(tokens[0]!);
  if (kept.body !== 'true') finding('visitors locked out', `${people[0]!.name} could not keep what she sent signed out: ${kept.status} ${kept.body.slice(0, 80)}`);
  figures['requests tried'] += 4;
  // The sign-up password kept by the browser that signed up (decision 043): a stranger signs up first with
  // Dora's address and a proof of a secret they hold; Dora opens the link. The stranger's secret gives the
  // password back to no one (the public key, Ben, or Dora's own session), and it opens nothing.
  const dora = `dora.${Date.now()}@example.org`;
  const strangerSecret = 'the stranger holds this secret';
  await signUp(stack, dora, 'stranger password 1', '127.0.7.1', { ...profile('Stranger'), sign_up_proof: createHash('sha256').update(strangerSecret).digest('hex') });
  const doraSession = (await followSignUpLink(stack, dora))?.get('access_token');
  if (!doraSession) finding('visitors locked out', 'Dora could not open her confirmation link');
  for (const [who, authorization] of [['anon', keys.anon], [people[1]!.name, tokens[1]!], ['Dora, who owns the address', doraSession ?? keys.anon]] as const) {
    const tried = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/keep_my_sign_up_password', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` }, body: JSON.stringify({ proof: 'a guess' }) });
    if (tried.body === 'true') finding('rows leaked', `${who} kept a sign-up password with a guessed secret`);
    if (who !== 'Dora, who owns the address') {
      const withSecret = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/keep_my_sign_up_password', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` }, body: JSON.stringify({ proof: strangerSecret }) });
      if (withSecret.body === 'true') finding('rows leaked', `${who} gave a password back with the stranger's secret`);
    }
  }
  if ((await signIn(stack, dora, 'stranger password 1', '127.0.7.2')).status === 200) finding('rows leaked', "the stranger's sign-up password opened Dora's confirmed account");
  figures['requests tried'] += 7;
  // The staff workspace's functions (decisions 044, 045), asked by the public key and by Ana, who is not
  // staff: no unread count, no staff addresses, no marks, no assignment.
  const someId = visitorsId;
  for (const [who, authorization] of [['anon', keys.anon], [people[0]!.name, tokens[0]!]] as const) {
    const headers = { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` };
    const members = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/staff_members', { headers, body: '{}' });
    if (members.status === 200 && members.body !== '[]') finding('rows leaked', `${who} read the staff members' addresses`);
    const news = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/staff_inbox_news', { headers, body: '{}' });
    if (news.status === 200) finding('rows leaked', `${who} read the staff's unread count`);
    for (const rpc of ['staff_mark_read', 'staff_mark_all_read']) {
      const marked = await send(stack.apiUrl, 'POST', `/rest/v1/rpc/${rpc}`, { headers, body: rpc === 'staff_mark_read' ? JSON.stringify({ p_submission: someId }) : '{}' });
      if (marked.status < 300) finding('rows leaked', `${who} called ${rpc}`);
    }
    const assigned = await send(stack.apiUrl, 'PATCH', `/rest/v1/staff_inbox?submission_id=eq.${someId}`, { headers: { ...headers, Prefer: 'return=representation' }, body: JSON.stringify({ assignee_id: null }) });
    if (assigned.status < 300 && assigned.body !== '[]' && assigned.body !== '') finding('rows leaked', `${who} assigned a submission`);
    // Spam and deletion (decision 047): no mark, no deletion, no sweep.
    const spam = await send(stack.apiUrl, 'PATCH', `/rest/v1/staff_inbox?submission_id=eq.${someId}`, { headers: { ...headers, Prefer: 'return=representation' }, body: JSON.stringify({ spam_at: '2000-01-01T00:00:00Z' }) });
    if (spam.status < 300 && spam.body !== '[]' && spam.body !== '') finding('rows leaked', `${who} marked a submission as spam`);
    const deleted = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/staff_delete_submissions', { headers, body: JSON.stringify({ p_ids: [someId] }) });
    if (deleted.status < 300) finding('rows leaked', `${who} deleted a submission for good`);
    const swept = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/sweep_spam', { headers, body: '{}' });
    if (swept.status < 300) finding('rows leaked', `${who} ran the spam sweep`);
    figures['requests tried'] += 8;
  }
  // Members' files (decision 046): the public key and a forged token get a link to no file; each member gets
  // one to every members' resource and to the materials of the courses they enrolled in, and to no other's.
  const files = [
    ...memberResources.map((file) => ({ bucket: memberBuckets.memberResources, name: file.file })),
    ...courses.flatMap((course) => (course.content ? (course.materials ?? []).map((file) => ({ bucket: memberBuckets.courseMaterials, name: file.file })) : [])),
  ];
  const sign = (authorization: string, file: (typeof files)[number]) =>
    send(stack.apiUrl, 'POST', `/storage/v1/object/sign/${file.bucket}/${file.name}`, { headers: { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` }, body: JSON.stringify({ expiresIn: 60 }) });
  for (const [who, authorization] of [['anon', keys.anon], ['a forged token', `${tokens[0]!.split('.').slice(0, 2).join('.')}.forged`]] as const) {
    for (const file of files) if ((await sign(authorization, file)).status === 200) finding('files readable by the wrong people', `${who} got a link to ${file.bucket}/${file.name}`);
  }
  for (const [i, token] of tokens.entries()) {
    const chosen = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/my_choices', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${token}` }, body: JSON.stringify({ p_list: 'courses' }) });
    const enrolledIn = new Set(chosen.status === 200 ? (JSON.parse(chosen.body) as string[]) : []);
    if (!enrolledIn.size) finding('visitors locked out', `${people[i]!.name} enrolled signed in, and their account names no course (${chosen.status})`);
    for (const file of files) {
      const mayRead = file.bucket === memberBuckets.memberResources || enrolledIn.has(file.name.split('/')[0]!);
      const got = await sign(token, file);
      if (got.status === 200 && !mayRead) finding('files readable by the wrong people', `${people[i]!.name} got a link to ${file.bucket}/${file.name}, a course they did not enrol in`);
      if (got.status !== 200 && mayRead) finding('visitors locked out', `${people[i]!.name} got no link to ${file.bucket}/${file.name}: ${got.status} ${got.body.slice(0, 80)}`);
    }
    figures['requests tried'] += 1 + files.length;
  }
  figures['requests tried'] += 2 * files.length;
  // Deleting an account (decision 040): the public key and a forged token delete nothing; Ben deleting
  // his own leaves Ana's account and everything she sent whole.
  const forged = `${tokens[0]!.split('.').slice(0, 2).join('.')}.forged`;
  for (const [who, authorization] of [['anon', keys.anon], ['a forged token', forged]] as const) {
    const tried = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/delete_my_account', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${authorization}` }, body: '{}' });
    if (tried.status === 200) finding('rows leaked', `${who} called delete_my_account and was answered 200`);
  }
  const deleted = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/delete_my_account', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${tokens[1]}` }, body: '{}' });
  if (deleted.status !== 200) finding('visitors locked out', `${people[1]!.name} could not delete their account: ${deleted.status} ${deleted.body.slice(0, 80)}`);
  const hers = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/my_submissions', { headers: { ...withKey(keys.anon), Authorization: `Bearer ${tokens[0]}` }, body: '{}' });
  const left = hers.status === 200 ? (JSON.parse(hers.body) as unknown[]).length : 0;
  // Hers: what she sent signed in, and the one she kept.
  const hersSent = Object.keys(FORMS).length + 1;
  if (left !== hersSent) finding('acknowledged rows lost', `after ${people[1]!.name} deleted their account, ${people[0]!.name}'s lists ${left} of the ${hersSent} submissions she sent`, hersSent - left);
  figures['requests tried'] += 4;
}

async function rowsBreakingTheirSchema(stack: Stack) {
  for (const { form, table } of Object.values(FORMS)) {
    const answer = await send(stack.apiUrl, 'GET', `/rest/v1/${table}?select=*`, { headers: withKey(keys.serviceRole) });
    const rows = JSON.parse(answer.body) as Record<string, unknown>[];
    const validate = form.validators[form.id]!;
    for (const row of rows) {
      const data = Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== null && key !== 'id' && key !== 'created_at'));
      if (!validate(data)) finding('rows stored that break their schema', `${table} ${String(row.id)}: ${JSON.stringify(validate.errors?.[0])}`);
    }
  }
}

/**
 * A script with the anon key and no work: ids of every other kind (none, UUIDv4, UUIDv7 without the
 * zero bits, another table's stamp, an old stamp) must all be refused, for every form (decision 029).
 */
async function unstampedRows(stack: Stack) {
  for (const [name, { table }] of Object.entries(FORMS)) {
    const other = Object.values(FORMS).find((f) => f.table !== table)?.table ?? 'another_table';
    let unworked: string;
    do unworked = mineStamp(table, 0);
    while (isStamp(table, unworked));
    let foreign: string;
    do foreign = mineStamp(other);
    while (isStamp(table, foreign));
    const ids = [undefined, crypto.randomUUID(), unworked, foreign, mineStamp(table, undefined, Date.now() - 3 * 24 * 60 * 60 * 1000)];
    for (const id of ids) {
      const answer = await send(stack.apiUrl, 'POST', `/rest/v1/${table}`, { headers: withKey(keys.anon), body: JSON.stringify({ ...(id ? { id } : {}), ...answers(name) }), from: '127.0.9.1' });
      figures['requests tried']++;
      if (answer.status < 300) finding('rows saved without proof of work', `${table} saved a row with id ${id ?? '(none)'}`);
      if (serverFault(answer)) finding('5xx answers or SQL error texts', `unstamped ${table}: ${answer.status} ${answer.body.slice(0, 80)}`);
    }
  }
}

/**
 * Many visitors writing as fast as they can, to see what a crash keeps: the throughput of rows is the
 * point, so the stack's proof of work is set to 0 bits through the service role (as a deployer could).
 */
async function stampsOff(stack: Stack) {
  const answer = await send(stack.apiUrl, 'PATCH', '/rest/v1/submission_stamp?only_row=eq.true', { headers: withKey(keys.serviceRole), body: JSON.stringify({ bits: 0 }) });
  if (answer.status >= 300) throw new Error(`Could not turn stamps off: ${answer.status} ${answer.body}`);
}

/** One address calling record_form_step as fast as it can (the probe made 25,001 calls): at most 100 steps of a form count in its day. */
async function oneAddressCountingSteps(stack: Stack) {
  const counts = async () => {
    const answer = await send(stack.apiUrl, 'GET', '/rest/v1/form_step_counts?select=visits&form=eq.assessment', { headers: withKey(keys.serviceRole) });
    if (answer.status !== 200) throw new Error(`Could not read the funnel's counts: ${answer.status} ${answer.body.slice(0, 200)}`);
    return (JSON.parse(answer.body) as { visits: number }[]).reduce((sum, row) => sum + Number(row.visits), 0);
  };
  const before = await counts();
  const steps = FORMS.assessment!.form.steps ?? [];
  const calls = Array.from({ length: 600 }, (_, i) => ({ p_form: 'assessment', p_step: i % 5 === 4 ? 'sent' : steps[i % steps.length]!.key, p_seconds: 30, p_from: null }));
  await pool(calls, 10, async (body) => {
    const answer = await send(stack.apiUrl, 'POST', '/rest/v1/rpc/record_form_step', { headers: withKey(keys.anon), body: JSON.stringify(body), from: '127.0.9.1' });
    figures['requests tried']++;
    if (serverFault(answer)) finding('5xx answers or SQL error texts', `record_form_step: ${answer.status} ${answer.body.slice(0, 80)}`);
  });
  const counted = (await counts()) - before;
  if (counted > 100) finding('funnel steps counted past one address\'s cap', `${counted} of 600 steps from one address were counted (at most 100 a day)`, counted - 100);
  else findings.push(`(one address calling record_form_step 600 times: ${counted} counted)`);
}

async function outage(stack: Stack) {
  const chaos = (probability: number) => send(stack.inboxUrl, 'PUT', '/api/v1/chaos', { body: JSON.stringify({ Recipient: { ErrorCode: 451, Probability: probability } }) });
  await send(stack.inboxUrl, 'DELETE', '/api/v1/messages');
  await chaos(100);
  const expected = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const id = mineStamp(FORMS.contact!.table);
    const address = `outage${i}.${Date.now()}@example.org`;
    const saved = await send(stack.apiUrl, 'POST', `/rest/v1/${FORMS.contact!.table}`, { headers: withKey(keys.anon), body: JSON.stringify({ id, ...answers('contact', address) }), from: '127.0.6.1' });
    if (saved.status !== 201) throw new Error(`The outage scenario could not save a submission: ${saved.status} ${saved.body}`);
    expected.add(address);
    await send(stack.apiUrl, 'POST', '/functions/v1/send-form-notification', { headers: withKey(keys.anon), body: JSON.stringify({ payload: { id }, formType: FORMS.contact!.formType }), from: '127.0.6.1' });
  }
  // The visitor at the per-address cap: five saved while mail is down, the sixth refused; none may be lost.
  const capped = `capped.${Date.now()}@example.org`;
  for (let i = 0; i < 6; i++) {
    const saved = await send(stack.apiUrl, 'POST', `/rest/v1/${FORMS.contact!.table}`, { headers: withKey(keys.anon), body: JSON.stringify({ id: mineStamp(FORMS.contact!.table), ...answers('contact', capped) }), from: '127.0.6.2' });
    if (saved.status === 201) expected.add(`${capped}#${i}`);
  }
  await chaos(0);
  const mailBack = performance.now();
  const deadline = mailBack + 120_000;
  let delivered = 0;
  let copies = 0;
  const sender = (e: string) => e.split('#')[0]!;
  while (performance.now() < deadline) {
    const messages = await inboxMessages(stack);
    delivered = messages.filter((m) => [...expected].some((e) => sender(e) === m.replyTo)).length;
    // Each sender's own copy (copyToSender), which goes through the same outbox.
    copies = FORMS.contact!.copyToSender ? messages.filter((m) => [...expected].some((e) => m.to.includes(sender(e)))).length : expected.size;
    if (delivered >= expected.size && copies >= expected.size) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = ((performance.now() - mailBack) / 1000).toFixed(0);
  if (delivered < expected.size) finding('notifications lost', `${expected.size - delivered} of ${expected.size} leads saved while mail was down had no email 2 minutes after it came back`, expected.size - delivered);
  if (copies < expected.size) finding('notifications lost', `${expected.size - copies} of ${expected.size} senders' copies of leads saved while mail was down had not arrived 2 minutes after mail came back`, expected.size - copies);
  else findings.push(`(outage: all ${expected.size} leads saved while mail was down reached the inbox ${seconds} s after mail came back, with no visitor action)`);
  figures['requests tried'] += 26;
}

/**
 * Which of `ids` the database holds, read as staff would: by id, a chunk at a time. (A read of the whole
 * table stops at config.toml's max_rows, 1000, as hosted Supabase's API does: a probe that read back
 * 1,268 acknowledged rows that way found "268 lost", which were only past the first 1000.)
 */
async function savedContactIds(stack: Stack, ids: string[]): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let i = 0; i < ids.length; i += 200) {
    const chunk = ids.slice(i, i + 200);
    const answer = await send(stack.apiUrl, 'GET', `/rest/v1/${FORMS.contact!.table}?select=id&id=in.(${chunk.join(',')})`, { headers: withKey(keys.serviceRole) });
    if (answer.status !== 200) throw new Error(`Could not look up saved rows: ${answer.status} ${answer.body.slice(0, 200)}`);
    for (const row of JSON.parse(answer.body) as { id: string }[]) stored.add(row.id);
  }
  return stored;
}

/**
 * Visitors saving contact inquiries as fast as they can, each from an address of `subnet`, until
 * stopped; resolves with the ids the API acknowledged (201). `refused` sees every other answer.
 */
function keepInserting(stack: Stack, visitors: number, subnet: string, refused: (answer: Answer) => void = () => {}) {
  const acknowledged: string[] = [];
  let stopped = false;
  const writers = Array.from({ length: visitors }, async (_, w) => {
    while (!stopped) {
      const id = crypto.randomUUID();
      const answer = await send(stack.apiUrl, 'POST', `/rest/v1/${FORMS.contact!.table}`, { headers: withKey(keys.anon), body: JSON.stringify({ id, ...answers('contact') }), from: `${subnet}.${w + 1}` });
      figures['requests tried']++;
      if (answer.status === 201) acknowledged.push(id);
      else refused(answer);
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(writers);
      return acknowledged;
    },
  };
}

/** Rounds of kill -9 on one folder: enough to catch a loss that happens one round in six, and past max_rows. */
const CRASH_ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);

async function crashDuringInserts(dataDir: string) {
  const ports = [await freePort(), await freePort(), await freePort()];
  let stack = await startStack(dataDir, ports);
  if (!isStack(stack)) throw new Error(`The crash scenario could not start a stack: ${stack.error}`);
  const acknowledged: string[] = [];
  const restarts: number[] = [];
  for (let round = 0; round < CRASH_ROUNDS; round++) {
    const functions = childrenOf(stack.process.pid!);
    await stampsOff(stack);
    // Visitors new to each round (127.<round>.7.x), so the per-network cap (30 an hour) leaves every
    // round as many acknowledged rows as the first.
    const writers = keepInserting(stack, 8, `127.${round + 1}.7`);
    // Anywhere in a commit, a checkpoint or a reply: 2 to 3.5 s in, as the probe that found issue 39 (9) did.
    await new Promise((resolve) => setTimeout(resolve, 2000 + Math.random() * 1500));
    stack.process.kill('SIGKILL');
    acknowledged.push(...(await writers.stop()));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const orphans = functions.filter(alive);
    const commands = orphans.map((pid) => spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim().slice(0, 100));
    if (orphans.length) finding('processes orphaned', `${orphans.length} child process(es) outlived a stack killed with SIGKILL: ${commands.join('; ')}`, orphans.length);
    const restarted = performance.now();
    const next = await startStack(dataDir, ports);
    restarts.push((performance.now() - restarted) / 1000);
    if (!isStack(next)) throw new Error(`The stack did not start again after SIGKILL (round ${round + 1}): ${next.error}`);
    stack = next;
    // Every row acknowledged so far, in any round, must still be there after every restart.
    const stored = await savedContactIds(stack, acknowledged);
    const lost = acknowledged.filter((id) => !stored.has(id)).length;
    if (lost) finding('acknowledged rows lost', `${lost} of ${acknowledged.length} acknowledged inserts were gone after kill -9 number ${round + 1} and restart`, lost);
  }
  const second = stack;
  findings.push(`(kill -9 during inserts, ${CRASH_ROUNDS} times on one folder: ${acknowledged.length} acknowledged, each looked up by id after every restart; restarts took ${Math.min(...restarts).toFixed(1)}–${Math.max(...restarts).toFixed(1)} s)`);
  // A second start on the folder in use must refuse at once.
  const intruder = await startStack(dataDir, [await freePort(), await freePort(), await freePort()]);
  if (isStack(intruder)) {
    finding('second starts on a folder in use', 'a second stack started on the data folder in use');
    await stopStack(intruder);
  } else if (/delete/i.test(intruder.error)) {
    finding('second starts on a folder in use', `the refusal suggests deleting data: ${intruder.error}`);
  }
  await stopStack(second);
}

/** With DATABASE_URL: the PostgreSQL server drops every connection of the stack while visitors write. */
async function databaseRestartUnderLoad() {
  const url = process.env.DATABASE_URL;
  if (!url) return findings.push('(database restart under load: skipped, no DATABASE_URL)');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `reliability_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  mkdirSync(scratch, { recursive: true });
  const stack = await startStack(mkdtempSync(join(scratch, 'reliability-pg-')), [await freePort(), await freePort(), await freePort()], { DATABASE_URL: dbUrl.toString() });
  if (!isStack(stack)) throw new Error(`The database restart scenario could not start a stack: ${stack.error}`);
  await stampsOff(stack);
  const writers = keepInserting(stack, 4, '127.0.8', (answer) => {
    if (answer.status !== 503 && serverFault(answer)) finding('5xx answers or SQL error texts', `insert while the database restarted: ${answer.status} ${answer.body.slice(0, 80)}`);
  });
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const acknowledged = await writers.stop();
  await serversUp(stack, 'the database dropped its connections');
  const stored = await savedContactIds(stack, acknowledged);
  const lost = acknowledged.filter((id) => !stored.has(id)).length;
  if (lost) finding('acknowledged rows lost', `${lost} of ${acknowledged.length} acknowledged inserts were gone after the database restarted`, lost);
  findings.push(`(database restart under load: ${acknowledged.length} acknowledged, connections dropped 3 times)`);
  await stopStack(stack);
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}

mkdirSync(scratch, { recursive: true });
const started = performance.now();
const main = await startStack(mkdtempSync(join(scratch, 'reliability-')), [await freePort(), await freePort(), await freePort()]);
if (!isStack(main)) throw new Error(`The local stack did not start: ${main.error}`);
try {
  for (const [label, scenario] of [
    ['hostile corpus', () => hostile(main)],
    ['foreign hosts', () => foreignHosts(main)],
    ['function abuse', () => functionAbuse(main)],
    ['privacy and lock-outs', () => privacyAndLockouts(main)],
    ['unstamped rows', () => unstampedRows(main)],
    ['one address, many steps', () => oneAddressCountingSteps(main)],
    ['outage', () => outage(main)],
    ['stored rows', () => rowsBreakingTheirSchema(main)],
  ] as const) {
    const t = performance.now();
    await scenario();
    console.log(`${label.padEnd(24)} done in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await serversUp(main, 'every scenario');
} finally {
  await stopStack(main);
}
await crashDuringInserts(mkdtempSync(join(scratch, 'reliability-crash-')));
console.log(`${'kill -9 and second start'.padEnd(24)} done`);
await databaseRestartUnderLoad();

console.log(`\nReliability of the local stack (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
console.log('| figure | count |\n|---|---|');
for (const [figure, count] of Object.entries(figures)) console.log(`| ${figure} | ${count.toLocaleString('en-US')} |`);
if (findings.length) console.log(`\n${findings.join('\n')}`);
const failed = Object.entries(figures).some(([figure, count]) => figure !== 'requests tried' && count > 0);
process.exit(failed ? 1 : 0);
