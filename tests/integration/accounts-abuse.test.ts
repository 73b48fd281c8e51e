import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InviteEntityOptionsResponse } from '../../shared/contracts/work-relations';
import { EntityRole, EntityType } from '../../shared/enums';
import { allRoutes } from '../../shared/routes';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { mailLimits } from '../../functions/lib/limits/mail';
import { steadyAnswerMs } from '../../functions/lib/limits/steady-answer';
import { signinThrottle } from '../../functions/records/signin-throttle';
import { hashPassword, linkParameter, newSalt, signIn, signUpAndConfirm, signupBody, type TestAccount } from '../support/accounts';
import { expectError } from '../support/canvas';
import { uniqueEmail, useIntegrationStack, type ApiClient } from '../support/integration';
import { inviteMember } from '../support/organisations';
import { snapshotTable } from '../support/table';
import { routePath } from '../support/route-calls';

/**
 * Abuse and input (the "accounts advisory firms can trust" issue, part A): e-mail checks
 * in linear time, mail limits per recipient and sender, the contact form's
 * acknowledgement, sign-in and change-password throttling per client, steady answers for
 * reset and resend, single-line fields and lone surrogates, reset tokens that die with a
 * password change, state-changing GETs, and invite lists that do not probe ids.
 */

const stack = useIntegrationStack();

afterEach(() => resetClock());

let owner: TestAccount;

beforeAll(async () => {
  owner = await signUpAndConfirm(stack);
});

const codeOf = (response: { body: unknown }) => (response.body as { errorCode?: number }).errorCode;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const startedAt = performance.now();
  const result = await work();
  return { result, ms: performance.now() - startedAt };
}

async function resetTokenAfter(email: string, known: number): Promise<string> {
  const mails = await stack.waitForEmails(email, known + 1, { subject: /Reset your/ });
  return linkParameter(mails.at(-1)?.body.text, '/reset-password', 'token');
}

const resetMails = async (email: string) => (await stack.emailsTo(email)).filter((mail) => mail.subject.includes('Reset your')).length;

describe('1. e-mail validation in linear time', () => {
  // A value the old pattern (/^[^\s@]+@[^\s@]+\.[^\s@]+$/) backtracks on quadratically: many
  // dots in the domain and a character at the end that fails it. Just under the 64 KB body limit.
  const hostile = `a@${'a.'.repeat(32_000)}@`;

  it('refuses a 64 KB e-mail on every route that takes one as fast as a short malformed one (within ten times), and a cheap request sent alongside is not slowed', async () => {
    const client = stack.client();
    const routes: Array<[string, Record<string, unknown>]> = [
      [routePath('getSalt'), { email: hostile }],
      [routePath('signIn'), { email: hostile, password: hashPassword('Whatever-1', newSalt()) }],
      [routePath('sendReset'), { email: hostile }],
      [routePath('resendConfirmationLink'), { email: hostile }],
      [routePath('sendContactMessage'), { firstName: 'Eve', lastName: 'Mallory', email: hostile, subject: 'Hello', message: 'Hello there' }],
      [routePath('signUp'), { ...signupBody(), email: hostile }],
      [routePath('createMemberInvitation'), { email: hostile, entityRoleId: EntityRole.LimitedMember }],
    ];
    const send = (path: string, body: Record<string, unknown>) => (path === routePath('createMemberInvitation') ? owner.client : client).post(path, body);
    // The yardstick, measured on this machine now (a busy machine slows both alike): the same
    // routes refusing a short malformed address. The old pattern took seconds on the hostile one.
    const yardstick = await Promise.all([
      timed(() => client.call('listPrefixes')),
      ...routes.map(([path, body]) => timed(() => send(path, { ...body, email: 'a@b.' }))),
    ]);
    const bound = Math.max(1000, 10 * Math.max(...yardstick.map(({ ms }) => ms)));
    const [cheap, ...answers] = await Promise.all([timed(() => client.call('listPrefixes')), ...routes.map(([path, body]) => timed(() => send(path, body)))]);
    for (const [index, { result, ms }] of answers.entries()) {
      const path = routes[index]![0];
      expect(result.status, path).toBe(400);
      expect((result.body as { errors: Record<string, string[]> }).errors.email, path).toEqual(['forms.errorMessages.tooLong']);
      expect(ms, path).toBeLessThan(bound);
    }
    expect(cheap.result.status).toBe(200);
    expect(cheap.ms).toBeLessThan(bound);
  });
});

