/** What `npm test` says at its end: counts from the reporters' JSON files, and each failed test by name. */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** Counts and failed tests from Vitest's and Playwright's JSON reports in `results`. */
export function summarise(results: string) {
  const root = join(results, '..');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // Named here because CI keeps only the end of the log, where the reporters' own lists have scrolled away.
  const failures: string[] = [];
  const unitFile = join(results, 'unit.json');
  if (existsSync(unitFile)) {
    const unit = JSON.parse(readFileSync(unitFile, 'utf8'));
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests + unit.numTodoTests;
    for (const file of unit.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${relative(root, file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && !file.assertionResults.some((t: { status: string }) => t.status === 'failed')) {
        failures.push(`${relative(root, file.name)}: ${firstLine(file.message)}`);
      }
    }
  }
  // One report per group of `npm run test:e2e` (e2e-site.json, e2e-journeys.json, e2e-flows.json), or one of `playwright test`.
  for (const e2eFile of ['e2e.json', 'e2e-site.json', 'e2e-journeys.json', 'e2e-flows.json'].map((file) => join(results, file)).filter(existsSync)) {
    const report = JSON.parse(readFileSync(e2eFile, 'utf8'));
    const { stats } = report;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    failures.push(...e2eFailures(report.suites ?? []));
  }
  return { passed, failed, skipped, failures };
}

const firstLine = (text: string | undefined) => stripVTControlCharacters(text ?? '').trim().split('\n')[0]!.slice(0, 300);

interface E2eSuite {
  title: string;
  file?: string;
  suites?: E2eSuite[];
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

/** Playwright's JSON report nests suites; a test whose outcome is "unexpected" failed every retry. */
function e2eFailures(suites: E2eSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = suite.file && !path.length ? [suite.file] : [...path, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map((test) => `${[...here, spec.title].join(' › ')}: ${firstLine(test.results.at(-1)?.error?.message)}`),
    );
    return [...own, ...e2eFailures(suite.suites ?? [], here)];
  });
}

