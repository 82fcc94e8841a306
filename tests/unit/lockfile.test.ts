import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
};

describe('package-lock.json', () => {
  it('has an entry for every optional platform package, or `npm ci` on a fresh machine refuses it', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${path}/node_modules/${name}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`]) missing.push(`${name} (for ${path || 'the project'})`);
      }
    }
    // See docs/decisions/008: this registry serves only the linux-x64 Deno binary package.
    expect(missing, 'add these to package-lock.json with their os/cpu, as docs/decisions/008 shows').toEqual([]);
  });
});