describe('2. mail limits per recipient and per sender', () => {
  // Every operation awaits its mail before it answers (functions/domain/mail/mailer.ts), so the
  // mailbox read after an answer is final: no wait is needed to see that nothing more came.
  it('sends at most 5 reset mails an hour to one address, then answers as before and sends nothing, for an unknown address the same', async () => {
    const account = await signUpAndConfirm(stack);
    const unknown = uniqueEmail('nobody');
    const client = stack.client({ sourceAddress: '127.0.0.11' });
    for (let round = 0; round < mailLimits.perRecipient.max; round += 1) {
      expect((await client.call('sendReset', { body: { email: account.email } })).status).toBe(200);
      expect((await client.call('sendReset', { body: { email: unknown } })).status).toBe(200);
    }
    const known = await client.call('sendReset', { body: { email: account.email } });
    const none = await client.call('sendReset', { body: { email: unknown } });
    // Whoever used the address's mails up cannot turn its owner away (the newest link works):
    // the same answer as ever, for a known and an unknown address alike, and no sixth mail.
    expect(known.status).toBe(200);
    expect(none.status).toBe(200);
    expect(known.body).toEqual({ email: account.email });
    expect(none.body).toEqual({ email: unknown });
    expect(await resetMails(account.email)).toBe(5);
    // An hour later the address gets mail again.
    advanceClock(durations.hour);
    expect((await client.call('sendReset', { body: { email: account.email } })).status).toBe(200);
    await resetTokenAfter(account.email, 5);
  });

  it("sends at most 5 confirmation links an hour to one address, the signup's own included", async () => {
    const body = signupBody();
    expect((await stack.client().call('signUp', { body })).status).toBe(201);
    const client = stack.client({ sourceAddress: '127.0.0.12' });
    for (let round = 0; round < 4; round += 1) expect((await client.call('resendConfirmationLink', { body: { email: body.email } })).status).toBe(200);
    expectError(await client.call('resendConfirmationLink', { body: { email: body.email } }), 80);
    // The signup's mail and four resends.
    expect(await stack.emailsTo(body.email)).toHaveLength(5);
  });

  it('limits anonymous mail per client address over many recipients; another client is not affected', async () => {
    const flooder = stack.client({ sourceAddress: '127.0.0.13' });
    const answers = await Promise.all(
      Array.from({ length: mailLimits.perClient.max + 3 }, () => flooder.call('sendReset', { body: { email: uniqueEmail('flood') } })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(mailLimits.perClient.max);
    expect(answers.filter((answer) => codeOf(answer) === 80)).toHaveLength(3);
    expect((await stack.client({ sourceAddress: '127.0.0.14' }).call('sendReset', { body: { email: uniqueEmail('other') } })).status).toBe(200);
  });

  it('sends a member invitation at most 5 times an hour to one address; beyond it 80, no mail, and the last link keeps working', async () => {
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    for (let round = 1; round < 5; round += 1) expect((await owner.client.call('sendMemberInvitationEmail', { body: { id: invitation.id } })).status).toBe(200);
    const mails = await stack.emailsTo(invitation.email);
    expect(mails).toHaveLength(5);
    expectError(await owner.client.call('sendMemberInvitationEmail', { body: { id: invitation.id } }), 80);
    expect(await stack.emailsTo(invitation.email)).toHaveLength(5);
    const lastToken = linkParameter(mails.at(-1)?.body.text, '/member-invitation', 'token');
    expect((await stack.client().call('getMemberInvitation', { query: { token: lastToken } })).status).toBe(200);
  });

  it('limits advisor and family invitation mail per recipient the same way', async () => {
    const email = uniqueEmail('advisor');
    const created = await owner.client.call<'createAdvisorInvitation', { id: string }>('createAdvisorInvitation', { body: { email, canvasSections: [] } });
    expect(created.status).toBe(201);
    for (let round = 0; round < 5; round += 1)
      expect((await owner.client.call('sendAdvisorInvitationEmail', { body: { id: created.body.id } })).status).toBe(200);
    expectError(await owner.client.call('sendAdvisorInvitationEmail', { body: { id: created.body.id } }), 80);

    const company = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Limit Advisors' });
    const familyEmail = uniqueEmail('family');
    const invited = await company.client.call<'createFamilyInvitation', { id: string }>('createFamilyInvitation', { body: { email: familyEmail } });
    for (let round = 0; round < 5; round += 1)
      expect((await company.client.call('sendFamilyInvitationEmail', { body: { id: invited.body.id } })).status).toBe(200);
    expectError(await company.client.call('sendFamilyInvitationEmail', { body: { id: invited.body.id } }), 80);
    expect(await stack.emailsTo(email)).toHaveLength(5);
    expect(await stack.emailsTo(familyEmail)).toHaveLength(5);
  });

  it('contact form: the sender gets a fixed acknowledgement at most once a day, never the text; 5 messages an hour per address, then 80 and nothing stored', async () => {
    const email = uniqueEmail('contact');
    const client = stack.client({ sourceAddress: '127.0.0.15' });
    const message = (n: number) => ({ firstName: 'Ada', lastName: 'Lovelace', email, subject: `Question ${n}`, message: `Secret text ${n}\nsecond line` });
    for (let n = 1; n <= 5; n += 1) expect((await client.call('sendContactMessage', { body: message(n) })).status).toBe(201);
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expectError(await client.call('sendContactMessage', { body: message(6) }), 80);
    expect((await snapshotTable(stack.dynamoEndpoint, stack.tableName)).filter((item) => !before.includes(item) && !item.includes('LimitCounter'))).toEqual([]);
    const toSender = await stack.emailsTo(email);
    expect(toSender).toHaveLength(1);
    expect(toSender[0]!.body.text).not.toContain('Secret text');
    expect(toSender[0]!.subject).not.toContain('Question');
    // The next day: one more acknowledgement.
    advanceClock(durations.day);
    expect((await client.call('sendContactMessage', { body: message(7) })).status).toBe(201);
    expect(await stack.emailsTo(email)).toHaveLength(2);
  });
});

describe('3. sign-in and change-password throttling per client', () => {
  it('the change-password check of the current password waits after 5 failures from one client, not from another', async () => {
    const account = await signUpAndConfirm(stack);
    const { body: current } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const salt = newSalt();
    const change = (client: ApiClient, plain: string) =>
      client.call('changePassword', { body: { password: hashPassword(plain, current.salt), newPassword: hashPassword('Changed-Pass7', salt), salt } });
    for (let attempt = 1; attempt <= 5; attempt += 1) expectError(await change(account.client, `Wrong-Guess${attempt}`), 22);
    expectError(await change(account.client, account.plainPassword), 80);
    // The same session from another client address (the user on another network) is not held up.
    const elsewhere = stack.client({ sourceAddress: '127.0.0.21' });
    expect(
      (
        await elsewhere.call('changePassword', {
          body: { password: hashPassword(account.plainPassword, current.salt), newPassword: hashPassword('Changed-Pass7', salt), salt },
          headers: { cookie: account.client.cookieHeader() },
        })
      ).status,
    ).toBe(204);
  });

  it('a shared budget of unknown clients stops guesses spread over many clients, each of which stays under its own allowance', async () => {
    const account = await signUpAndConfirm(stack);
    const { body } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const wrong = { email: account.email, password: hashPassword('Wrong-Guess1', body.salt) };
    const clients = (2 * signinThrottle.unknownClients.freeFailures) / signinThrottle.freeFailures;
    for (let index = 0; index < clients; index += 1) {
      const client = stack.client({ sourceAddress: `127.0.1.${index + 1}` });
      const answers = await Promise.all(Array.from({ length: signinThrottle.freeFailures }, () => client.call('signIn', { body: wrong })));
      expect(answers.every((answer) => codeOf(answer) === 12 || codeOf(answer) === 80)).toBe(true);
    }
    // A client none of the guesses came from, without this account's device cookie: it shares the budget.
    expectError(await signIn(stack.client({ sourceAddress: '127.0.2.1' }), account.email, account.plainPassword), 80);
    advanceClock(signinThrottle.unknownClients.maxDelaySeconds * 1000);
    expect((await signIn(stack.client({ sourceAddress: '127.0.2.1' }), account.email, account.plainPassword)).status).toBe(200);
  });
});

describe('4. reset and resend answer in the same time whether the account exists or not', () => {
  it('takes the steady time for a known and an unknown address alike', async () => {
    const account = await signUpAndConfirm(stack);
    const unconfirmed = signupBody();
    await stack.client().call('signUp', { body: unconfirmed });
    const client = stack.client({ sourceAddress: '127.0.0.31' });
    // Medians of 4 (within the limits of 5 mails per address), known and unknown taken in turn, so a busy moment of the machine hits both alike.
    const medians = async (path: string, knownEmail: string, unknownEmail: string) => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 4; round += 1) {
        known.push((await timed(() => client.post(path, { email: knownEmail }))).ms);
        unknown.push((await timed(() => client.post(path, { email: unknownEmail }))).ms);
      }
      const mid = (times: number[]) => times.sort((a, b) => a - b)[1]!;
      return [mid(known), mid(unknown)] as const;
    };
    const pairs: Array<[string, string, string]> = [
      [routePath('sendReset'), account.email, uniqueEmail('nobody')],
      [routePath('resendConfirmationLink'), unconfirmed.email, uniqueEmail('nobody')],
    ];
    for (const [path, knownEmail, unknownEmail] of pairs) {
      const [known, unknown] = await medians(path, knownEmail, unknownEmail);
      expect(known, path).toBeGreaterThanOrEqual(steadyAnswerMs - 5);
      expect(unknown, path).toBeGreaterThanOrEqual(steadyAnswerMs - 5);
      expect(Math.abs(known - unknown), path).toBeLessThan(100);
    }
  });
});

