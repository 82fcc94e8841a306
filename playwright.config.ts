import { defineConfig, devices } from '@playwright/test';
import { TEST_CHROMIUM_PATH, chromiumArgs } from './scripts/lib/chromium';
import { E2E_BACKEND } from './tests/e2e/backend';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** `npm start` on the test ports with a fresh local backend; scripts/test-e2e.ts starts it once for both groups. */
export const e2eServer = {
  command: 'npx tsx scripts/start.ts',
  env: {
    PORT: String(PORT),
    SUPABASE_API_PORT: String(E2E_BACKEND.apiPort),
    INBOX_PORT: String(E2E_BACKEND.inboxHttpPort),
    INBOX_SMTP_PORT: String(E2E_BACKEND.inboxSmtpPort),
    SUPABASE_LOCAL_DIR: E2E_BACKEND.dataDir,
    DIST_DIR: E2E_BACKEND.distDir,
    // Every journey makes its own accounts: more confirmation emails, link visits, passwords chosen and sign-ins than
    // config.toml's budget (the rate limits themselves are tested on stacks of their own, tests/local).
    AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
    AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000',
    AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
    AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000',
    // Always the local stack in PGlite, whatever the shell has set.
    VITE_SUPABASE_URL: '',
    DATABASE_URL: '',
  },
  url: `http://localhost:${PORT}/`,
};
/**
 * The journeys of tests/e2e/flows/ that change or count what every other journey shares, so they run one at a
 * time after the rest: the inbox refusing mail (submissions), the testimonials table emptied (testimonials),
 * and counts over the whole staff inbox (staff, staff-follow-ups). The other journeys make their own
 * accounts and rows and read only those, so they run side by side (tests/unit/e2e-groups.test.ts holds them to it).
 */
export const SHARED_STATE_JOURNEYS = ['submissions', 'testimonials', 'staff', 'staff-follow-ups'].map((name) => `flows/${name}.spec.ts`);

const chromium = { ...devices['Desktop Chrome'], launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: chromiumArgs } };

/**
 * End-to-end tests drive `npm start` (production build + the whole local backend) in Debian's Chromium.
 * Whole journeys are in tests/e2e/flows and run after the others (scripts/test-e2e.ts; `npx playwright test
 * FILE` runs one file): side by side, then those that change shared state one at a time.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  // One baseline per screenshot, whatever the platform: CI and a newcomer both run Debian's Chromium.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every test cost a fifth of the end-to-end time (its DOM snapshots and screencast:
    // decision 036); a failure retried in CI is recorded, and `npm run test:e2e -- FILE --trace on` records one here.
    trace: 'on-first-retry',
  },
  projects: [
    // Each group its own folder of traces and diffs: a run empties only its own, so the second group's run
    // keeps what the first group's failures left.
    { name: 'site', testIgnore: 'flows/**', outputDir: 'test-results/e2e-artifacts/site', use: chromium },
    // `npm run test:e2e` (scripts/test-e2e.ts) runs the groups in this order, each whatever the outcome of
    // the one before, so a failure there hides nothing here. Whole journeys: several round trips to the
    // backend and a few toasts that must time out.
    { name: 'journeys', testMatch: 'flows/**/*.spec.ts', testIgnore: SHARED_STATE_JOURNEYS, outputDir: 'test-results/e2e-artifacts/journeys', timeout: 60_000, use: chromium },
    { name: 'flows', testMatch: SHARED_STATE_JOURNEYS, outputDir: 'test-results/e2e-artifacts/flows', workers: 1, timeout: 60_000, use: chromium },
  ],
  // Started here when Playwright is run directly (one file, say); scripts/test-e2e.ts starts it itself.
  webServer: process.env.E2E_SERVER_STARTED ? undefined : { ...e2eServer, reuseExistingServer: false, timeout: 180_000 },
});
