import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { lockDataFolder } from '../../supabase/local/data-lock';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');
const folder = () => {
  mkdirSync(scratch, { recursive: true });
  return join(mkdtempSync(join(scratch, 'lock-')), 'db');
};

it('refuses a folder another live process holds, naming that process', () => {
  const dir = folder();
  const other = spawn('sleep', ['30']);
  try {
    writeFileSync(`${dir}.lock`, String(other.pid));
    expect(() => lockDataFolder(dir)).toThrow(`is in use by another \`npm start\` or \`npm run dev\` (process ${other.pid})`);
  } finally {
    other.kill();
  }
});

it('takes over the lock of a stack that was killed (no such process), so a restart never waits', () => {
  const dir = folder();
  const dead = spawnSync('true').pid;
  writeFileSync(`${dir}.lock`, String(dead));
  const unlock = lockDataFolder(dir);
  expect(() => lockDataFolder(dir)).toThrow(/is in use/);
  unlock();
  expect(existsSync(`${dir}.lock`)).toBe(false);
});