describe('5. single-line fields, header injection and lone surrogates', () => {
  it('refuses line breaks and bidirectional controls in names, titles, entity names and subjects with 2 naming the field', async () => {
    const cases: Array<{ client: ApiClient; method: string; path: string; body: Record<string, unknown>; field: string }> = [
      {
        client: stack.client(),
        method: 'POST',
        path: routePath('signUp'),
        body: { ...signupBody(), firstName: 'Ada\r\nBcc: victim@example.com' },
        field: 'firstName',
      },
      {
        client: stack.client(),
        method: 'POST',
        path: routePath('signUp'),
        body: { ...signupBody(), createEntityName: 'Family \u202Egnp.exe' },
        field: 'createEntityName',
      },
      {
        client: owner.client,
        method: 'PATCH',
        path: routePath('updateUser', { userId: owner.userId }),
        body: { lastName: 'Love\u2066lace' },
        field: 'lastName',
      },
      {
        client: owner.client,
        method: 'POST',
        path: routePath('createEntity'),
        body: { entityTypeId: EntityType.Family, entityName: 'Two\nLines' },
        field: 'entityName',
      },
      { client: owner.client, method: 'PATCH', path: routePath('updateCanvasTitle'), body: { title: 'Our\u200F canvas' }, field: 'title' },
      {
        client: stack.client(),
        method: 'POST',
        path: routePath('sendContactMessage'),
        body: {
          firstName: 'Eve',
          lastName: 'Mallory',
          email: uniqueEmail('inject'),
          subject: 'Hi\r\nBcc: everyone@example.com',
          message: 'A message\nover lines is fine',
        },
        field: 'subject',
      },
    ];
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    for (const { client, method, path, body, field } of cases) {
      const response = await client.request<{ errorCode: number; errors: Record<string, string[]> }>(method, path, body);
      expect(response.status, `${path} ${field}`).toBe(400);
      expect(response.body.errorCode).toBe(2);
      expect(response.body.errors[field], `${path} ${field}`).toEqual(['forms.errorMessages.singleLine']);
    }
    const normalise = (items: string[]) => items.map((item) => item.replace(/"(idleExpiresAt|lastSeenAt)":\{"N":"\d+"\}/g, ''));
    expect(normalise(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(normalise(before));
  });

  it('refuses unpaired UTF-16 surrogates everywhere in a body: any field, multi-line or token, and keys (2, naming the field)', async () => {
    const client = stack.client();
    // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
    const message = await client.call<'sendContactMessage', { errorCode: number; errors: Record<string, string[]> }>('sendContactMessage', {
      rawBody: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('surrogate'), subject: 'Hello', message: 'Broken \ud800 text' }),
    });
    expect(message.body).toMatchObject({ errorCode: 2, errors: { message: ['forms.errorMessages.invalidInput'] } });
    const answer = await owner.client.call<'updateUser', { errorCode: number; errors: Record<string, string[]> }>('updateUser', {
      params: { userId: owner.userId },
      rawBody: JSON.stringify({ firstName: 'Ada\udc00' }),
    });
    expect(answer.body).toMatchObject({ errorCode: 2, errors: { firstName: ['forms.errorMessages.invalidInput'] } });
    const token = await client.call<'resetPassword', { errorCode: number }>('resetPassword', {
      rawBody: JSON.stringify({ email: owner.email, token: 'abc\udbff', password: hashPassword('New-Secret9', newSalt()), salt: newSalt() }),
    });
    expect(token.body).toMatchObject({ errorCode: 2, errors: { token: ['forms.errorMessages.invalidInput'] } });
    const key = await client.call<'getSalt', { errorCode: number; errors: Record<string, string[]> }>('getSalt', {
      rawBody: JSON.stringify({ email: owner.email, ['k\ud800']: 1 }),
    });
    expect(key.body).toMatchObject({ errorCode: 2, errors: { 'k\ud800': ['forms.errorMessages.invalidInput'] } });
    // A URL cannot carry one: percent-encoded surrogate bytes are no UTF-8 and decode to U+FFFD.
    expect((await client.call('getMemberInvitation', { rawQuery: 'token=%ED%A0%80' })).status).toBe(400);
  });
});

