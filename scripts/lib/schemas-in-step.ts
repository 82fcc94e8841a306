/**
 * Nothing serves a form out of step with schemas/: the build, `npm start` and `npm run dev` regenerate
 * first (writing nothing when all is up to date), and the dev server regenerates on every save.
 */
import { watch } from 'node:fs';
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

/** Calls `onChange` once after each burst of saves in schemas/ (editors write a file in several steps). */
export function watchSchemas(onChange: () => Promise<void>): () => void {
  const { schemasDir } = generateOptions();
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const watcher = watch(schemasDir, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // A failure is said and the watch goes on: the next save tries again.
      running = running.then(() => onChange().catch((error: unknown) => console.error(`✖ ${error instanceof Error ? error.message : String(error)}`)));
    }, 150);
  });
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
