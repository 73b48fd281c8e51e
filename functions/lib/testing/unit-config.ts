import { afterAll, beforeAll, vi } from 'vitest';
import { resetConfigForTests } from '../config';

/**
 * For a unit test file (or describe block) whose code reads the configuration
 * (functions/lib/config.ts): a fixed one while it runs, the real environment afterwards.
 */
export function useUnitConfig(overrides: Record<string, string> = {}): void {
  beforeAll(() => {
    const values = { TABLE_NAME: 't', APP_URL: 'http://localhost', MAIL_FROM: 'a@b.c', CONTACT_TO: 'a@b.c', SERVER_SECRET: 'unit-test-secret', ...overrides };
    for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
    resetConfigForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });
}
