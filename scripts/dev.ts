/**
 * `npm run dev`: Vite's dev server with hot reload on http://localhost:3000, beside the same local
 * backend as `npm start` (or the hosted project in VITE_SUPABASE_URL).
 */
import { join } from 'node:path';
import { createServer } from 'vite';
import { startLocalStack } from '../supabase/local/stack.ts';
import { runUntilStopped } from './lib/run-until-stopped.ts';

const root = join(import.meta.dirname, '..');

runUntilStopped(async (closers) => {
  const stack = process.env.VITE_SUPABASE_URL ? null : await startLocalStack(join(root, '.supabase-local'));
  if (stack) closers.push(stack.close);
  const vite = await createServer({ root, server: { port: Number(process.env.PORT ?? 3000) } });
  await vite.listen();
  closers.push(() => vite.close());
  return [`Site (dev)    ${vite.resolvedUrls?.local[0] ?? 'http://localhost:3000'}`, ...(stack?.summary ?? [])];
});
