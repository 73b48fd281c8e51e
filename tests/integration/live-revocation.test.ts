import { beforeAll, describe, expect, it } from 'vitest';
import type { Takeaway } from '../../shared/contracts/canvas';
import type { CloseReason, LiveServerMessage } from '../../shared/contracts/live';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import { hashPassword, linkParameter, newSalt, signIn, type TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { LiveSocket, liveSocketsOf } from '../support/live';
import { addPasskey, integrationOrigin, SoftAuthenticator } from '../support/passkeys';

/**
 * Revocation of the live channel: each way of losing a right closes (or re-filters) the
 * affected sockets within 5 seconds, with `closed` and its reason first; a closed socket
 * receives nothing after it. Real handlers, real sockets, DynamoDB Local's stream.
 */

const stack = useIntegrationStack();
const revocationBudgetMs = 5000;

let family: FamilyWithCanvas;
let sharedSectionId: number;
let sharedCategoryId: number;
let hiddenSectionId: number;
let hiddenCategoryId: number;
/** The owner's own socket, which keeps every right: the fence of the "nothing more arrived" checks. */
let witness: LiveSocket;
const open = liveSocketsOf(stack);

async function takeaway(categoryId: number, title: string): Promise<Takeaway> {
  const response = await family.owner.client.call<'createTakeaway', Takeaway>('createTakeaway', { params: { categoryId }, body: { title, categoryId } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Waits for `closed` with the reason and the close itself, within the budget; then a write reaches it no more. */
async function expectClosed(socket: LiveSocket, reason: CloseReason, startedAt: number): Promise<void> {
  const closed = await socket.waitFor((message) => message.type === 'closed', { timeoutMs: revocationBudgetMs });
  expect(closed).toEqual({ type: 'closed', reason });
  await Promise.race([socket.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), revocationBudgetMs))]);
  expect(Date.now() - startedAt).toBeLessThan(revocationBudgetMs);
  const count = socket.messages.length;
  expect(socket.messages.at(-1)).toEqual(closed);
  const after = await takeaway(sharedCategoryId, 'After the close');
  // The sender delivers each change to every socket of the canvas at once: once the witness has it, the closed socket would have too.
  await witness.waitFor((message) => isChange(message) && message.event.itemId === after.id);
  expect(socket.messages.length).toBe(count);
}

const isChange = (message: LiveServerMessage): message is Extract<LiveServerMessage, { type: 'change' }> => message.type === 'change';

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Revoking Family');
  sharedSectionId = family.canvas.sections[0]!.id;
  sharedCategoryId = family.canvas.sections[0]!.categories[0]!.id;
  hiddenSectionId = family.canvas.sections[1]!.id;
  hiddenCategoryId = family.canvas.sections[1]!.categories[0]!.id;
  witness = await open(family.owner.client);
});

