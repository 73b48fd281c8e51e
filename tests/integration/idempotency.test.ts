import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeyHeader, idempotencyWindowSeconds, runOncePerKey } from '../../functions/http/idempotency';
import type { Canvas, Takeaway } from '../../shared/contracts/canvas';
import { EntityRole } from '../../shared/enums';
import { ErrorCodes } from '../../shared/errors';
import { signIn, type TestAccount } from '../support/accounts';
import { categoryNamed, expectError, familyWithCanvas, getCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * A retried write (docs/product/errors.md#retries): every route the manifest marks
 * `takesIdempotencyKey` answers a repeated `Idempotency-Key` of the same user with its first
 * success, and does nothing again, for 24 hours. Real handlers on DynamoDB Local.
 */

const stack = useIntegrationStack();
let family: FamilyWithCanvas;
let member: TestAccount;
let categoryId: number;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Retry Family');
  member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Nora');
  categoryId = categoryNamed(family.canvas, 'Our Values').id;
});

afterEach(() => {
  vi.useRealTimers();
});

const createTakeaway = (account: TestAccount, key: string | undefined, title: string) =>
  account.client.request<Takeaway>(
    'POST',
    routePath('createTakeaway', { categoryId }),
    { title, categoryId },
    key === undefined ? {} : { headers: { [idempotencyKeyHeader]: key } },
  );

async function takeawaysTitled(title: string): Promise<Takeaway[]> {
  const canvas: Canvas = await getCanvas(family.owner.client);
  return canvas.sections.flatMap((s) => s.categories).flatMap((c) => c.takeaways.filter((t) => t.title === title));
}

describe('a create sent again with the same key', () => {
  it('makes one item and answers the first result again (same status and body)', async () => {
    const key = randomUUID();
    const first = await createTakeaway(family.owner, key, 'Kindness first');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The answer was lost on the way: the browser sends the same write again with its key.
    const retry = await createTakeaway(family.owner, key, 'Kindness first');
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await takeawaysTitled('Kindness first')).toHaveLength(1);
  });

  it('without a key a second send makes a second item (the key is what prevents it)', async () => {
    expect((await createTakeaway(family.owner, undefined, 'Twice without key')).status).toBe(201);
    expect((await createTakeaway(family.owner, undefined, 'Twice without key')).status).toBe(201);
    expect(await takeawaysTitled('Twice without key')).toHaveLength(2);
  });

  it('with another body is refused (86, 422) and changes nothing', async () => {
    const key = randomUUID();
    expect((await createTakeaway(family.owner, key, 'Patience')).status).toBe(201);
    const other = await createTakeaway(family.owner, key, 'Patience, edited');
    expectError(other, ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    expect(other.status).toBe(422);
    expect(await takeawaysTitled('Patience, edited')).toHaveLength(0);
    expect(await takeawaysTitled('Patience')).toHaveLength(1);
  });

  it("another user's equal key is their own: it never answers the first user's result", async () => {
    const key = randomUUID();
    const owners = await createTakeaway(family.owner, key, 'Honesty');
    const members = await createTakeaway(member, key, 'Honesty');
    expect(owners.status).toBe(201);
    expect(members.status).toBe(201);
    expect(members.body.id).not.toBe(owners.body.id);
    expect(members.body.createdByUserId).toBe(member.userId);
    expect(members.headers.get('idempotent-replayed')).toBeNull();
    expect(await takeawaysTitled('Honesty')).toHaveLength(2);
  });

  it('sent several times at once: one item; each answer is the first result or "still being processed" (87)', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => createTakeaway(family.owner, key, 'All at once')));
    const made = answers.filter((answer) => answer.status === 201);
    expect(made.length).toBeGreaterThan(0);
    expect(new Set(made.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expectError(answer, ErrorCodes.IDEMPOTENCY_KEY_IN_USE);
    expect(await takeawaysTitled('All at once')).toHaveLength(1);
  });

  it('a refusal is not kept: the same key works once the write is allowed', async () => {
    const key = randomUUID();
    // An empty title is a validation error (2): nothing saved, nothing kept for the key.
    const refused = await createTakeaway(family.owner, key, '');
    expectError(refused, ErrorCodes.VALIDATION_ERROR);
    const again = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', {
      params: { categoryId },
      body: { title: '', categoryId },
      headers: { [idempotencyKeyHeader]: key },
    });
    expectError(again, ErrorCodes.VALIDATION_ERROR);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a malformed key is refused (6) before anything is saved', async () => {
    const refused = await createTakeaway(family.owner, 'has spaces in it', 'Malformed key');
    expectError(refused, ErrorCodes.INCORRECT_INPUT);
    expect(await takeawaysTitled('Malformed key')).toHaveLength(0);
  });

  it('after 24 hours the key is free again: a new item (the record counts as absent though DynamoDB Local keeps it)', async () => {
    const key = randomUUID();
    const first = await createTakeaway(family.owner, key, 'Next day');
    expect(first.status).toBe(201);
    // Powertools reads Date.now() (docs/architecture-decisions.md "Idempotent writes"): the test moves it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (idempotencyWindowSeconds + 60) * 1000 });
    // The session has ended meanwhile (12 hours at most): signed in again, the key is still the user's.
    expect((await signIn(family.owner.client, family.owner.email, family.owner.plainPassword)).status).toBe(200);
    const nextDay = await createTakeaway(family.owner, key, 'Next day');
    expect(nextDay.status, JSON.stringify(nextDay.body)).toBe(201);
    expect(nextDay.body.id).not.toBe(first.body.id);
    expect(nextDay.headers.get('idempotent-replayed')).toBeNull();
    expect(await takeawaysTitled('Next day')).toHaveLength(2);
  });
});

