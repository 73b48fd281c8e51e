import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { resetConfigForTests } from './config';
import { createGroupHandler, type ApiResult } from './http';
import { contactFormRoutes } from '../../shared/routes/contact-form';

/**
 * The group handlers pass their contract as its import (functions/<group>/handler.ts): its schemas
 * are built by the first request that reads input, not at the cold start, and validate as before.
 */

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    LOG_LEVEL: 'silent',
    TABLE_NAME: 'unit',
    APP_URL: 'https://canvas.familie-weber.de',
    MAIL_FROM: 'no-reply@familie-weber.de',
    CONTACT_TO: 'team@familie-weber.de',
  });
  resetConfigForTests();
});
afterAll(() => {
  process.env = saved;
  resetConfigForTests();
});

const contract = { sendContactMessage: { body: z.strictObject({ message: z.string().min(1, { error: 'forms.errorMessages.required' }) }) } };

async function send(handler: ReturnType<typeof createGroupHandler>, body: unknown): Promise<ApiResult> {
  const event = {
    version: '2.0',
    routeKey: 'POST /api/contact-form',
    rawPath: '/api/contact-form',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { http: { method: 'POST', path: '/api/contact-form' }, requestId: 'unit-request' },
  };
  return handler(event as never, { awsRequestId: 'unit-request', functionName: 'unit' } as Context);
}

describe('a group contract given as its import', () => {
  it('is loaded once, by the first request, and refuses bad input as a contract given as it is', async () => {
    let loads = 0;
    const handler = createGroupHandler(
      'contact-form',
      contactFormRoutes,
      async () => {
        loads += 1;
        return contract;
      },
      { sendContactMessage: async ({ body }: { body: { message: string } }) => ({ status: 201, body: { received: body.message } }) } as never,
    );
    expect(loads).toBe(0);
    const refused = await send(handler, { message: '' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body as string)).toMatchObject({ errorCode: 2, errors: { message: ['forms.errorMessages.required'] } });
    const answered = await send(handler, { message: 'Hello' });
    expect(answered.statusCode).toBe(201);
    expect(JSON.parse(answered.body as string)).toEqual({ received: 'Hello' });
    expect(loads).toBe(1);
  });

  it('that fails to load answers that request with a server error and loads again for the next', async () => {
    let loads = 0;
    const handler = createGroupHandler(
      'contact-form',
      contactFormRoutes,
      async () => {
        loads += 1;
        if (loads === 1) throw new Error('the module failed to evaluate');
        return contract;
      },
      { sendContactMessage: async () => ({ status: 201, body: {} }) } as never,
    );
    expect((await send(handler, { message: 'Hello' })).statusCode).toBe(500);
    expect((await send(handler, { message: 'Hello' })).statusCode).toBe(201);
    expect(loads).toBe(2);
  });
});
