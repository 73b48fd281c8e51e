import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignupResponse } from '../../shared/contracts/auth';
import { EntityRole, EntityType } from '../../shared/enums';
import { allRoutes } from '../../shared/routes';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { resetConfigForTests } from '../../functions/lib/config';
import { clearSessionCookie, secureSessionCookieName, sessionCookieName, sessionLifetime, startSession } from '../../functions/domain/sessions/session';
import { confirmationTokenFor, hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, signupBody, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { ApiClient, uniqueEmail, useIntegrationStack, type ApiResponse } from '../support/integration';
import { addMemberWithRole, inviteMember, signUpWithInvitation } from '../support/organisations';
import { snapshotTable } from '../support/table';
import { acceptWorkRelationInvitation, inviteWorkRelation, signUpWithWorkRelationInvitation } from '../support/work-relations';
import { routePath } from '../support/route-calls';

/**
 * Sessions and single-use tokens: the cookie's attributes, JSON-only writes (a cross-site
 * form cannot send that content type), writes refused from another site (Sec-Fetch-Site,
 * Origin), expired, ended and forged sessions, reused and
 * forged confirmation, reset and invitation tokens, and sign-in throttling under a burst.
 */

const stack = useIntegrationStack();

afterEach(() => resetClock());

let owner: TestAccount;

beforeAll(async () => {
  owner = await signUpAndConfirm(stack);
});

/** A request with exactly the Cookie header given (none when null), through a client that keeps nothing. */
function withCookie(cookie: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  return new ApiClient(() => stack.apiUrl).request(method, path, body, { headers: cookie === null ? {} : { cookie } });
}

async function newSession(account: TestAccount): Promise<string> {
  const client = stack.client();
  expect((await signIn(client, account.email, account.plainPassword)).status).toBe(200);
  // The session cookie alone (the sign-in sets a device cookie beside it).
  return client
    .cookieHeader()
    .split('; ')
    .find((pair) => pair.startsWith(`${sessionCookieName}=`))!;
}

/** A cookie whose token differs from a real one in its last character. */
function tampered(cookie: string): string {
  const last = cookie.at(-1) === 'A' ? 'B' : 'A';
  return `${cookie.slice(0, -1)}${last}`;
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, scoped to the site and not Secure on plain http', async () => {
    const client = stack.client();
    const response = await signIn(client, owner.email, owner.plainPassword);
    const cookie = response.cookies.find((value) => value.startsWith(`${sessionCookieName}=`));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', `max-age=${sessionLifetime.absoluteSeconds}`]));
    expect(attributes).not.toContain('secure');
    expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
    // The token is long and random: 32 bytes, base64url.
    expect(cookie!.split(';')[0]!.split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const signOut = await client.call('signOut');
    const cleared = signOut.cookies.find((value) => value.startsWith(`${sessionCookieName}=`));
    expect(cleared).toMatch(/^fc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
  });

  it('is Secure and __Host- prefixed when the app runs on https', async () => {
    const appUrl = process.env.APP_URL;
    process.env.APP_URL = 'https://familycanvas.example';
    resetConfigForTests();
    try {
      expect(clearSessionCookie()).toContain('; Secure');
      expect(clearSessionCookie()).toMatch(/^__Host-fc_session=; Path=\/;/);
      const { cookie } = await startSession(owner.userId, null);
      expect(cookie.startsWith(`${secureSessionCookieName}=`)).toBe(true);
      expect(cookie.split(';').map((part) => part.trim())).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']));
      expect(cookie.toLowerCase()).not.toContain('domain=');
    } finally {
      process.env.APP_URL = appUrl;
      resetConfigForTests();
    }
    expect(clearSessionCookie()).not.toContain('Secure');
  });
});