describe('other writes that are not idempotent by themselves', () => {
  it('a vote sent again with its key answers as the first time and counts once', async () => {
    const takeaway = (await createTakeaway(family.owner, undefined, 'Vote on me')).body;
    const key = randomUUID();
    const vote = () => member.client.call('addTakeawayVote', { params: { takeawayId: takeaway.id }, headers: { [idempotencyKeyHeader]: key } });
    const first = await vote();
    expect(first.status, JSON.stringify(first.body)).toBeLessThan(300);
    const retry = await vote();
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    const [stored] = await takeawaysTitled('Vote on me');
    expect(stored!.votes.map((v) => v.userId)).toEqual([member.userId]);
  });

  it('an update route ignores the key (its `version` makes a repeat harmless)', async () => {
    const takeaway = (await createTakeaway(family.owner, undefined, 'Edit me')).body;
    const key = randomUUID();
    const edit = await family.owner.client.call<'updateTakeaway', Takeaway>('updateTakeaway', {
      params: { id: takeaway.id },
      body: { title: 'Edited', version: takeaway.version },
      headers: { [idempotencyKeyHeader]: key },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('invitations', () => {
  it('an invitation created and mailed, each sent again with its key: one invitation, one mail', async () => {
    const email = `retried-${randomUUID().slice(0, 8)}@example.com`;
    const createKey = randomUUID();
    const create = () =>
      family.owner.client.call<'createMemberInvitation', { id: string }>('createMemberInvitation', {
        body: { email, entityRoleId: EntityRole.FullMember },
        headers: { [idempotencyKeyHeader]: createKey },
      });
    const created = await create();
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const again = await create();
    expect(again.body).toEqual(created.body);
    const list = await family.owner.client.call<'listMemberInvitations', Array<{ email: string }> | { results: Array<{ email: string }> }>(
      'listMemberInvitations',
    );
    const invitations = Array.isArray(list.body) ? list.body : list.body.results;
    expect(invitations.filter((invitation) => invitation.email === email)).toHaveLength(1);

    const sendKey = randomUUID();
    const send = () => family.owner.client.call('sendMemberInvitationEmail', { body: { id: created.body.id }, headers: { [idempotencyKeyHeader]: sendKey } });
    expect((await send()).status).toBe(200);
    await stack.waitForEmails(email, 1);
    const resent = await send();
    expect(resent.status).toBe(200);
    expect(resent.headers.get('idempotent-replayed')).toBe('true');
    // A send without a key comes after: had the retry mailed, its mail would be there before this one.
    expect((await family.owner.client.call('sendMemberInvitationEmail', { body: { id: created.body.id } })).status).toBe(200);
    await stack.waitForEmails(email, 2);
    expect(await stack.emailsTo(email)).toHaveLength(2);
  });
});

describe('the key store (functions/http/idempotency.ts) on the table', () => {
  it('a second request while the first is still at work is refused (87) and does not run', async () => {
    const userId = `user-${randomUUID()}`;
    const key = randomUUID();
    const request = { method: 'POST', path: '/api/x', body: { a: 1 } };
    const context = { getRemainingTimeInMillis: () => 29_000 };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let runs = 0;
    const first = runOncePerKey({ userId, key, request }, context, async () => {
      runs += 1;
      started();
      await held;
      return { statusCode: 201, body: '{"id":"one"}' };
    });
    await running;
    await expect(
      runOncePerKey({ userId, key, request }, context, async () => {
        runs += 1;
        return { statusCode: 201, body: '{"id":"two"}' };
      }),
    ).rejects.toMatchObject({ errorName: 'IDEMPOTENCY_KEY_IN_USE' });
    release();
    expect(await first).toEqual({ answer: { statusCode: 201, body: '{"id":"one"}' }, replayed: false });
    expect(runs).toBe(1);
    const replay = await runOncePerKey({ userId, key, request }, context, async () => ({ statusCode: 500, body: 'never' }));
    expect(replay).toEqual({ answer: { statusCode: 201, body: '{"id":"one"}' }, replayed: true });
  });
});
