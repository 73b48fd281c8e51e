import { defineConfig } from 'vitest/config';
// Outside Lambda as `npm start` runs (infra/local/stack.ts localEnvironment): Powertools writes no EMF
// lines (a test that reads them switches them on) and traces nothing. Silent unless a test (or the
// caller) asks for a level: the Logger takes it when functions/lib/observability.ts is loaded.
const powertoolsOutsideLambda = {
  POWERTOOLS_METRICS_DISABLED: 'true',
  POWERTOOLS_TRACE_ENABLED: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
};

// Three projects, so each part of `npm test` can run alone. Playwright specs (tests/e2e)
// are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['infra/**/*.infra.test.ts'],
          environment: 'node',
          env: powertoolsOutsideLambda,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
          // A busy machine renders lazy routes slowly; waits are bounded at 10 s (web/src/testing/setup.ts).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          env: powertoolsOutsideLambda,
          globalSetup: ['tests/support/global-setup.ts'],
          // Every integration test does real work against DynamoDB Local and the SES emulator: a
          // busy machine (a bench or a second run on the same 2 cores) took some past 30 s. A
          // bound, not a delay: a test that hangs still fails.
          testTimeout: 90_000,
          // Set-up builds real worlds through the API; a busy machine may take minutes (a bound, not a delay).
          hookTimeout: 180_000,
          // DynamoDB Local is one JVM on two cores: a little parallelism, not much.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // Synthesising every stack bundles every function group (esbuild): minutes on a loaded 2-core machine,
          // over five when the machine runs other work beside (load 30 and more).
          hookTimeout: 900_000,
          // One file per core.
          maxWorkers: 2,
        },
      },
    ],
  },
});
