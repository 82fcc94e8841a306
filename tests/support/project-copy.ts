import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildCacheDir } from '../../scripts/build/file-cache';
import { freePort } from '../../supabase/local/free-port';
import { installFixtureSchemas } from './schema-workspace';

const root = join(import.meta.dirname, '..', '..');
const scratch = join(root, 'test-results', 'scratch');

/**
 * The project as a fresh clone has it (tracked and new files) with the fixture's schemas, sharing node_modules.
 * `watched`: in the system's temporary folder rather than test-results/, whose files Vite's watcher ignores
 * (for a test of what `npm run dev` does on a save); removed when the process ends.
 * `schemas: 'project'`: the project's own schemas and migrations instead of the fixture's.
 */
export function projectCopy({ watched = false, schemas = 'fixture' }: { watched?: boolean; schemas?: 'fixture' | 'project' } = {}): string {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(watched ? tmpdir() : scratch, 'clone-'));
  if (watched) process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter((file) => file && file !== 'node_modules');
  for (const file of files) {
    // Deleted in the working tree but not yet in a commit: a fresh clone of that tree has no such file either.
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // What this checkout's builds made from content alone (build/cache: share images, compressed copies): a
  // copy makes only what its edits change (about 3.5 s of CPU for the images, 6 s for brotli, a build).
  mkdirSync(buildCacheDir, { recursive: true });
  mkdirSync(join(dir, 'build'), { recursive: true });
  symlinkSync(buildCacheDir, join(dir, 'build', 'cache'), 'dir');
  if (schemas === 'fixture') installFixtureSchemas(dir);
  return dir;
}

/**
 * `npm start` or `npm run dev` in project copies, on free ports; `stop` (after each test) stops them all.
 * `launch` resolves with the site's addresses and output once it is up (or has exited).
 */
export function runningSites() {
  const running: ChildProcess[] = [];
  return {
    async stop() {
      for (const child of running.splice(0)) {
        if (child.exitCode !== null) continue;
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
    },
    async launch(dir: string, script: 'start.ts' | 'dev.ts') {
      const port = await freePort();
      const env = {
        ...process.env,
        PORT: String(port),
        SUPABASE_API_PORT: String(await freePort()),
        INBOX_PORT: String(await freePort()),
        INBOX_SMTP_PORT: String(await freePort()),
        DATABASE_URL: '',
      };
      const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join('scripts', script)], { cwd: dir, env });
      running.push(child);
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => {
        child.once('exit', resolve);
        const poll = setInterval(() => {
          if (output.includes('Press Ctrl-C to stop.')) {
            clearInterval(poll);
            resolve(null);
          }
        }, 100);
      });
      return {
        url: `http://localhost:${port}`,
        apiUrl: `http://localhost:${env.SUPABASE_API_PORT}`,
        inboxUrl: `http://localhost:${env.INBOX_PORT}`,
        /** The local anon key, as the stack prints it. */
        anonKey: () => /Anon key\s+(\S+)/.exec(output)![1]!,
        code,
        output: () => output,
      };
    },
  };
}

/** Edits schemas/<file> of a project copy as JSON, as someone would in an editor, and saves it pretty-printed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
export function editSchemaFile(dir: string, file: string, change: (json: any) => void) {
  const path = join(dir, 'schemas', file);
  const json = JSON.parse(readFileSync(path, 'utf8'));
  change(json);
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}
