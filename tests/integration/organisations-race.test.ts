import { describe, expect, it } from 'vitest';
import { EntityRole } from '../../shared/enums';
import { getEntity } from '../../functions/records/entities';
import { listMembersOfEntity } from '../../functions/records/members';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';
import { acceptInvitation, addMemberWithRole } from '../support/organisations';
import { issueMemberInvitationToken } from '../../functions/records/invitations';
import type { IdResponse } from '../../shared/contracts/common';
import { now } from '../../functions/lib/clock';

const stack = useIntegrationStack();

/**
 * Invites `invitee` back as an owner: created through the API, its link token issued
 * through the data module. The same two people are re-invited 20 times, and the mail is
 * limited to 5 an hour per address (functions/lib/limits/mail.ts), which is not what
 * these races are about.
 */
async function reinvite(inviter: TestAccount, invitee: TestAccount, entityId: number): Promise<string> {
  const created = await inviter.client.call<'createMemberInvitation', IdResponse>('createMemberInvitation', {
    body: { email: invitee.email, entityRoleId: EntityRole.Owner },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (await issueMemberInvitationToken(entityId, created.body.id, now())).token;
}

type ErrorBody = { errorCode: number };

const rounds = 20;
/**
 * The race is bounded by rounds, not by the clock: each round is a handful of real requests,
 * which a machine busy with other work may slow many times over, so the limit is generous.
 */
const raceTimeoutMs = rounds * 15_000;

/** The entity's counters agree with its members, and it has an owner. */
async function expectOwnersAndCounters(entityId: number, expectedOwners: number) {
  const [entity, members] = await Promise.all([getEntity(entityId), listMembersOfEntity(entityId)]);
  const owners = members.filter((m) => m.entityRoleId === EntityRole.Owner).length;
  const admins = members.filter((m) => m.entityRoleId === EntityRole.Admin).length;
  expect(owners).toBe(expectedOwners);
  expect(entity?.ownerCount).toBe(owners);
  expect(entity?.adminCount).toBe(admins);
}

/** Splits two concurrent answers into the one that succeeded and the one that did not; exactly one must succeed. */
function winnerAndLoser<T extends { status: number }>(pair: [T, T], successStatus: number): { winner: 0 | 1; loser: T } {
  const successes = pair.filter((r) => r.status === successStatus).length;
  expect(successes, JSON.stringify(pair.map((r) => [r.status, (r as { body?: unknown }).body]))).toBe(1);
  return pair[0].status === successStatus ? { winner: 0, loser: pair[1] } : { winner: 1, loser: pair[0] };
}

describe('the last owner under concurrent changes', () => {
  // Even rounds: each removes the other (the actor's own role is checked in the same
  // transaction too). Odd rounds: both leave at once, where only the counter guards.
  it(
    `keeps an owner when two owners remove each other, or themselves, at the same moment (${rounds} rounds)`,
    async () => {
      const first = await signUpAndConfirm(stack);
      const second = await addMemberWithRole(stack, first, EntityRole.Owner);
      const pair: [TestAccount, TestAccount] = [first, second];
      const loserCodes = new Set<number>();
      for (let round = 0; round < rounds; round += 1) {
        const target = (index: 0 | 1) => (round % 2 === 0 ? pair[1 - index]! : pair[index]);
        const answers = await Promise.all([
          pair[0].client.call<'removeMember', ErrorBody>('removeMember', { params: { memberId: target(0).userId } }),
          pair[1].client.call<'removeMember', ErrorBody>('removeMember', { params: { memberId: target(1).userId } }),
        ]);
        const { winner: winnerIndex, loser } = winnerAndLoser(answers, 204);
        // 62: the guard refused; 4: the loser's session had already lost the entity.
        expect([62, 4]).toContain(loser.body.errorCode);
        loserCodes.add(loser.body.errorCode);
        await expectOwnersAndCounters(first.entityId, 1);

        // The remaining owner invites the removed one back as an owner.
        const removed = target(winnerIndex);
        const remaining = pair.find((account) => account !== removed)!;
        await acceptInvitation(removed, await reinvite(remaining, removed, first.entityId));
        await expectOwnersAndCounters(first.entityId, 2);
      }
      expect(loserCodes.has(62)).toBe(true);
    },
    raceTimeoutMs,
  );

  it(
    `keeps an owner when two owners demote each other, or themselves, at the same moment (${rounds} rounds)`,
    async () => {
      const first = await signUpAndConfirm(stack);
      const second = await addMemberWithRole(stack, first, EntityRole.Owner);
      const pair: [TestAccount, TestAccount] = [first, second];
      for (let round = 0; round < rounds; round += 1) {
        const target = (index: 0 | 1) => (round % 2 === 0 ? pair[1 - index]! : pair[index]);
        const answers = await Promise.all([
          pair[0].client.call<'updateMember', ErrorBody>('updateMember', {
            params: { memberId: target(0).userId },
            body: { entityRoleId: EntityRole.FullMember },
          }),
          pair[1].client.call<'updateMember', ErrorBody>('updateMember', {
            params: { memberId: target(1).userId },
            body: { entityRoleId: EntityRole.FullMember },
          }),
        ]);
        const { winner, loser } = winnerAndLoser(answers, 200);
        // 60: the guard refused; 8: the loser's session already carried the lower role.
        expect([60, 8]).toContain(loser.body.errorCode);
        await expectOwnersAndCounters(first.entityId, 1);
        const demoted = target(winner);
        const remaining = pair.find((account) => account !== demoted)!;
        const promoted = await remaining.client.call('updateMember', { params: { memberId: demoted.userId }, body: { entityRoleId: EntityRole.Owner } });
        expect(promoted.status).toBe(200);
        await expectOwnersAndCounters(first.entityId, 2);
      }
    },
    raceTimeoutMs,
  );
});
