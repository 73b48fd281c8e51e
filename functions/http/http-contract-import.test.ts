import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createGroupHandler, type ApiResult } from './http';
import { sendContactForm } from './testing/contact-form-request';
import { useUnitConfig } from '../lib/testing/unit-config';
import { contactFormRoutes } from '../../shared/routes/contact-form';

/**
 * The group handlers pass their contract as its import (functions/<group>/handler.ts): its schemas
 * are built by the first request that reads input, not at the cold start, and validate as before.
 */

useUnitConfig({ LOG_LEVEL: 'silent' });

const contract = { sendContactMessage: { body: z.strictObject({ message: z.string().min(1, { error: 'forms.errorMessages.required' }) }) } };

/** The contact form's group with `load` as its contract's import; `loads()` counts its calls. */
function groupWith(load: (call: number) => Promise<typeof contract>) {
  let calls = 0;
  const handler = createGroupHandler('contact-form', contactFormRoutes, () => load(++calls), {
    sendContactMessage: async ({ body }: { body: { message: string } }) => ({ status: 201, body: { received: body.message } }),
  } as never);
  return { handler, loads: () => calls };
}

const send = (handler: ReturnType<typeof createGroupHandler>, body: unknown): Promise<ApiResult> => sendContactForm(handler, JSON.stringify(body));

describe('a group contract given as its import', () => {
  it('is loaded once, by the first request, and refuses bad input as a contract given as it is', async () => {
    const { handler, loads } = groupWith(async () => contract);
    expect(loads()).toBe(0);
    const refused = await send(handler, { message: '' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body as string)).toMatchObject({ errorCode: 2, errors: { message: ['forms.errorMessages.required'] } });
    const answered = await send(handler, { message: 'Hello' });
    expect(answered.statusCode).toBe(201);
    expect(JSON.parse(answered.body as string)).toEqual({ received: 'Hello' });
    expect(loads()).toBe(1);
  });

  it('that fails to load answers that request with a server error and loads again for the next', async () => {
    const { handler, loads } = groupWith(async (call) => {
      if (call === 1) throw new Error('the module failed to evaluate');
      return contract;
    });
    expect((await send(handler, { message: 'Hello' })).statusCode).toBe(500);
    expect((await send(handler, { message: 'Hello' })).statusCode).toBe(201);
    expect(loads()).toBe(2);
  });
});
