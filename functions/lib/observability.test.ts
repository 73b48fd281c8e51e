import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { metricsNamespace } from '../../shared/metrics';
import { contactFormRoutes } from '../../shared/routes/contact-form';
import { resetConfigForTests } from './config';
import { createGroupHandler, type ApiResult } from '../http/http';
import { logger } from './observability';

/**
 * What an operator reads of a request in CloudWatch, written by Powertools through the one
 * request stack (./http.ts, ./observability.ts): JSON log lines that carry the request's
 * correlation id and the Lambda context, errors with their name, the cold-start metric once
 * per process, and nothing at all at LOG_LEVEL=silent.
 */

// Before any import: Powertools' Metrics reads it when ./observability.ts makes it (the unit project switches EMF off).
// AWS_LAMBDA_INITIALIZATION_TYPE is Lambda's: Powertools counts a cold start only for an on-demand environment.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.AWS_LAMBDA_INITIALIZATION_TYPE = 'on-demand';
});

const saved = { ...process.env };
const written: string[] = [];
const originals = { stdout: process.stdout.write, stderr: process.stderr.write };

/** Log lines go to stdout (debug, info) and stderr (warn, error); EMF lines to stdout. */
const capture = ((chunk: string | Uint8Array) => {
  written.push(...(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')).split('\n').filter(Boolean));
  return true;
}) as typeof process.stdout.write;

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'unit',
    APP_URL: 'https://canvas.familie-weber.de',
    MAIL_FROM: 'no-reply@familie-weber.de',
    CONTACT_TO: 'team@familie-weber.de',
  });
  process.stdout.write = capture;
  process.stderr.write = capture;
});

beforeEach(() => {
  process.env.LOG_LEVEL = 'info';
  resetConfigForTests();
  written.length = 0;
});

afterAll(() => {
  process.stdout.write = originals.stdout;
  process.stderr.write = originals.stderr;
  process.env = saved;
  resetConfigForTests();
});

const openContract = { sendContactMessage: { path: z.object({}), body: z.any(), query: z.any(), response: z.any() } } as never;

const handler = (outcome: () => Promise<{ status: number }>) =>
  createGroupHandler('contact-form', contactFormRoutes, openContract, { sendContactMessage: outcome } as never);

const context = { awsRequestId: 'lambda-request-1', functionName: 'family-canvas-contact-form', memoryLimitInMB: '512' } as Context;

function call(run: ReturnType<typeof handler>, headers: Record<string, string> = {}): Promise<ApiResult> {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/contact-form',
    rawPath: '/api/contact-form',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/contact-form' }, requestId: 'gateway-request-1' },
  };
  return run(event as never, context);
}

const parsed = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
const logLines = () => parsed().filter((line) => !('_aws' in line));
const emfNames = () =>
  parsed()
    .filter((line) => '_aws' in line)
    .flatMap((line) => (line._aws as { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> }).CloudWatchMetrics)
    .map((directive) => `${directive.Namespace}/${directive.Metrics.map((metric) => metric.Name).join()}`);

describe('a request as CloudWatch shows it', () => {
  it('writes the cold-start metric at the first invocation only', async () => {
    const run = handler(async () => ({ status: 204 }));
    await call(run);
    expect(emfNames()).toEqual([`${metricsNamespace}/ColdStart`]);
    written.length = 0;
    await call(run);
    expect(emfNames()).toEqual([]);
  });

  it("every line carries the caller's correlation id, the gateway's request id and the Lambda context", async () => {
    await call(
      handler(async () => {
        logger.info('working on it', { step: 1 });
        return { status: 204 };
      }),
      { 'x-correlation-id': 'support-ticket-42' },
    );
    const lines = logLines();
    expect(lines.map((line) => line.message)).toEqual(['working on it', 'request']);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 'INFO',
        service: 'family-canvas',
        correlationId: 'support-ticket-42',
        requestId: 'gateway-request-1',
        group: 'contact-form',
        function_name: 'family-canvas-contact-form',
        function_request_id: 'lambda-request-1',
      });
    }
    expect(lines[1]).toMatchObject({ status: 204, method: 'POST', path: '/api/contact-form' });
  });

  it("an unexpected error: an ERROR line with the error's name and message, the request's ids, then a 500 and no keys left behind", async () => {
    const response = await call(
      handler(async () => {
        throw new TypeError('the mail provider is down');
      }),
    );
    expect(response.statusCode).toBe(500);
    const [error] = logLines().filter((line) => line.level === 'ERROR');
    expect(error).toMatchObject({
      message: 'unhandled error',
      correlationId: 'gateway-request-1',
      error: { name: 'TypeError', message: 'the mail provider is down' },
    });
    written.length = 0;
    logger.info('between invocations');
    expect(logLines()[0]).not.toHaveProperty('correlationId');
  });

  it('LOG_LEVEL=silent writes no log line', async () => {
    process.env.LOG_LEVEL = 'silent';
    resetConfigForTests();
    await call(
      handler(async () => {
        logger.error('not written');
        return { status: 204 };
      }),
    );
    expect(logLines()).toEqual([]);
  });
});