describe('6. reset tokens die with a reset or a password change', () => {
  it('a successful reset kills every other reset link of the user', async () => {
    const account = await signUpAndConfirm(stack);
    const client = stack.client({ sourceAddress: '127.0.0.41' });
    await client.call('sendReset', { body: { email: account.email } });
    const first = await resetTokenAfter(account.email, 0);
    await client.call('sendReset', { body: { email: account.email } });
    const second = await resetTokenAfter(account.email, 1);
    const reset = (token: string) => {
      const salt = newSalt();
      return stack.client().call('resetPassword', { body: { email: account.email, token, password: hashPassword('Fresh-Secret8', salt), salt } });
    };
    expect((await reset(second)).status).toBe(200);
    expectError(await reset(first), 20);
  });

  it('a password change kills the reset links sent before it', async () => {
    const account = await signUpAndConfirm(stack);
    await stack.client({ sourceAddress: '127.0.0.42' }).call('sendReset', { body: { email: account.email } });
    const token = await resetTokenAfter(account.email, 0);
    const { body: current } = await stack.client().call<'getSalt', { salt: string }>('getSalt', { body: { email: account.email } });
    const salt = newSalt();
    expect(
      (
        await account.client.call('changePassword', {
          body: {
            password: hashPassword(account.plainPassword, current.salt),
            newPassword: hashPassword('Changed-Pass7', salt),
            salt,
          },
        })
      ).status,
    ).toBe(204);
    const resetSalt = newSalt();
    expectError(
      await stack
        .client()
        .call('resetPassword', { body: { email: account.email, token, password: hashPassword('Fresh-Secret8', resetSalt), salt: resetSalt } }),
      20,
    );
  });
});

