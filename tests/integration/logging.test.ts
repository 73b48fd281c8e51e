import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, linkParameter, newSalt, signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack, type ApiClient, type ApiResponse } from '../support/integration';
import { useCapturedOutput } from '../support/output';
import { routePath } from '../support/route-calls';

/**
 * The functions' log lines at LOG_LEVEL=debug: every line a request writes is JSON and
 * carries that request's correlation id (the caller's `x-correlation-id`, or else API
 * Gateway's request id, echoed in the response either way), and none carries a password
 * hash, a session token or cookie, a reset token or the text of a note.
 */

// Before the stack starts: it keeps a LOG_LEVEL that is set (tests/support/integration.ts).
process.env.LOG_LEVEL = 'debug';
const stack = useIntegrationStack();

const { linesWrittenDuring } = useCapturedOutput();

/** One request with a correlation id of its own. */
function withCorrelationId(client: ApiClient, correlationId: string, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return client.request(method, path, body, { headers: { 'x-correlation-id': correlationId } });
}

function parsedLines(lines: string[]): Array<Record<string, unknown>> {
  return lines.map((line) => {
    expect(() => JSON.parse(line), `not JSON: ${line}`).not.toThrow();
    return JSON.parse(line) as Record<string, unknown>;
  });
}

/** Every line is JSON with this correlation id, and at least the request line is there. */
function expectCorrelated(lines: string[], correlationId: string): void {
  const parsed = parsedLines(lines);
  expect(parsed.some((line) => line.message === 'request')).toBe(true);
  for (const line of parsed) expect(line.correlationId, JSON.stringify(line)).toBe(correlationId);
}

function expectAbsent(lines: string[], secrets: Record<string, string>): void {
  const text = lines.join('\n');
  for (const [what, secret] of Object.entries(secrets)) {
    expect(secret.length, what).toBeGreaterThan(8);
    expect(text.includes(secret), `${what} in the log`).toBe(false);
  }
}

const sessionTokenOf = (client: ApiClient) => client.cookieHeader().split(';')[0]!.split('=').slice(1).join('=');

let account: TestAccount;

beforeAll(async () => {
  account = await signUpAndConfirm(stack);
});

describe('log lines of a request', () => {
  it('a sign-in: JSON, the correlation id, no password hash, token or cookie', async () => {
    const client = stack.client();
    const salt = (await client.call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } })).body.salt;
    const passwordHash = hashPassword(account.plainPassword, salt);
    let response: ApiResponse | undefined;
    const lines = await linesWrittenDuring(async () => {
      response = await withCorrelationId(client, 'signin-check-1', 'POST', routePath('signIn'), { email: account.email, password: passwordHash });
    });
    expect(response!.status).toBe(200);
    expect(response!.headers.get('x-correlation-id')).toBe('signin-check-1');
    expectCorrelated(lines, 'signin-check-1');
    expectAbsent(lines, { 'password hash': passwordHash, 'session token': sessionTokenOf(client), cookie: client.cookieHeader() });
  });

  it('without x-correlation-id: the API Gateway request id, echoed in the response', async () => {
    let response: ApiResponse | undefined;
    const lines = await linesWrittenDuring(async () => {
      response = await account.client.call('getProfile');
    });
    expect(response!.status).toBe(200);
    const correlationId = response!.headers.get('x-correlation-id');
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expectCorrelated(lines, correlationId!);
    for (const line of parsedLines(lines)) expect(line.requestId).toBe(correlationId);
    expectAbsent(lines, { 'session token': sessionTokenOf(account.client), cookie: account.client.cookieHeader() });
  });

  it('an ill-formed x-correlation-id is not taken (it could forge a log line)', async () => {
    let response: ApiResponse | undefined;
    const lines = await linesWrittenDuring(async () => {
      response = await withCorrelationId(account.client, 'x"}\\n{"level":"error', 'GET', routePath('getProfile'));
    });
    const correlationId = response!.headers.get('x-correlation-id')!;
    expect(correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expectCorrelated(lines, correlationId);
  });

  it('a password change and a reset: no old or new password hash, reset token or cookie', async () => {
    const other = await signUpAndConfirm(stack);
    const currentSalt = (await other.client.call<'getSalt', { salt: string }>('getSalt', { body: { email: other.email } })).body.salt;
    const salt = newSalt();
    const oldHash = hashPassword(other.plainPassword, currentSalt);
    const newHash = hashPassword('Changed-Pass9', salt);
    const cookie = other.client.cookieHeader();
    const changeLines = await linesWrittenDuring(async () => {
      const change = await withCorrelationId(other.client, 'password-change-1', 'PATCH', routePath('changePassword'), {
        newPassword: newHash,
        salt,
        password: oldHash,
      });
      expect(change.status).toBe(204);
    });
    expectCorrelated(changeLines, 'password-change-1');
    expectAbsent(changeLines, {
      'old password hash': oldHash,
      'new password hash': newHash,
      'session token': sessionTokenOf(other.client) || cookie.split('=')[1]!,
      cookie,
    });

    const anonymous = stack.client();
    const sendLines = await linesWrittenDuring(async () => {
      expect((await withCorrelationId(anonymous, 'reset-send-1', 'POST', routePath('sendReset'), { email: other.email })).status).toBe(200);
    });
    const token = linkParameter((await stack.latestEmailTo(other.email)).body.text, '/reset-password', 'token');
    const resetHash = hashPassword('Brand-New-7', salt);
    const resetLines = await linesWrittenDuring(async () => {
      const reset = await withCorrelationId(anonymous, 'reset-1', 'POST', routePath('resetPassword'), { email: other.email, token, password: resetHash, salt });
      expect(reset.status).toBe(200);
    });
    expectCorrelated(sendLines, 'reset-send-1');
    expectCorrelated(resetLines, 'reset-1');
    expectAbsent([...sendLines, ...resetLines], { 'reset token': token, 'password hash': resetHash });
  });

  it('a note save: no note text', async () => {
    const noteText = 'Our grandmother’s recipe book stays with Aunt Mira';
    const lines = await linesWrittenDuring(async () => {
      const created = await withCorrelationId(account.client, 'note-save-1', 'POST', routePath('createNote', { entityId: account.entityId }), {
        note: `<p>${noteText}</p>`,
      });
      expect(created.status).toBe(201);
      const updated = await withCorrelationId(account.client, 'note-save-1', 'PATCH', routePath('updateNote', { entityId: account.entityId }), {
        note: `<p>${noteText}, and the photos too</p>`,
      });
      expect(updated.status).toBe(200);
    });
    expectCorrelated(lines, 'note-save-1');
    expectAbsent(lines, { 'note text': noteText, 'session token': sessionTokenOf(account.client) });
  });
});
