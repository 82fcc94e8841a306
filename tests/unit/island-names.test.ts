/**
 * An island's name is the path of its file (src/app/islands/registry.ts loads `forms/form` from
 * src/features/forms/form.island.tsx, the build lists its files by it): the name each file gives
 * defineIsland must be that path, or the page would ask the browser for an island it cannot find.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const features = join(import.meta.dirname, '..', '..', 'src', 'features');
const islands = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((dir) => readdirSync(join(features, dir.name)).filter((file) => file.endsWith('.island.tsx')).map((file) => `${dir.name}/${file}`));

describe('each island is named by its file', () => {
  it('finds the islands', () => expect(islands.length).toBeGreaterThan(3));
  for (const file of islands) {
    it(file, () => {
      const named = [...readFileSync(join(features, file), 'utf8').matchAll(/defineIsland(?:<[^>]*>)?\(\s*'([^']+)'/g)].map((match) => match[1]);
      expect(named, `src/features/${file} must export defineIsland('${file.replace(/\.island\.tsx$/, '')}', …)`).toEqual([file.replace(/\.island\.tsx$/, '')]);
    });
  }
});
