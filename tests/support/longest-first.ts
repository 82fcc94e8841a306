import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest runs the files it has no timings for (every file, on a fresh clone) largest first, so a small file
 * that starts whole sites could start last and hold up the end of the stage: schemas-in-step did (57 s,
 * from 356 s to 413 s of a fresh clone's 415 s stage). Files that build or start a copy of the project
 * go first, then each folder's in this order; within each, and once Vitest has timings for every file,
 * its own order stands.
 */
const FOLDERS = ['tests/local/', 'tests/db/', 'tests/functions/', 'tests/component/', 'tests/unit/'];
const STARTS_SITES = /projectCopy\(|scripts\/build\.ts/;

function rank(spec: TestSpecification) {
  const folder = FOLDERS.findIndex((name) => spec.moduleId.includes(`/${name}`));
  const startsSites = STARTS_SITES.test(readFileSync(spec.moduleId, 'utf8'));
  return startsSites ? 0 : 1 + (folder === -1 ? FOLDERS.length : folder);
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = sorted.every((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${spec.moduleId.slice(root.length + 1)}`));
    if (timed) return sorted;
    const ranks = new Map(sorted.map((spec) => [spec, rank(spec)]));
    // Array.prototype.sort is stable: within a rank, Vitest's own order is kept.
    return sorted.sort((a, b) => ranks.get(a)! - ranks.get(b)!);
  }
}
