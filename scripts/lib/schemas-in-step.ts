/**
 * Nothing serves a form out of step with schemas/: the build, `npm start` and `npm run dev` regenerate
 * first (writing nothing when all is up to date), and the dev server regenerates on every save.
 */
import { watch } from 'node:fs';
import { generate } from '../generate/run.ts';
import { generateOptions } from '../generate/paths.ts';

/** Runs `npm run generate`; prints only what matters (changes, problems). Returns false on problems. */
export async function regenerate(): Promise<{ ok: boolean; migration: string | null; written: string[] }> {
  const result = await generate(generateOptions());
  if (!result.ok) console.error(`\n${result.lines.join('\n')}\n`);
  else if (result.written.length) console.log(`schemas/ changed: ${result.lines.join('\n')}`);
  return { ok: result.ok, migration: result.migration, written: result.written };
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
