import { describe, expect, it } from 'vitest';
import { snapshotTable } from '../support/table';
import { uniqueEmail, useIntegrationStack } from '../support/integration';

const stack = useIntegrationStack();

function validMessage(email: string) {
  return { firstName: 'Ada', lastName: 'Lovelace', email, subject: 'A question about plans', message: 'How do advisors see our canvas?' };
}

describe('sendContactMessage', () => {
  it('stores the message, e-mails it to the team and sends the sender a fixed acknowledgement without the text', async () => {
    const email = uniqueEmail('contact');
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    // With a trailing slash, which the gateway routes as without (a path no client by name sends).
    const response = await stack.client().post<{ id: string }>('/api/contact-form/', validMessage(email));
    expect(response.status).toBe(201);
    expect(response.body.id).toMatch(/^[a-f0-9]{32}$/);

    const after = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    // The message, and the limit counters of its client and address (functions/lib/limits).
    const added = after.filter((item) => !before.includes(item) && !item.includes('"type":{"S":"LimitCounter"}'));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain('How do advisors see our canvas?');

    const teamMail = await stack.latestEmailTo('team@familycanvas.local');
    expect(teamMail.subject).toBe('Contact form: A question about plans');
    expect(teamMail.body.text).toContain(email);
    const copy = await stack.latestEmailTo(email);
    expect(copy.subject).toBe('We received your message');
    // Nothing the form received goes back to the unverified address.
    for (const part of [copy.subject, copy.body.text ?? '', copy.body.html ?? '']) {
      expect(part).not.toContain('How do advisors see our canvas?');
      expect(part).not.toContain('A question about plans');
      expect(part).not.toContain('Lovelace');
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('names each invalid field and stores nothing', async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const response = await stack.client().call<'sendContactMessage', { errorCode: number; errors: Record<string, string[]> }>('sendContactMessage', {
      body: {
        firstName: 'Al',
        lastName: 'Lovelace',
        email: 'not-an-email',
        subject: '',
        message: 'Hello there',
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe(2);
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'firstName', 'subject']);
    expect(response.body.errors.email).toEqual(['forms.errorMessages.email']);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
  });

  it('refuses bad bodies with a 4xx catalogue error and stores nothing', async () => {
    const client = stack.client();
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const cases = [
      { name: 'malformed JSON', rawBody: '{"firstName": "Ada",', code: 6 },
      { name: '1 MB body', rawBody: JSON.stringify({ ...validMessage(uniqueEmail()), message: 'x'.repeat(1024 * 1024) }), code: 6 },
      { name: 'wrong types', rawBody: JSON.stringify({ firstName: 42, lastName: true, email: [], subject: {}, message: null }), code: 2 },
      { name: 'missing fields', rawBody: JSON.stringify({ email: uniqueEmail() }), code: 2 },
      { name: 'not an object', rawBody: '"just a string"', code: 2 },
    ];
    for (const testCase of cases) {
      const response = await client.call<'sendContactMessage', { errorCode: number; message: string }>('sendContactMessage', { rawBody: testCase.rawBody });
      expect(response.status, testCase.name).toBeGreaterThanOrEqual(400);
      expect(response.status, testCase.name).toBeLessThan(500);
      expect(response.body.errorCode, testCase.name).toBe(testCase.code);
    }
    const noJson = await client.call<'sendContactMessage', { errorCode: number }>('sendContactMessage', {
      rawBody: JSON.stringify(validMessage(uniqueEmail())),
      headers: { 'content-type': 'text/plain' },
    });
    expect(noJson.status).toBe(415);
    expect(noJson.body.errorCode).toBe(6);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
  });

  it("answers an unknown route with API Gateway's own 404 (the web client gives it the catalogue's code 4)", async () => {
    const response = await stack.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not Found' });
  });
});
