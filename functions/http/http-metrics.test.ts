import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import {
  businessMetrics,
  metricsNamespace,
  serverErrorGroupDimension,
  serverErrorVersionDimension,
  stageDimension,
  stageEnvironmentVariable,
} from '../../shared/metrics';
import { resetConfigForTests } from '../lib/config';
import { fail } from '../lib/errors';
import { createGroupHandler, type ApiResult } from './http';
import { contactFormRoutes } from '../../shared/routes/contact-form';
import { sendContactForm } from './testing/contact-form-request';

/**
 * A handled server error is answered, so Lambda's Errors metric never sees it: the request
 * stack counts every 5xx answer as `ServerErrors` by `Stage` and `Group`, which the per-group
 * alarm of that stage reads (infra/stacks/monitoring-stack.ts). Read here as CloudWatch reads
 * it: EMF lines on stdout.
 */

// Before any import: Powertools' Metrics reads them when ./observability.ts makes it (the unit project switches EMF off).
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.STAGE = 'staging';
});

const saved = { ...process.env };
const written: string[] = [];
const originalWrite = process.stdout.write;

beforeAll(() => {
  Object.assign(process.env, {
    LOG_LEVEL: 'silent',
    TABLE_NAME: 'unit',
    APP_URL: 'https://canvas.familie-weber.de',
    MAIL_FROM: 'no-reply@familie-weber.de',
    CONTACT_TO: 'team@familie-weber.de',
    // What Lambda sets: the version the alias sent the call to.
    AWS_LAMBDA_FUNCTION_VERSION: '7',
  });
  resetConfigForTests();
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write;
});

afterAll(() => {
  process.stdout.write = originalWrite;
  process.env = saved;
  resetConfigForTests();
});

type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string }> }> } } & Record<string, unknown>;

/** The `ServerErrors` counts written since `from`, by `<group>@<version>`. */
function serverErrorsWritten(from: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of written.slice(from).flatMap((chunk) => chunk.split('\n'))) {
    if (!line.startsWith('{')) continue;
    const parsed = JSON.parse(line) as Partial<Emf>;
    for (const directive of parsed._aws?.CloudWatchMetrics ?? []) {
      if (directive.Namespace !== metricsNamespace || !directive.Metrics.some((metric) => metric.Name === businessMetrics.serverErrors)) continue;
      // By group (the group's alarm) and by group and the version that answered (a release's canary alarm), each
      // under the stage the function runs in (STAGE), so staging's errors never reach production's alarms.
      expect(directive.Dimensions).toEqual([
        [stageDimension, serverErrorGroupDimension],
        [stageDimension, serverErrorGroupDimension, serverErrorVersionDimension],
      ]);
      expect(parsed[stageDimension]).toBe('staging');
      expect(stageEnvironmentVariable).toBe('STAGE');
      const key = `${parsed[serverErrorGroupDimension] as string}@${parsed[serverErrorVersionDimension] as string}`;
      counts[key] = (counts[key] ?? 0) + (parsed[businessMetrics.serverErrors] as number);
    }
  }
  return counts;
}

// Any body passes, so only the route's own outcome decides the answer.
const openContract = { sendContactMessage: { path: z.object({}), body: z.any(), query: z.any(), response: z.any() } } as never;

function contactFormHandler(outcome: () => Promise<{ status: number }>) {
  return createGroupHandler('contact-form', contactFormRoutes, openContract, { sendContactMessage: outcome } as never);
}

const call = (handler: ReturnType<typeof contactFormHandler>): Promise<ApiResult> => sendContactForm(handler, '{}');

describe('handled server errors as a metric', () => {
  it('counts a 5xx answer (an unexpected error the stack caught) as ServerErrors of its group and of the version that answered', async () => {
    const from = written.length;
    const response = await call(
      contactFormHandler(async () => {
        throw new Error('the mail provider is down');
      }),
    );
    expect(response.statusCode).toBe(500);
    expect(serverErrorsWritten(from)).toEqual({ 'contact-form@7': 1 });
  });

  it('counts a route that answers 503 itself', async () => {
    const from = written.length;
    const response = await call(contactFormHandler(async () => ({ status: 503 })));
    expect(response.statusCode).toBe(503);
    expect(serverErrorsWritten(from)).toEqual({ 'contact-form@7': 1 });
  });

  it('does not count a 4xx answer or a success', async () => {
    const from = written.length;
    expect(
      (
        await call(
          contactFormHandler(async () => {
            throw fail('FORBIDDEN');
          }),
        )
      ).statusCode,
    ).toBe(403);
    expect((await call(contactFormHandler(async () => ({ status: 204 })))).statusCode).toBe(204);
    expect(serverErrorsWritten(from)).toEqual({});
  });
});