describe('writes without a JSON content type', () => {
  // One-click unsubscribe (RFC 8058) takes the form body mailbox providers POST; it needs no
  // session and reads only its signed token (tests/integration/digest.test.ts).
  const writes = allRoutes().filter((route) => (route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT') && !route.acceptsFormBody);
  const variants: Array<{ label: string; headers: Record<string, string>; body: string }> = [
    { label: 'text/plain (what a cross-site form may send)', headers: { 'content-type': 'text/plain' }, body: '{"email":"a@example.com"}' },
    { label: 'form-urlencoded', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40example.com' },
    {
      label: 'multipart',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    },
    { label: 'a look-alike type', headers: { 'content-type': 'application/jsonp' }, body: '{}' },
    // Only a write without a body may leave out the type (the spec's bodiless POSTs).
    { label: 'no content type, with a body', headers: {}, body: '{"email":"a@example.com"}' },
    { label: 'text/plain, without a body', headers: { 'content-type': 'text/plain' }, body: '' },
  ];

  it(`are refused with 415 and code 6 on every one of the ${writes.length} POST and PATCH routes, and change nothing`, async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const cookie = owner.client.cookieHeader();
    const failures: string[] = [];
    for (const route of writes) {
      // Any parameter will do: the content type is checked before routing to the function.
      const path = route.path.replace(/\{\w+\}/g, '1');
      await Promise.all(
        variants.map(async ({ label, headers, body }) => {
          // Bytes, not a string: fetch would add text/plain to a string body.
          const response = await fetch(`${stack.apiUrl}${path}`, {
            method: route.method,
            headers: { ...headers, cookie },
            body: new TextEncoder().encode(body),
          });
          const payload = (await response.json()) as { errorCode?: number; errors?: unknown; message?: string };
          if (response.status !== 415 || payload.errorCode !== 6 || typeof payload.message !== 'string' || typeof payload.errors !== 'object') {
            failures.push(`${route.method} ${route.path} [${label}] → ${response.status} ${JSON.stringify(payload)}`);
          }
        }),
      );
    }
    expect(failures).toEqual([]);
    // Only the session read may touch its own item; nothing else changed.
    const normalise = (items: string[]) => items.map((item) => item.replace(/"idleExpiresAt":\{"N":"\d+"\}/, '').replace(/"lastSeenAt":\{"N":"\d+"\}/, ''));
    expect(normalise(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(normalise(before));
  });

  it('are accepted with a JSON content type and a charset', async () => {
    const response = await fetch(`${stack.apiUrl}/api/auth/salt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: owner.email }),
    });
    expect(response.status).toBe(200);
  });
});

describe('writes from another site (cross-site request forgery)', () => {
  const appOrigin = () => new URL(process.env.APP_URL!).origin;
  // Every write, and the one GET that writes (accepting a member invitation).
  const writes = allRoutes().filter((route) => route.method !== 'GET' || route.path === routePath('acceptMemberInvitation'));
  // A function: APP_URL is known once the stack runs.
  const refusedHeaders = (): Array<Record<string, string>> => [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'Cross-Site' },
    { 'sec-fetch-site': 'same-origin-ish' },
    // A cross-site page cannot hide behind an Origin that matches: the browser's Sec-Fetch-Site counts.
    { 'sec-fetch-site': 'cross-site', origin: appOrigin() },
    // Without Sec-Fetch-Site, an Origin that is not exactly the app's.
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: `${appOrigin()}.evil.example` },
    { origin: appOrigin().replace(/:\d+$/, '') + ':1' },
  ];

  it(`are refused with 403 and code 8 on every one of the ${writes.length} writing routes, with or without a body, and change nothing`, async () => {
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const cookie = owner.client.cookieHeader();
    const failures: string[] = [];
    for (const route of writes) {
      const path = route.path.replace(/\{\w+\}/g, '1') + (route.method === 'GET' ? '?token=x' : '');
      const hasBody = route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';
      const shapes: Array<{ body: string; type?: Record<string, string> }> = hasBody
        ? [{ type: { 'content-type': 'application/json' }, body: '{}' }, { body: '' }]
        : [{ body: '' }];
      await Promise.all(
        refusedHeaders().flatMap((headers) =>
          shapes.map(async ({ body, type }) => {
            const response = await fetch(`${stack.apiUrl}${path}`, {
              method: route.method,
              headers: { ...headers, ...type, cookie },
              ...(hasBody ? { body: new TextEncoder().encode(body) } : {}),
            });
            const payload = (await response.json()) as { errorCode?: number };
            if (response.status !== 403 || payload.errorCode !== 8) {
              failures.push(
                `${route.method} ${route.path} ${JSON.stringify(headers)} ${body ? 'JSON' : 'bodiless'} → ${response.status} ${JSON.stringify(payload)}`,
              );
            }
          }),
        ),
      );
    }
    expect(failures).toEqual([]);
    const normalise = (items: string[]) => items.map((item) => item.replace(/"idleExpiresAt":\{"N":"\d+"\}/, '').replace(/"lastSeenAt":\{"N":"\d+"\}/, ''));
    expect(normalise(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(normalise(before));
  });

  it('are accepted from the app itself: Sec-Fetch-Site same-origin or none in any case, or no Sec-Fetch-Site and the exact app origin or none', async () => {
    const allowed: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'Same-Origin' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'same-origin', origin: appOrigin() },
      { origin: appOrigin() },
      { origin: appOrigin().toUpperCase() },
      {},
    ];
    for (const headers of allowed) {
      const cookie = await newSession(owner);
      // A bodiless POST without a Content-Type, as the spec's client signs out.
      const signOut = await fetch(`${stack.apiUrl}/api/auth/signout`, { method: 'POST', headers: { ...headers, cookie } });
      expect(signOut.status, JSON.stringify(headers)).toBe(204);
      expectError(await withCookie(cookie, 'GET', routePath('getProfile')), 7);
      // A JSON write with the same headers.
      const salt = await fetch(`${stack.apiUrl}/api/auth/salt`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email }),
      });
      expect(salt.status, JSON.stringify(headers)).toBe(200);
    }
  });
});

describe('sessions that are over', () => {
  it('answer 7 after 30 idle minutes', async () => {
    const cookie = await newSession(owner);
    expect((await withCookie(cookie, 'GET', routePath('getProfile'))).status).toBe(200);
    advanceClock(sessionLifetime.idleSeconds * 1000 - 60_000);
    expect((await withCookie(cookie, 'GET', routePath('getProfile'))).status).toBe(200);
    advanceClock(sessionLifetime.idleSeconds * 1000 + 1000);
    expectError(await withCookie(cookie, 'GET', routePath('getProfile')), 7);
    expectError(await withCookie(cookie, 'POST', routePath('createEntity'), { entityTypeId: EntityType.Family, entityName: 'Late Family' }), 7);
  });

  it('answer 7 after 12 hours even when used all along', async () => {
    const cookie = await newSession(owner);
    const step = sessionLifetime.idleSeconds * 1000 - 10 * durations.minute;
    let elapsed = 0;
    while (elapsed + step < sessionLifetime.absoluteSeconds * 1000) {
      advanceClock(step);
      elapsed += step;
      const response = await withCookie(cookie, 'GET', routePath('listMemberRoles'));
      expect(response.status, `after ${Math.round(elapsed / durations.hour)} hours`).toBe(200);
    }
    advanceClock(sessionLifetime.absoluteSeconds * 1000 - elapsed + 1000);
    expectError(await withCookie(cookie, 'GET', routePath('listMemberRoles')), 7);
  });

  it('answer 7 once signed out, and the sign-out of another session leaves this one alone', async () => {
    const [first, second] = [await newSession(owner), await newSession(owner)];
    expect((await withCookie(first, 'POST', routePath('signOut'), {})).status).toBe(204);
    expectError(await withCookie(first, 'GET', routePath('getProfile')), 7);
    expectError(await withCookie(first, 'PATCH', routePath('updateUser', { userId: owner.userId }), { firstName: 'Reused' }), 7);
    expect((await withCookie(second, 'GET', routePath('getProfile'))).status).toBe(200);
  });

  it('answer 7 when the password was changed in another session', async () => {
    const account = await signUpAndConfirm(stack);
    const other = await newSession(account);
    const { body } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const salt = newSalt();
    const changed = await account.client.call('changePassword', {
      body: {
        password: hashPassword(account.plainPassword, body.salt),
        newPassword: hashPassword('Another-Secret7', salt),
        salt,
      },
    });
    expect(changed.status).toBe(204);
    expectError(await withCookie(other, 'GET', routePath('getProfile')), 7);
    expect((await account.client.call('getProfile')).status).toBe(200);
  });
});

describe('forged session cookies', () => {
  it('are refused: tampered, invented or empty', async () => {
    const cookie = await newSession(owner);
    const value = cookie.split('=')[1]!;
    const cases: Array<[string | null, number]> = [
      [tampered(cookie), 7],
      [`${sessionCookieName}=${'A'.repeat(43)}`, 7],
      [`${sessionCookieName}=${value.slice(0, 20)}`, 7],
      [`${sessionCookieName}=${value}${value}`, 7],
      [`${sessionCookieName}=${encodeURIComponent('\u0000\u202e')}`, 7],
      [`${sessionCookieName}=`, 5],
      [`other_cookie=${value}`, 5],
      [`${sessionCookieName.toUpperCase()}=${value}`, 5],
      [null, 5],
    ];
    for (const [candidate, code] of cases) {
      expectError(await withCookie(candidate, 'GET', routePath('getProfile')), code);
      expectError(await withCookie(candidate, 'POST', routePath('createEntity'), { entityTypeId: EntityType.Family, entityName: 'Forged Family' }), code);
    }
    // The genuine cookie still works, and a public route never acts on a forged one.
    expect((await withCookie(cookie, 'GET', routePath('getProfile'))).status).toBe(200);
    expectError(await withCookie(tampered(cookie), 'POST', routePath('resendConfirmationLink'), {}), 5);
  });
});

describe('single-use tokens', () => {
  it('confirmation: reused → 13, tampered or of another kind → 20', async () => {
    const body = signupBody();
    expect((await stack.client().call('signUp', { body })).status).toBe(201);
    const token = await confirmationTokenFor(stack, body.email);
    const confirm = (value: string) => stack.client().call('confirmEmail', { query: { token: value } });
    expectError(await confirm(tampered(token)), 20);
    expect((await confirm(token)).status).toBe(200);
    expectError(await confirm(token), 13);
    expectError(await confirm(tampered(token)), 20);
    // A reset token is no confirmation token.
    expect((await stack.client().call('sendReset', { body: { email: body.email } })).status).toBe(200);
    const resetToken = linkParameter((await stack.latestEmailTo(body.email)).body.text, '/reset-password', 'token');
    expectError(await confirm(resetToken), 20);
  });

  it('reset: reused, tampered or for another address → 20', async () => {
    const [account, other] = await Promise.all([signUpAndConfirm(stack), signUpAndConfirm(stack)]);
    expect((await stack.client().call('sendReset', { body: { email: account.email } })).status).toBe(200);
    const token = linkParameter((await stack.latestEmailTo(account.email)).body.text, '/reset-password', 'token');
    const reset = (email: string, value: string) => {
      const salt = newSalt();
      return stack.client().call('resetPassword', { body: { email, token: value, password: hashPassword('Brand-New-Pass1', salt), salt } });
    };
    expectError(await reset(account.email, tampered(token)), 20);
    expectError(await reset(other.email, token), 20);
    expect((await reset(account.email, token)).status).toBe(200);
    expectError(await reset(account.email, token), 20);
    // The reset ended the account's sessions; the new password works.
    expectError(await account.client.call('getProfile'), 7);
    expect((await signIn(stack.client(), account.email, 'Brand-New-Pass1')).status).toBe(200);
  });

  it('member invitation: reused → 32, tampered → 20', async () => {
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    const landing = (value: string) => stack.client().call('getMemberInvitation', { query: { token: value } });
    expectError(await landing(tampered(invitation.token)), 20);
    const invitee = await signUpWithInvitation(stack, invitation);
    expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: invitation.token } }), 32);
    expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: tampered(invitation.token) } }), 20);
    const again = await stack.client().call<'signUp', SignupResponse>('signUp', {
      body: {
        ...signupBody({ email: uniqueEmail('late') }),
        createEntityTypeId: undefined,
        createEntityName: undefined,
        memberInvitationToken: invitation.token,
      },
    });
    expect([17, 32]).toContain((again.body as unknown as { errorCode: number }).errorCode);
    expect((await landing(invitation.token)).body).toMatchObject({ accepted: true });
  });

  it('family and advisor invitations: reused → 32, tampered → 20', async () => {
    const company = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Token Advisors' });
    const familyInvitation = await inviteWorkRelation(stack, company.client, 'family');
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: tampered(familyInvitation.token) } }), 20);
    const family = await signUpWithWorkRelationInvitation(stack, 'family', familyInvitation);
    await acceptWorkRelationInvitation(family.client, 'family', { token: familyInvitation.token, entityName: 'Token Family' });
    expectError(await family.client.call('acceptFamilyInvitation', { body: { token: familyInvitation.token, entityName: 'Second Family' } }), 32);
    expectError(await family.client.call('acceptFamilyInvitation', { body: { token: tampered(familyInvitation.token), entityName: 'Second Family' } }), 20);

    const advisorInvitation = await inviteWorkRelation(stack, owner.client, 'advisor');
    expectError(await stack.client().call('getAdvisorInvitation', { query: { token: tampered(advisorInvitation.token) } }), 20);
    const advisor = await signUpWithWorkRelationInvitation(stack, 'advisor', advisorInvitation);
    await acceptWorkRelationInvitation(advisor.client, 'advisor', { token: advisorInvitation.token, entityName: 'Token Company' });
    expectError(await advisor.client.call('acceptAdvisorInvitation', { body: { token: advisorInvitation.token, entityName: 'Another Company' } }), 32);
  });

  it('an invitation token is no session and no other kind of token', async () => {
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    expectError(await withCookie(`${sessionCookieName}=${invitation.token}`, 'GET', routePath('getProfile')), 7);
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: invitation.token } }), 20);
    expectError(await stack.client().call('confirmEmail', { query: { token: invitation.token } }), 20);
  });
});

describe('sign-in throttling under a burst', () => {
  it('counts at most 5 failures of 100 rapid attempts, then makes that client wait 30 seconds even with the right password', async () => {
    const account = await addMemberWithRole(stack, owner, EntityRole.LimitedMember);
    const { body } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const wrong = { email: account.email, password: hashPassword('Wrong-Guess1', body.salt) };
    const right = { email: account.email, password: hashPassword(account.plainPassword, body.salt) };
    const codes: number[] = [];
    // Ten at a time: twice the allowance races in the first batch; the later ones meet the lock.
    for (let batch = 0; batch < 10; batch += 1) {
      const responses = await Promise.all(Array.from({ length: 10 }, () => stack.client().call<'signIn', { errorCode: number }>('signIn', { body: wrong })));
      codes.push(...responses.map((response) => response.body.errorCode));
    }
    expect(codes.filter((code) => code !== 12 && code !== 80)).toEqual([]);
    expect(codes.filter((code) => code === 12).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 80).length).toBeGreaterThanOrEqual(95);

    expectError(await stack.client().call('signIn', { body: right }), 80);
    // Another client address is not the guesser: the user gets in.
    expect((await stack.client({ sourceAddress: '127.0.0.3' }).call('signIn', { body: right })).status).toBe(200);
    // The burst itself takes real time: the wait counts from the fifth failure.
    expectError(await stack.client().call('signIn', { body: right }), 80);
    advanceClock(31 * 1000);
    expect((await stack.client().call('signIn', { body: right })).status).toBe(200);
  });
});
