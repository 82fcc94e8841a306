import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { alive } from '../support/processes';

const root = join(import.meta.dirname, '..', '..');

it('leaves no function running when the stack is killed with SIGKILL', async () => {
  const stack = spawn(process.execPath, ['--import', 'tsx', join(root, 'tests', 'support', 'functions-child.ts')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const pids = await new Promise<number[]>((resolve, reject) => {
    let out = '';
    stack.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!) as number[]);
    });
    stack.once('exit', (code) => reject(new Error(`The stack exited (${code}) before its functions started.`)));
  });
  expect(pids.length).toBeGreaterThan(0);
  expect(pids.every(alive)).toBe(true);
  stack.kill('SIGKILL');
  await expect.poll(() => pids.filter(alive), { timeout: 5_000, interval: 100 }).toEqual([]);
}, 60_000);
