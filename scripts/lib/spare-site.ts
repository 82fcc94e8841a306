import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../supabase/local/free-port.ts';

const root = join(import.meta.dirname, '..', '..');

export interface SpareSite {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `npm start` on spare ports with its own data folder and build folder under test-results/<name>-*, for
 * tools that look at the built site (screenshots, Lighthouse) while a developer's `npm start` keeps running.
 */
export async function startSpareSite(name: string): Promise<SpareSite> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    SUPABASE_API_PORT: String(await freePort()),
    INBOX_PORT: String(await freePort()),
    INBOX_SMTP_PORT: String(await freePort()),
    SUPABASE_LOCAL_DIR: `test-results/${name}-backend`,
    DIST_DIR: `test-results/${name}-dist`,
    VITE_SUPABASE_URL: '',
    DATABASE_URL: '',
  };
  const site: ChildProcess = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join('scripts', 'start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    site.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    });
    site.once('exit', (code) => reject(new Error(`npm start stopped (exit ${code}) before the site was up:\n${output}`)));
  });
  return {
    url: `http://localhost:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (site.exitCode !== null) return resolve();
        site.once('exit', () => resolve());
        site.kill('SIGINT');
      }),
  };
}
