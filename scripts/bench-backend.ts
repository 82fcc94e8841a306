/**
 * The local backend's speed, through the same supabase-js client the site uses: start-up (new and
 * existing data folder), REST inserts and reads, sign-in, and a notification email end to end.
 * Runs its own stack on free ports in a scratch folder, so it never touches `npm start`'s data.
 *
 *   npm run bench:backend
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { mineStamp } from '../form-model/stamp.ts';
import { localKeys } from '../supabase/local/keys.ts';
import { choosePassword, followLink } from '../tests/support/email-links.ts';
import { startLocalStack, type LocalStack } from '../supabase/local/stack.ts';

const anyPorts = { api: 0, inboxHttp: 0, inboxSmtp: 0 };
const dataDir = mkdtempSync(join(tmpdir(), 'bench-backend-'));

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function series(label: string, n: number, one: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  const [, total] = await timed(async () => {
    for (let i = 0; i < n; i++) times.push((await timed(() => one(i)))[1]);
  });
  console.log(`${label.padEnd(44)} n=${String(n).padStart(4)}  median ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  ${((n / total) * 1000).toFixed(0).padStart(5)}/s`);
}

const client = (stack: LocalStack) => createClient(stack.apiUrl, stack.anonKey, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });

try {
  const [first, fresh] = await timed(() => startLocalStack(dataDir, anyPorts));
  await first.close();
  const [stack, reopen] = await timed(() => startLocalStack(dataDir, anyPorts));
  console.log(`Start-up, new data folder (create, migrate, seed)  ${(fresh / 1000).toFixed(2)} s`);
  console.log(`Start-up, existing data folder                     ${(reopen / 1000).toFixed(2)} s\n`);
  try {
    const site = client(stack);
    // Every row needs a proof of work (decision 029). The database still checks each stamp, but at 8 bits,
    // so this times the database and not the hashing (npm run bench:stamp times that).
    const { serviceRole } = await localKeys();
    const admin = createClient(stack.apiUrl, serviceRole, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });
    const { error: lowered } = await admin.from('submission_stamp').update({ bits: 8 }).eq('only_row', true);
    if (lowered) throw new Error(lowered.message);
    const stamp = () => mineStamp('contact_submissions', 8);
    // Every insert here comes from one address, which the per-network cap allows 30 an hour: earlier rows
    // are aged by an hour as they add up (the cap's query still runs on every insert).
    const ageEarlierRows = async () => {
      const { error } = await admin.from('form_notifications').update({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() }).gte('created_at', new Date(Date.now() - 60 * 60 * 1000).toISOString());
      if (error) throw new Error(error.message);
    };
    await series('REST insert contact_submissions (anon)', 300, async (i) => {
      if (i % 25 === 0) await ageEarlierRows();
      const { error } = await site.from('contact_submissions').insert({ id: stamp(), name: `Bench ${i}`, email: `bench${i}@example.org`, subject: 'Other', message: 'Hello' });
      if (error) throw new Error(error.message);
    });
    await series('REST select testimonials, newest first', 300, async () => {
      const { error } = await site.from('testimonials').select('*').order('created_at', { ascending: false });
      if (error) throw new Error(error.message);
    });
    await ageEarlierRows();
    const concurrent = 25;
    const [, burst] = await timed(() =>
      Promise.all(Array.from({ length: concurrent }, (_, i) => site.from('contact_submissions').insert({ id: stamp(), name: `Burst ${i}`, email: `burst${i}@example.org`, subject: 'Other', message: 'Hi' }))),
    );
    console.log(`${`REST insert, ${concurrent} at once`.padEnd(44)} total ${burst.toFixed(0)} ms  ${((concurrent / burst) * 1000).toFixed(0)}/s`);

    const email = 'bench-user@example.org';
    const password = 'correct horse 1';
    await site.auth.signUp({ email, password });
    const { messages } = (await (await fetch(`${stack.inboxUrl}/api/v1/messages`)).json()) as { messages: { text: string }[] };
    // Confirming signs the owner in, and they choose the password then (decision 021).
    await choosePassword(stack.apiUrl, stack.anonKey, await followLink(messages[0]!.text.match(/http:\/\/\S+/)![0]!), password);
    await series('Auth sign-in with password (bcrypt cost 10)', 20, async () => {
      const { error } = await client(stack).auth.signInWithPassword({ email, password });
      if (error) throw new Error(error.message);
    });
    // The function emails a saved row, once (decision 014): each call is for a row saved just before, untimed.
    await ageEarlierRows();
    const saved: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = stamp();
      const { error } = await site.from('contact_submissions').insert({ id, name: `Bench ${i}`, email: `mail${i}@example.org`, subject: 'Other', message: 'Hello' });
      if (error) throw new Error(error.message);
      saved.push(id);
    }
    await series('Notification: function on Deno, SMTP to inbox', 30, async (i) => {
      const { error } = await site.functions.invoke('send-form-notification', { body: { formType: 'Contact Inquiry', payload: { id: saved[i] } } });
      if (error) throw new Error(error.message);
    });
  } finally {
    await stack.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
