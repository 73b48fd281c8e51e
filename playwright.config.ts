import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/support/chromium';

/**
 * End-to-end tests: Debian's Chromium drives the built SPA, served with the whole local
 * stack (DynamoDB Local, the SES emulator, the gateway) on free ports by the global
 * setup. `npm run test:e2e` builds the SPA first. Never run `playwright install`.
 */
const isCi = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two cores here, and DynamoDB Local is one JVM: two workers at most, in CI too. (CI once kept
  // one: a live-editing test missed its bound on a busy machine; the cause was a presence message
  // the server dropped for rate, now answered and sent again, docs/product/live.md.)
  workers: 2,
  retries: 0,
  forbidOnly: isCi,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
});
