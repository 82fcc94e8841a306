import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, chromiumArgs } from './scripts/lib/chromium';
import { E2E_BACKEND } from './tests/e2e/backend';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs } };

/**
 * End-to-end tests drive `npm start` (production build + the whole local backend) in Debian's Chromium.
 * Tests that change shared state (the inbox refusing mail, testimonials, accounts) are in tests/e2e/flows
 * and run one at a time after the others.
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
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'site', testIgnore: 'flows/**', use: chromium },
    {
      name: 'flows',
      testMatch: 'flows/**/*.spec.ts',
      dependencies: ['site'],
      workers: 1,
      // Whole journeys: several round trips to the backend and a few toasts that must time out.
      timeout: 60_000,
      use: chromium,
    },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    env: {
      PORT: String(PORT),
      SUPABASE_API_PORT: String(E2E_BACKEND.apiPort),
      INBOX_PORT: String(E2E_BACKEND.inboxHttpPort),
      INBOX_SMTP_PORT: String(E2E_BACKEND.inboxSmtpPort),
      SUPABASE_LOCAL_DIR: E2E_BACKEND.dataDir,
      DIST_DIR: E2E_BACKEND.distDir,
      // Always the local stack in PGlite, whatever the shell has set.
      VITE_SUPABASE_URL: '',
      DATABASE_URL: '',
    },
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
  },
});
