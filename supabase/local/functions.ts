/**
 * Runs every function folder under supabase/functions with the real Deno runtime from npm, each on a
 * private port, with the environment hosted Supabase would give it (plus the local inbox for mail).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface RunningFunction {
  name: string;
  port: number;
  process: ChildProcess;
  /** The last lines it printed, to explain a crash. */
  log: string[];
}

export interface FunctionRunner {
  functions: Map<string, RunningFunction>;
  /**
   * Starts every function afresh and then stops the old processes, as `supabase functions serve` does
   * on a change: the dev server calls it when a save regenerates what a function imports.
   */
  reload(): Promise<void>;
  close(): Promise<void>;
}

const stop = (f: RunningFunction) =>
  new Promise<void>((resolve) => {
    if (f.process.exitCode !== null || f.process.signalCode !== null) return resolve();
    f.process.once('exit', () => resolve());
    f.process.kill();
  });

const root = join(import.meta.dirname, '..', '..');

export function functionNames(dir = join(root, 'supabase', 'functions')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(dir, e.name, 'index.ts')))
    .map((e) => e.name);
}

async function startOne(name: string, env: Record<string, string>): Promise<RunningFunction> {
  const port = await freePort();
  const log: string[] = [];
  // stdin stays open as a lifeline: function-host.ts exits when it closes, whatever ended this process.
  const child = spawn(
    join(root, 'node_modules', '.bin', 'deno'),
    ['run', '--node-modules-dir=manual', '--cached-only', '--allow-net', '--allow-env', '--allow-read', join('supabase', 'local', 'deno', 'function-host.ts'), join('supabase', 'functions', name, 'index.ts')],
    { cwd: root, env: { ...process.env, ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Function ${name} did not start within 30 s:\n${log.join('')}`)), 30_000);
    const collect = (chunk: Buffer) => {
      log.push(chunk.toString());
      log.splice(0, Math.max(0, log.length - 50));
      if (log.join('').includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Function ${name} exited with code ${code}:\n${log.join('')}`));
    });
  });
  // After start-up, its log goes to the terminal like `supabase functions serve` does.
  child.stdout!.on('data', (chunk: Buffer) => process.stdout.write(`[${name}] ${chunk}`));
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return { name, port, process: child, log };
}

/**
 * Starts every function and keeps it running: one that dies is started again (after 0.5 s, then up to
 * 5 s between tries while it keeps failing), and invokes in between get the gateway's 503.
 */
export async function startFunctions(env: Record<string, string>): Promise<FunctionRunner> {
  const functions = new Map<string, RunningFunction>();
  let closing = false;
  // Processes reload() replaced: their exit is expected, not a crash.
  const replaced = new WeakSet<RunningFunction>();
  const supervise = (running: RunningFunction, delay = 500) => {
    running.process.once('exit', (code, signal) => {
      if (closing || replaced.has(running)) return;
      console.warn(`Function ${running.name} stopped (${signal ?? `exit code ${code}`}); starting it again.`);
      const retry = (wait: number) =>
        setTimeout(() => {
          if (closing) return;
          startOne(running.name, env).then(
            (next) => {
              if (closing) return next.process.kill();
              functions.set(next.name, next);
              supervise(next);
            },
            (error: Error) => {
              console.error(error.message);
              retry(Math.min(wait * 2, 5000));
            },
          );
        }, wait).unref();
      retry(delay);
    });
  };
  for (const running of await Promise.all(functionNames().map((name) => startOne(name, env)))) {
    functions.set(running.name, running);
    supervise(running);
  }
  return {
    functions,
    reload: async () => {
      // The new ones answer before the old ones stop, so no invoke meets a missing function.
      const fresh = await Promise.all(functionNames().map((name) => startOne(name, env)));
      const old = [...functions.values()];
      for (const f of old) replaced.add(f);
      functions.clear();
      for (const running of fresh) {
        functions.set(running.name, running);
        supervise(running);
      }
      await Promise.all(old.map(stop));
    },
    close: async () => {
      closing = true;
      await Promise.all([...functions.values()].map(stop));
    },
  };
}
