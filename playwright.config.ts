import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, chromiumArgs } from './scripts/lib/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** End-to-end tests drive the production build (scripts/test.ts builds it first) in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs } } }],
  webServer: {
    command: 'npx tsx scripts/serve.ts',
    env: { PORT: String(PORT) },
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
