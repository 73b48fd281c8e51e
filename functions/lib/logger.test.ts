import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from './config';
import type { Context } from 'aws-lambda';
import { log, runWithRequestContext, startInvocationLogging } from './logger';

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

describe('the lines as Powertools wrote them', () => {
  const lambdaContext = {
    functionName: 'family-canvas-entities',
    invokedFunctionArn: 'arn:aws:lambda:eu-central-1:1:function:family-canvas-entities:live',
    memoryLimitInMB: '512',
    awsRequestId: 'aws-1',
  } as Context;

  it('carries the Lambda context, cold start on the first invocation only, and the trace id', () => {
    withLevel('info');
    process.env._X_AMZN_TRACE_ID = 'Root=1-67891233-abcdef012345678912345678;Parent=53995c3f42cd8ad8;Sampled=1';
    try {
      startInvocationLogging(lambdaContext);
      log('info', 'first');
      startInvocationLogging({ ...lambdaContext, awsRequestId: 'aws-2' });
      log('info', 'second');
    } finally {
      delete process.env._X_AMZN_TRACE_ID;
    }
    const [first, second] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(Object.keys(first!)).toEqual([
      'level',
      'message',
      'timestamp',
      'service',
      'cold_start',
      'function_arn',
      'function_memory_size',
      'function_name',
      'function_request_id',
      'sampling_rate',
      'xray_trace_id',
    ]);
    expect(first).toMatchObject({ cold_start: true, function_request_id: 'aws-1', xray_trace_id: '1-67891233-abcdef012345678912345678' });
    expect(second).toMatchObject({ cold_start: false, function_request_id: 'aws-2' });
    expect(new Date(first!.timestamp as string).toISOString()).toBe(first!.timestamp);
  });

  it('writes warn and error to stderr, leaves out empty fields and writes errors as their parts', () => {
    withLevel('debug');
    const stdout = vi.mocked(process.stdout.write);
    const stderr = vi.mocked(process.stderr.write);
    log('debug', 'd');
    log('info', 'i');
    log('warn', 'w');
    const cause = new Error('inner');
    log('error', 'e', { gone: undefined, none: null, blank: '', zero: 0, failure: new Error('outer', { cause }), big: 10n });
    expect(stdout.mock.calls.map(([line]) => (JSON.parse(String(line)) as { message: string }).message)).toEqual(['d', 'i']);
    expect(stderr.mock.calls.map(([line]) => (JSON.parse(String(line)) as { message: string }).message)).toEqual(['w', 'e']);
    const error = JSON.parse(String(stderr.mock.calls[1]![0])) as Record<string, unknown>;
    expect(error).not.toHaveProperty('gone');
    expect(error).not.toHaveProperty('none');
    expect(error).not.toHaveProperty('blank');
    expect(error).toMatchObject({ zero: 0, big: '10', failure: { name: 'Error', message: 'outer', stack: expect.stringContaining('outer') } });
    expect((error.failure as { cause: unknown }).cause).toMatchObject({ name: 'Error', message: 'inner' });
  });

  it('turns debug on for an invocation drawn by the sample rate, and never at silent', () => {
    withLevel('info');
    process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = '1';
    try {
      startInvocationLogging(undefined);
      log('debug', 'sampled');
      withLevel('silent');
      log('error', 'still silent');
      process.env.POWERTOOLS_LOGGER_SAMPLE_RATE = '0';
      withLevel('info');
      startInvocationLogging(undefined);
      log('debug', 'not sampled');
    } finally {
      delete process.env.POWERTOOLS_LOGGER_SAMPLE_RATE;
    }
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'DEBUG', message: 'sampled', sampling_rate: 1 }),
    ]);
  });
});
