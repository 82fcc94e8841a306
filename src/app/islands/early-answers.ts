import type { EarlyAnswer } from '../../components/early-answer';

/**
 * Every island's early answer (src/components/early-answer.ts): a file `src/features/<feature>/<name>.early.ts`
 * beside the island's own. The loader imports this when a submission is held; the build lists each
 * answer's files so a page fetches them first (scripts/build/island-files.ts).
 */
const modules = import.meta.glob<{ default: EarlyAnswer }>('../../features/*/*.early.ts');

/** `../../features/forms/form.early.ts` → `forms/form`, the island it answers for. */
const islandOf = (file: string) => file.replace(/^.*features\//, '').replace(/\.early\.ts$/, '');

export const earlyAnswers: Record<string, () => Promise<EarlyAnswer>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [islandOf(file), () => load().then((module) => module.default)]),
);