describe('sessions that end', () => {
  it('signing out closes that session’s sockets (signedOut), not the user’s other sessions', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Leaving');
    const otherSession = stack.client();
    expect((await signIn(otherSession, member.email, member.plainPassword)).status).toBe(200);
    const signedOut = await open(member.client);
    const stays = await open(otherSession);
    const startedAt = Date.now();
    expect((await member.client.call('signOut')).status).toBe(204);
    await expectClosed(signedOut, 'signedOut', startedAt);
    expect(stays.isOpen).toBe(true);
    await stays.waitFor((message) => isChange(message) && message.event.title === 'After the close');
  });

  it('a password change closes the sockets of the user’s other sessions; a reset closes all', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Changing');
    const otherSession = stack.client();
    expect((await signIn(otherSession, member.email, member.plainPassword)).status).toBe(200);
    const own = await open(member.client);
    const other = await open(otherSession);
    const current = (await member.client.call<'getSalt', { salt: string }>('getSalt', { body: { email: member.email } })).body.salt;
    const salt = newSalt();
    const startedAt = Date.now();
    const changed = await member.client.call('changePassword', {
      body: {
        password: hashPassword(member.plainPassword, current),
        newPassword: hashPassword('Other-Password-9', salt),
        salt,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(204);
    await expectClosed(other, 'signedOut', startedAt);
    expect(own.isOpen).toBe(true);

    expect((await stack.client().call('sendReset', { body: { email: member.email } })).status).toBe(200);
    const token = linkParameter((await stack.latestEmailTo(member.email)).body.text, '/reset-password', 'token');
    const resetSalt = newSalt();
    const resetStartedAt = Date.now();
    const reset = await stack
      .client()
      .call('resetPassword', { body: { email: member.email, token, password: hashPassword('Reset-Password-9', resetSalt), salt: resetSalt } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await expectClosed(own, 'signedOut', resetStartedAt);
  });
});

describe('rights that go', () => {
  it('removal from the family closes the member’s sockets (accessRemoved)', async () => {
    const member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Removed');
    const socket = await open(member.client);
    const startedAt = Date.now();
    expect((await family.owner.client.call('removeMember', { params: { memberId: member.userId } })).status).toBe(204);
    await expectClosed(socket, 'accessRemoved', startedAt);
  });

  it('removal from the advisor company closes the advisor’s sockets (accessRemoved)', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Parting Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Parting');
    const socket = await open(advisor.client, family.familyId);
    const startedAt = Date.now();
    expect((await company.client.call('removeMember', { params: { memberId: advisor.userId } })).status).toBe(204);
    await expectClosed(socket, 'accessRemoved', startedAt);
  });

  it('the family removing an advisor’s canvas role closes their socket; a narrower role keeps it open', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Role Advisors');
    const narrowed: TestAccount = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Narrowed');
    const removed: TestAccount = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Removed');
    const keeps = await open(narrowed.client, family.familyId);
    const goes = await open(removed.client, family.familyId);
    const startedAt = Date.now();
    expect(
      (
        await family.owner.client.call('updateWorkRelationMember', {
          params: { memberId: narrowed.userId, entityId: family.familyId },
          body: {
            workRelationRoleId: WorkRelationRole.Limited,
          },
        })
      ).status,
    ).toBe(200);
    expect((await family.owner.client.call('removeWorkRelationMember', { params: { memberId: removed.userId, entityId: family.familyId } })).status).toBe(204);
    await expectClosed(goes, 'accessRemoved', startedAt);
    expect(keeps.isOpen).toBe(true);
    await keeps.waitFor((message) => isChange(message) && message.event.title === 'After the close');
    // The narrower role is told (no section hidden: it may no longer edit), once.
    expect(keeps.messages.filter((message) => message.type === 'accessChanged')).toEqual([{ type: 'accessChanged', sectionsHidden: [] }]);
  });

  it('an advisor company requiring two-factor sign-in closes the sockets of members without it, and of one who removes their last passkey', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Strict Live Advisors');
    const without = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Factorless');
    const withPasskey = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Keyed');
    await addPasskey(company.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Owner key');
    const passkey = await addPasskey(withPasskey.client, new SoftAuthenticator({ origin: integrationOrigin }), 'Advisor key');
    const goes = await open(without.client, family.familyId);
    const stays = await open(withPasskey.client, family.familyId);
    let startedAt = Date.now();
    expect((await company.client.call('updateTwoFactorPolicy', { body: { requireTwoFactor: true } })).status).toBe(200);
    await expectClosed(goes, 'accessRemoved', startedAt);
    expect(stays.isOpen).toBe(true);
    startedAt = Date.now();
    expect((await withPasskey.client.call('removePasskey', { params: { id: passkey.id } })).status).toBe(204);
    await expectClosed(stays, 'accessRemoved', startedAt);
  });

  it('narrowed shares re-filter the company’s sockets at once: nothing of the hidden section after the change', async () => {
    const company = await advisorCompanyFor(stack, family.familyId, [], 'Sharing Advisors');
    const advisor = await advisorOf(stack, company, family.familyId, WorkRelationRole.Full, 'Sharing');
    const socket = await open(advisor.client, family.familyId);
    const before = await takeaway(hiddenCategoryId, 'Seen while shared');
    await socket.waitFor((message) => isChange(message) && message.event.itemId === before.id);
    const narrowed = await family.owner.client.call('updateCanvasShares', {
      params: { entityId: company.entityId },
      body: { canvasSections: [sharedSectionId] },
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    // The advisor is told at once which sections they no longer see (docs/product/live.md).
    const told = await socket.waitFor((message) => message.type === 'accessChanged', { timeoutMs: revocationBudgetMs });
    expect(told).toEqual({
      type: 'accessChanged',
      sectionsHidden: family.canvas.sections.filter((section) => section.id !== sharedSectionId).map(({ id, title }) => ({ id, title })),
    });
    // Written right after the change: the sender meets the shares event first, in journal order.
    const hidden = await takeaway(hiddenCategoryId, 'Hidden from now on');
    const shared = await takeaway(sharedCategoryId, 'Still shared');
    // Fenced: the sender sends in journal order, so the hidden change (written before) was decided before this one arrived.
    await socket.waitFor((message) => isChange(message) && message.event.itemId === shared.id);
    expect(socket.isOpen).toBe(true);
    const after = socket.changes().slice(socket.changes().findIndex((event) => event.itemId === before.id) + 1);
    expect(after.map((event) => event.itemId)).toEqual([shared.id]);
    expect(JSON.stringify(socket.messages)).not.toContain(hidden.id);
    // Told once (the sender, meeting the shares event, finds the socket decided already); the family's own sockets not at all.
    expect(socket.messages.filter((message) => message.type === 'accessChanged')).toHaveLength(1);
    expect(witness.messages.filter((message) => message.type === 'accessChanged')).toEqual([]);
    void hiddenSectionId;
  });
});
