import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntityRole, EntityType } from '../../shared/enums';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { handler as cleanup } from '../../functions/jobs/cleanup/handler';
import { explainMemberInvitationRefusal, explainWorkRelationInvitationRefusal } from '../../functions/records/invitations';
import { AppError } from '../../functions/lib/errors';
import { signUpAndConfirm, signupBody, type TestAccount } from '../support/accounts';
import { expectError, familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { inviteMember, sendInvitationEmail } from '../support/organisations';
import { inviteWorkRelation } from '../support/work-relations';
import { snapshotTable } from '../support/table';

/**
 * Defect 7: a link of an invitation its sender cancelled answers INVITATION_CANCELLED
 * (33, HTTP 410) — on the landing page's read, on accepting and on signing up with it —
 * not "expired" (31) or "invalid" (20). The revoke leaves a tombstone of the link until
 * the record would have gone anyway; a link replaced by a resend, an accepted invitation
 * cancelled afterwards and a link of another kind stay 20.
 */

const stack = useIntegrationStack();

let company: TestAccount;
let family: FamilyWithCanvas;
/** An existing account that each invitation below is sent to. */
let invitee: TestAccount;

beforeAll(async () => {
  [company, family, invitee] = await Promise.all([
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Cancel Advisors' }),
    familyWithCanvas(stack, 'Cancel Family'),
    signUpAndConfirm(stack, { createEntityName: 'Invitee Family' }),
  ]);
});

afterEach(() => resetClock());

const landingRoutes = { member: 'getMemberInvitation', family: 'getFamilyInvitation', advisor: 'getAdvisorInvitation' } as const;
const landing = (kind: keyof typeof landingRoutes, token: string) => stack.client().call(landingRoutes[kind], { query: { token } });

function signupWith(field: 'memberInvitationToken' | 'familyInvitationToken' | 'advisorInvitationToken', email: string, token: string) {
  const { createEntityTypeId: _type, createEntityName: _name, ...body } = signupBody({ email });
  return stack.client().call('signUp', { body: { ...body, [field]: token } });
}

async function refusalCode(promise: Promise<never>): Promise<number> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).code;
}

describe('a cancelled invitation says so', () => {
  it('member invitation: landing, accept and signup answer 33 (HTTP 410); nothing else changes', async () => {
    const invitation = await inviteMember(stack, family.owner.client, { entityRoleId: EntityRole.FullMember, email: invitee.email });
    expect((await landing('member', invitation.token)).status).toBe(200);
    expect((await family.owner.client.call('revokeMemberInvitation', { params: { id: invitation.id } })).status).toBe(204);

    const read = await landing('member', invitation.token);
    expect(read.status).toBe(410);
    expect(expectError(read, 33).message).toBe('This invitation was cancelled by the sender.');
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expectError(await invitee.client.call('acceptMemberInvitation', { query: { token: invitation.token } }), 33);
    expectError(await signupWith('memberInvitationToken', uniqueEmail('member'), invitation.token), 33);
    // The other kinds' pages do not know the link.
    expectError(await landing('family', invitation.token), 20);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);
    // The accept transaction that meets a revoked record explains it the same way.
    expect(await refusalCode(explainMemberInvitationRefusal({ entityId: family.familyId, id: invitation.id }, invitation.token))).toBe(33);
    // The member list does not show it any more; the invitee is no member.
    const list = await family.owner.client.call<'listMemberInvitations', Array<{ id: string }>>('listMemberInvitations');
    expect(list.body.map((row) => row.id)).not.toContain(invitation.id);
  });

  it('family invitation: landing, accept and signup answer 33', async () => {
    const invitation = await inviteWorkRelation(stack, company.client, 'family', { email: invitee.email });
    expect((await company.client.call('revokeFamilyInvitation', { params: { id: invitation.id } })).status).toBe(204);
    expect(expectError(await landing('family', invitation.token), 33)).toMatchObject({ errors: {} });
    expectError(await invitee.client.call('acceptFamilyInvitation', { body: { token: invitation.token, entityId: invitee.entityId } }), 33);
    expectError(await signupWith('familyInvitationToken', uniqueEmail('family'), invitation.token), 33);
    expectError(await landing('advisor', invitation.token), 20);
    expect(await refusalCode(explainWorkRelationInvitationRefusal({ kind: 'family', entityId: company.entityId, id: invitation.id }, invitation.token))).toBe(
      33,
    );
  });

  it('advisor invitation: landing, accept and signup answer 33', async () => {
    const invitation = await inviteWorkRelation(stack, family.owner.client, 'advisor', {
      email: invitee.email,
      canvasSections: [family.canvas.sections[0]!.id],
    });
    expect((await family.owner.client.call('revokeAdvisorInvitation', { params: { id: invitation.id } })).status).toBe(204);
    expect((await landing('advisor', invitation.token)).status).toBe(410);
    expectError(await landing('advisor', invitation.token), 33);
    expectError(await invitee.client.call('acceptAdvisorInvitation', { body: { token: invitation.token, entityName: 'New Advisors' } }), 33);
    expectError(await signupWith('advisorInvitationToken', uniqueEmail('advisor'), invitation.token), 33);
    expectError(await landing('member', invitation.token), 20);
  });

  it('keeps 20 for a link a resend replaced and for an accepted invitation cancelled afterwards; 33 only for the last link', async () => {
    const invitation = await inviteMember(stack, family.owner.client, { entityRoleId: EntityRole.LimitedMember });
    expect((await family.owner.client.call('resendMemberInvitation', { body: { id: invitation.id } })).status).toBe(200);
    const newest = await sendInvitationEmail(stack, family.owner.client, invitation);
    expect((await family.owner.client.call('revokeMemberInvitation', { params: { id: invitation.id } })).status).toBe(204);
    expectError(await landing('member', invitation.token), 20);
    expectError(await landing('member', newest), 33);

    const accepted = await inviteWorkRelation(stack, company.client, 'family', { email: invitee.email });
    const accept = await invitee.client.call('acceptFamilyInvitation', { body: { token: accepted.token, entityId: invitee.entityId } });
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    expect((await company.client.call('revokeFamilyInvitation', { params: { id: accepted.id } })).status).toBe(204);
    expectError(await landing('family', accepted.token), 20);
  });

  it('a never-sent invitation leaves no tombstone; the tombstone goes when the record would have', async () => {
    const created = await family.owner.client.call<'createMemberInvitation', { id: string }>('createMemberInvitation', {
      body: {
        email: uniqueEmail('unsent'),
        entityRoleId: EntityRole.LimitedMember,
      },
    });
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expect((await family.owner.client.call('revokeMemberInvitation', { params: { id: created.body.id } })).status).toBe(204);
    const after = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expect(after.filter((item) => !before.includes(item))).toEqual([]);

    const invitation = await inviteWorkRelation(stack, family.owner.client, 'advisor', { canvasSections: [] });
    expect((await family.owner.client.call('revokeAdvisorInvitation', { params: { id: invitation.id } })).status).toBe(204);
    expectError(await landing('advisor', invitation.token), 33);
    // Past the link's 14 days and the record's 30 days of retention: no longer "cancelled", and the cleanup job removes it.
    advanceClock(45 * durations.day);
    expectError(await landing('advisor', invitation.token), 20);
    const tombstones = async () => (await snapshotTable(stack.dynamoEndpoint, stack.tableName)).filter((item) => item.includes('INVITE_CANCELLED#'));
    expect((await tombstones()).length).toBeGreaterThan(0);
    await cleanup({ lookbackDays: 60 });
    expect(await tombstones()).toEqual([]);
  });
});
