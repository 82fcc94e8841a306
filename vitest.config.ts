import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import site from './vite.config.ts';
import LongestFirst from './tests/support/longest-first.ts';

/** The tests' settings on top of the site's Vite config (so the build never loads Vitest). */
export default defineConfig((env) =>
  mergeConfig(site(env), {
    test: {
      environment: 'node',
      // Files run in parallel on small CI machines (two cores), where a PGlite start or a generator run
      // that takes a second alone can take several; a hang still fails, after 30 s.
      testTimeout: 30_000,
      // Vitest's default is one worker per core but one, so a single worker on two cores; many files wait on
      // a child process (a build, a stack starting) rather than compute, so two overlap: 190 s -> 152 s there.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      sequence: { sequencer: LongestFirst },
      // Only the component tests load the DOM's helpers (testing-library, jest-dom, React DOM); no other file uses them.
      projects: [
        { extends: true, test: { name: 'node', include: ['tests/{unit,db,functions,local}/**/*.test.ts'], setupFiles: ['tests/unit/setup.ts'] } },
        { extends: true, test: { name: 'component', include: ['tests/component/**/*.test.tsx'], setupFiles: ['tests/unit/setup.ts', 'tests/component/setup-dom.ts'] } },
      ],
    },
  }),
);
