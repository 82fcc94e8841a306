/**
 * Nothing serves a form out of step with schemas/: the build, `npm start` and `npm run dev` regenerate
 * first (writing nothing when all is up to date), and the dev server regenerates on every save.
 */
import { watch } from 'node:fs';
import { join } from 'node:path';
import { generate, type GenerateOptions, type GenerateResult } from '../generate/run.ts';
import { generateOptions } from '../generate/paths.ts';

let failed = false;

/**
 * Runs `npm run generate`; prints only what matters (changes, problems, and that problems said before
 * are fixed, so a red message is never the last word on screen once it no longer holds).
 */
export async function regenerate(options: Partial<GenerateOptions> = {}): Promise<GenerateResult> {
  const result = await generate({ ...generateOptions(), ...options });
  if (!result.ok) console.error(`\n${result.lines.join('\n')}\n`);
  else {
    if (failed) console.log('✔ schemas/ are right again.');
    if (result.written.length) console.log(`schemas/ changed: ${result.lines.join('\n')}`);
  }
  failed = !result.ok;
  return result;
}

/**
 * Calls `onChange` once after each burst of saves in schemas/ (editors write a file in several steps), or
 * in site.config.ts, whose lists and pages the forms take options and results from.
 */
export function watchSchemas(onChange: () => Promise<void>): () => void {
  const { schemasDir, root, siteConfig } = generateOptions();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A failure is said and the watch goes on: the next save tries again.
      running = running.then(() => onChange().catch((error: unknown) => console.error(`✖ ${error instanceof Error ? error.message : String(error)}`)));
    }, 150);
  };
  const watchers = [watch(schemasDir, changed), watch(siteConfig ?? join(root, 'site.config.ts'), changed)];
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
