import type { IslandDefinition, IslandProps } from '../../components/island';

/**
 * Every island a page can hold: a file `src/features/<feature>/<name>.island.tsx` whose default export
 * is the island `<feature>/<name>` (src/components/island.tsx). The browser loads an island's code from
 * here when the island starts; the build reads the same names to preload each island's files
 * (scripts/build/island-files.ts), and the prerender refuses a name that is not here.
 */
const modules = import.meta.glob<{ default: IslandDefinition<IslandProps> }>('../../features/*/*.island.tsx');

/** `../../features/forms/form.island.tsx` → `forms/form`. */
export const islandName = (file: string) => file.replace(/^.*features\//, '').replace(/\.island\.tsx$/, '');

export const islandLoaders: Record<string, () => Promise<IslandDefinition<IslandProps>>> = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [islandName(file), () => load().then((module) => module.default)]),
);
