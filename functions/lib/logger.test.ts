import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from './config';
import { log, runWithRequestContext } from './logger';

/** LOG_LEVEL decides what is written, `silent` included, and a request's keys go on its lines. */

const written: string[] = [];

beforeEach(() => {
  Object.assign(process.env, {
    TABLE_NAME: 't',
    APP_URL: 'http://localhost:5173',
    MAIL_FROM: 'a@example.com',
    CONTACT_TO: 'a@example.com',
    SERVER_SECRET: 's',
  });
  written.length = 0;
  const capture = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write;
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});

afterEach(() => {
  vi.restoreAllMocks();
  resetConfigForTests();
});

function withLevel(level: string): void {
  process.env.LOG_LEVEL = level;
  resetConfigForTests();
}

describe('log', () => {
  it('writes nothing at LOG_LEVEL=silent, not even errors', () => {
    withLevel('silent');
    log('error', 'broken');
    log('info', 'hello');
    expect(written).toEqual([]);
  });

  it('follows a changed LOG_LEVEL: debug lines only at debug', () => {
    withLevel('info');
    log('debug', 'hidden');
    log('info', 'shown');
    withLevel('debug');
    log('debug', 'now shown');
    expect(written.map((line) => (JSON.parse(line) as { message: string }).message)).toEqual(['shown', 'now shown']);
  });

  it('writes JSON with level, message, service and the request keys inside a request only', () => {
    withLevel('info');
    runWithRequestContext({ correlationId: 'c-1', requestId: 'r-1' }, () => log('warn', 'inside', { count: 2 }));
    log('info', 'outside');
    const [inside, outside] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(inside).toMatchObject({ level: 'WARN', message: 'inside', service: expect.any(String), correlationId: 'c-1', requestId: 'r-1', count: 2 });
    expect(outside).not.toHaveProperty('correlationId');
  });
});
