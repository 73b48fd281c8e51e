import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdvisorInvitation, MemberInvitation } from '../../shared/contracts/invitations';
import { EntityRole, EntityType } from '../../shared/enums';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { expectError, memberOf } from '../support/canvas';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { inviteMember, signUpWithInvitation } from '../support/organisations';
import { inviteWorkRelation } from '../support/work-relations';

/**
 * The inviter rule (docs/product/invitations.md#the-inviter-rule): an invitation is accepted only while its sender is still an
 * active member who may send it (the invited role, or the right to invite advisors);
 * removing or demoting a member revokes their pending invitations. Both paths, and the
 * check at acceptance itself (a sender whose rights changed without the hook).
 */

const stack = useIntegrationStack();

let owner: TestAccount;

beforeAll(async () => {
  owner = await signUpAndConfirm(stack, { createEntityName: 'Inviting Family', canvasName: 'Inviting Family Canvas' });
  // A standing admin, so the admins below may be removed or demoted (the last one is guarded).
  await memberOf(stack, owner, EntityRole.Admin, 'Standing');
});

const memberInvitationIds = async () =>
  (await owner.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations')).body.map((row) => row.id);
const advisorInvitationIds = async () =>
  (await owner.client.call<'listAdvisorInvitations', AdvisorInvitation[]>('listAdvisorInvitations')).body.map((row) => row.id);

describe('removing a member', () => {
  it('revokes their pending invitations: the links say "cancelled" (33), accepted ones stay', async () => {
    const admin = await memberOf(stack, owner, EntityRole.Admin, 'Leaving');
    const pending = await inviteMember(stack, admin.client, { entityRoleId: EntityRole.FullMember });
    const advisor = await inviteWorkRelation(stack, admin.client, 'advisor');
    const accepted = await inviteMember(stack, admin.client, { entityRoleId: EntityRole.LimitedMember });
    await signUpWithInvitation(stack, accepted);
    expect(await memberInvitationIds()).toContain(pending.id);

    const removed = await owner.client.call('removeMember', { params: { memberId: admin.userId } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(204);

    const ids = await memberInvitationIds();
    expect(ids).not.toContain(pending.id);
    expect(ids).toContain(accepted.id);
    expect(await advisorInvitationIds()).not.toContain(advisor.id);
    expectError(await stack.client().call('getMemberInvitation', { query: { token: pending.token } }), 33);
    const invitee = await signUpAndConfirm(stack, { email: pending.email, createEntityName: 'Own Family' });
    expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: pending.token } }), 33);
    const company = await signUpAndConfirm(stack, { email: advisor.email, createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Late Advisors' });
    expectError(await company.client.call('acceptAdvisorInvitation', { body: { token: advisor.token, entityId: company.entityId } }), 33);
  });
});

describe('demoting a member', () => {
  it('revokes the invitations the new role could not send, and keeps the others', async () => {
    const admin = await memberOf(stack, owner, EntityRole.Admin, 'Demoted');
    const asAdmin = await inviteMember(stack, admin.client, { entityRoleId: EntityRole.Admin });
    const asLimited = await inviteMember(stack, admin.client, { entityRoleId: EntityRole.LimitedMember });
    const advisor = await inviteWorkRelation(stack, admin.client, 'advisor');

    // Down to full member: no InviteMember, no InviteWorkRelation — every pending invitation goes.
    const demoted = await owner.client.call('updateMember', { params: { memberId: admin.userId }, body: { entityRoleId: EntityRole.FullMember } });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    const ids = await memberInvitationIds();
    expect(ids).not.toContain(asAdmin.id);
    expect(ids).not.toContain(asLimited.id);
    expect(await advisorInvitationIds()).not.toContain(advisor.id);
    expectError(await stack.client().call('getMemberInvitation', { query: { token: asLimited.token } }), 33);

    // The invitations of others stay.
    const ownersOwn = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.FullMember });
    expect((await owner.client.call('updateMember', { params: { memberId: admin.userId }, body: { entityRoleId: EntityRole.LimitedMember } })).status).toBe(
      200,
    );
    expect(await memberInvitationIds()).toContain(ownersOwn.id);
    const joined = await signUpWithInvitation(stack, ownersOwn);
    expect(joined.userId).toBeTruthy();
  });

  it('keeps what the member may still send: an owner made admin keeps an admin invitation', async () => {
    const second = await memberOf(stack, owner, EntityRole.Owner, 'Second');
    const invitation = await inviteMember(stack, second.client, { entityRoleId: EntityRole.Admin });
    expect((await owner.client.call('updateMember', { params: { memberId: second.userId }, body: { entityRoleId: EntityRole.Admin } })).status).toBe(200);
    expect(await memberInvitationIds()).toContain(invitation.id);
    await signUpWithInvitation(stack, invitation);
  });
});

describe('at acceptance', () => {
  it('refuses (33) and revokes an invitation whose sender may no longer send it, however their rights changed', async () => {
    const admin = await memberOf(stack, owner, EntityRole.Admin, 'Quiet');
    const invitation = await inviteMember(stack, admin.client, { entityRoleId: EntityRole.Admin });
    const email = uniqueEmail('advisor');
    const advisor = await inviteWorkRelation(stack, admin.client, 'advisor', { email });
    // The sender's role changes behind the hooks' back (as a concurrent change could).
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.member(owner.entityId, admin.userId),
        UpdateExpression: 'SET entityRoleId = :role',
        ExpressionAttributeValues: { ':role': EntityRole.LimitedMember },
      }),
    );
    const invitee = await signUpAndConfirm(stack, { email: invitation.email, createEntityName: 'Elsewhere Family' });
    expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: invitation.token } }), 33);
    expect(await memberInvitationIds()).not.toContain(invitation.id);
    const company = await signUpAndConfirm(stack, { email, createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Refused Advisors' });
    expectError(await company.client.call('acceptAdvisorInvitation', { body: { token: advisor.token, entityId: company.entityId } }), 33);
    expect(await advisorInvitationIds()).not.toContain(advisor.id);
  });
});