describe('7. state-changing GETs', () => {
  const changing = allRoutes().filter((route) => route.changesState);

  it('are the e-mail confirmation and accepting a member invitation, and each refuses a cross-site request with 8 and changes nothing', async () => {
    expect(changing.map((route) => route.name).sort()).toEqual(['acceptMemberInvitation', 'confirmEmail']);
    const body = signupBody();
    await stack.client().call('signUp', { body });
    const confirmation = linkParameter((await stack.latestEmailTo(body.email)).body.text, '/email-confirmation', 'token');
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    const invitee = await signUpAndConfirm(stack, { email: invitation.email });
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    for (const fetchSite of ['cross-site', 'same-site', 'CROSS-SITE']) {
      expectError(await stack.client().call('confirmEmail', { query: { token: confirmation }, headers: { 'sec-fetch-site': fetchSite } }), 8);
      expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: invitation.token }, headers: { 'sec-fetch-site': fetchSite } }), 8);
    }
    const normalise = (items: string[]) => items.map((item) => item.replace(/"(idleExpiresAt|lastSeenAt)":\{"N":"\d+"\}/g, ''));
    expect(normalise(await snapshotTable(stack.dynamoEndpoint, stack.tableName))).toEqual(normalise(before));
    // From the app itself both work.
    expect((await stack.client().call('confirmEmail', { query: { token: confirmation }, headers: { 'sec-fetch-site': 'Same-Origin' } })).status).toBe(200);
    expect(
      (await invitee.client.call('acceptMemberInvitation', { query: { token: invitation.token }, headers: { 'sec-fetch-site': 'same-origin' } })).status,
    ).toBe(200);
  });
});

describe('8. invite lists answer the same for any id', () => {
  it('list-families-for-invite and list-advisor-companies-for-invite: an id that does not exist, one of the other type and a stranger entity answer alike', async () => {
    const company = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Probe Advisors' });
    const stranger = await signUpAndConfirm(stack, { createEntityName: 'Stranger Family' });
    const otherCompany = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Other Advisors' });
    for (const [path, caller, ids] of [
      [routePath('getEntity', { entityId: 'list-families-for-invite' }), owner, [999_999, stranger.entityId, otherCompany.entityId]],
      [routePath('getEntity', { entityId: 'list-advisor-companies-for-invite' }), company, [999_999, otherCompany.entityId, stranger.entityId]],
    ] as const) {
      const answers = await Promise.all(ids.map((id) => caller.client.get<InviteEntityOptionsResponse>(`${path}/${id}`)));
      for (const answer of answers) {
        expect(answer.status, path).toBe(200);
        expect(answer.body, path).toEqual(answers[0]!.body);
      }
      expect(answers[0]!.body.every((option) => !option.isAlreadyRelated)).toBe(true);
    }
  });
});
