import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdvisorInvitation, FamilyInvitation, WorkRelationInvitationInfo } from '../../shared/contracts/invitations';
import type { Canvas } from '../../shared/contracts/canvas';
import type { AdvisorCompaniesResponse, FamiliesResponse, InviteEntityOptionsResponse } from '../../shared/contracts/work-relations';
import { EntityRole, EntityType } from '../../shared/enums';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { handler as cleanup } from '../../functions/jobs/cleanup/handler';
import { signIn, signUpAndConfirm, signupBody, type TestAccount } from '../support/accounts';
import { expectError, familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { acceptWorkRelationInvitation, inviteWorkRelation, sendWorkRelationInvitation, signUpWithWorkRelationInvitation } from '../support/work-relations';

const stack = useIntegrationStack();

let company: TestAccount;
let family: FamilyWithCanvas;

beforeAll(async () => {
  [company, family] = await Promise.all([
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Northwind Advisors' }),
    familyWithCanvas(stack, 'Okafor Family'),
  ]);
});

afterEach(() => resetClock());

describe('family invitations: an advisor company invites a family', () => {
  it('runs from the e-mail to a new family that works with the company', async () => {
    const invitation = await inviteWorkRelation(stack, company.client, 'family');
    const info = await stack.client().call<'getFamilyInvitation', WorkRelationInvitationInfo>('getFamilyInvitation', { query: { token: invitation.token } });
    expect(info.body).toMatchObject({
      entityId: company.entityId,
      entityName: 'Northwind Advisors',
      email: invitation.email,
      status: 'pending',
      accepted: false,
      canvasSections: [],
    });

    // Signing up with someone else's address is refused; with the invited one the account starts without an entity.
    const { createEntityTypeId: _type, createEntityName: _name, ...otherBody } = signupBody({ email: uniqueEmail('eve') });
    expectError(await stack.client().call('signUp', { body: { ...otherBody, familyInvitationToken: invitation.token } }), 17);
    const invitee = await signUpWithWorkRelationInvitation(stack, 'family', invitation, { firstName: 'Grace', lastName: 'Okoye' });
    expect((await invitee.client.call<'listEntities', unknown[]>('listEntities')).body).toEqual([]);
    expect(
      (await invitee.client.call<'listFamiliesForInvite', InviteEntityOptionsResponse>('listFamiliesForInvite', { params: { inviterId: company.entityId } }))
        .body,
    ).toEqual([]);

    expectError(await invitee.client.call('acceptFamilyInvitation', { body: { token: invitation.token } }), 2);
    const accepted = await acceptWorkRelationInvitation(invitee.client, 'family', {
      token: invitation.token,
      entityId: null,
      entityName: 'Okoye Family',
      canvasName: '',
    });
    expect(accepted).toMatchObject({
      entityName: 'Okoye Family',
      entityTypeId: EntityType.Family,
      canvasName: 'Okoye Family Canvas',
      entityRoleId: EntityRole.Owner,
    });
    // The new family is current: it sees its advisor company.
    const companies = await invitee.client.call<'listAdvisorCompanies', AdvisorCompaniesResponse>('listAdvisorCompanies');
    expect(companies.body).toEqual([
      expect.objectContaining({ id: company.entityId, entityName: 'Northwind Advisors', limitedCanvasSharings: [], subscriptionPlan: null }),
    ]);
    expect(companies.body[0]?.owners).toBe('Ada Lovelace');
    const families = await company.client.call<'listFamilies', FamiliesResponse>('listFamilies');
    expect(families.body.map((row) => row.id)).toContain(accepted.id);

    // Accepted: listed so, and it cannot be accepted, resent or e-mailed again.
    const list = await company.client.call<'listFamilyInvitations', FamilyInvitation[]>('listFamilyInvitations');
    expect(list.body.find((row) => row.id === invitation.id)).toMatchObject({
      status: 'accepted',
      createdByMember: 'Ada Lovelace',
      entityName: 'Northwind Advisors',
    });
    expectError(await invitee.client.call('acceptFamilyInvitation', { body: { token: invitation.token, entityName: 'Again Family' } }), 32);
    expectError(await company.client.call('resendFamilyInvitation', { body: { id: invitation.id } }), 32);
    expectError(await company.client.call('sendFamilyInvitationEmail', { body: { id: invitation.id } }), 32);
    // Cancelling an accepted invitation keeps the relation.
    expect((await company.client.call('revokeFamilyInvitation', { params: { id: invitation.id } })).status).toBe(204);
    expect((await company.client.call<'listFamilies', FamiliesResponse>('listFamilies')).body.map((row) => row.id)).toContain(accepted.id);
  });

  it('is accepted by an existing family its owner chooses, and only once per family', async () => {
    const owner = family.owner;
    const first = await inviteWorkRelation(stack, company.client, 'family', { email: owner.email });
    // An advisor company of the same person is no family (18); someone else's family is forbidden (8).
    const ownCompany = await owner.client.call<'createEntity', { id: number }>('createEntity', {
      body: { entityTypeId: EntityType.AdvisorCompany, entityName: 'Side Advisors' },
    });
    expectError(await owner.client.call('acceptFamilyInvitation', { body: { token: first.token, entityId: ownCompany.body.id } }), 18);
    expectError(await owner.client.call('acceptFamilyInvitation', { body: { token: first.token, entityId: company.entityId } }), 8);
    const options = await owner.client.call<'listFamiliesForInvite', InviteEntityOptionsResponse>('listFamiliesForInvite', {
      params: { inviterId: company.entityId },
    });
    expect(options.body).toEqual([expect.objectContaining({ id: family.familyId, isAlreadyRelated: false })]);

    const accepted = await acceptWorkRelationInvitation(owner.client, 'family', { token: first.token, entityId: family.familyId });
    expect(accepted.id).toBe(family.familyId);
    expect(
      (await owner.client.call<'listFamiliesForInvite', InviteEntityOptionsResponse>('listFamiliesForInvite', { params: { inviterId: company.entityId } }))
        .body[0]?.isAlreadyRelated,
    ).toBe(true);
    // A second invitation to the same family: already working together (30).
    const second = await inviteWorkRelation(stack, company.client, 'family', { email: owner.email });
    expectError(await owner.client.call('acceptFamilyInvitation', { body: { token: second.token, entityId: family.familyId } }), 30);
    // Another signed-in user cannot use the link (17); a member who is not owner or admin cannot accept for the family (8).
    expectError(await company.client.call('acceptFamilyInvitation', { body: { token: second.token, entityName: 'Stolen Family' } }), 17);
    const limited = await memberOf(stack, owner, EntityRole.LimitedMember, 'Lim');
    const third = await inviteWorkRelation(stack, company.client, 'family', { email: limited.email });
    expectError(await limited.client.call('acceptFamilyInvitation', { body: { token: third.token, entityId: family.familyId } }), 8);
  });

  it('refuses management to those without the right, and a duplicate pending e-mail', async () => {
    const email = uniqueEmail('dup');
    const created = await company.client.call<'createFamilyInvitation', { id: string }>('createFamilyInvitation', { body: { email } });
    expect(created.status).toBe(201);
    expectError(await company.client.call('createFamilyInvitation', { body: { email } }), 9);
    // A family does not invite families; unknown invitations are not found.
    expectError(await family.owner.client.call('createFamilyInvitation', { body: { email: uniqueEmail() } }), 8);
    expectError(await family.owner.client.call('listFamilyInvitations'), 8);
    expectError(await company.client.call('revokeFamilyInvitation', { params: { id: 'unknown-id' } }), 4);
    expectError(await company.client.call('resendFamilyInvitation', { body: { id: 'unknown-id' } }), 4);
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: 'forged' } }), 20);
    expect((await company.client.call('revokeFamilyInvitation', { params: { id: created.body.id } })).status).toBe(204);
  });
});

describe('advisor invitations: a family invites an advisor company', () => {
  it('shares the chosen sections with the company that accepts', async () => {
    const owner = family.owner;
    const wealthSection = family.canvas.sections[1]!;
    expect(expectError(await owner.client.call('createAdvisorInvitation', { body: { email: uniqueEmail(), canvasSections: [999999] } }), 6).message).toBe(
      'Invalid Canvas Rights',
    );
    const invitation = await inviteWorkRelation(stack, owner.client, 'advisor', { canvasSections: [wealthSection.id] });
    const info = await stack.client().call<'getAdvisorInvitation', WorkRelationInvitationInfo>('getAdvisorInvitation', { query: { token: invitation.token } });
    expect(info.body).toMatchObject({ entityName: 'Okafor Family', canvasSections: [wealthSection.title] });
    const list = await owner.client.call<'listAdvisorInvitations', AdvisorInvitation[]>('listAdvisorInvitations', { rawQuery: 'orderBy=status,-createdDate' });
    expect(list.body.find((row) => row.id === invitation.id)).toMatchObject({
      canvasSections: [wealthSection.title],
      canvasSectionIds: [wealthSection.id],
      status: 'pending',
    });
    // A family token is no advisor token.
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: invitation.token } }), 20);

    const advisor = await signUpWithWorkRelationInvitation(stack, 'advisor', invitation, { firstName: 'Henry', lastName: 'Adeyemi' });
    const accepted = await acceptWorkRelationInvitation(advisor.client, 'advisor', { token: invitation.token, entityName: 'Adeyemi Partners' });
    expect(accepted).toMatchObject({ entityTypeId: EntityType.AdvisorCompany, entityName: 'Adeyemi Partners', canvasName: null });
    const canvas = await advisor.client.call<'getCanvas', Canvas>('getCanvas', { params: { familyId: family.familyId } });
    expect(canvas.status).toBe(200);
    expect(canvas.body.sections.map((section) => section.id)).toEqual([wealthSection.id]);
    const companies = await owner.client.call<'listAdvisorCompanies', AdvisorCompaniesResponse>('listAdvisorCompanies', { body: { orderBy: 'entityName' } });
    expect(companies.body.find((row) => row.id === accepted.id)).toMatchObject({ limitedCanvasSharings: [wealthSection.title] });
  });

  it('refuses a member without the right to invite, and a company inviting advisors', async () => {
    const full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Fulton');
    expectError(await full.client.call('createAdvisorInvitation', { body: { email: uniqueEmail(), canvasSections: [] } }), 8);
    expectError(await company.client.call('createAdvisorInvitation', { body: { email: uniqueEmail(), canvasSections: [] } }), 8);
    expectError(await family.owner.client.call('createAdvisorInvitation', { body: { email: uniqueEmail(), canvasSections: ['x'] } }), 2);
  });
});

describe('expiry, resend and cleanup', () => {
  it('expires after 14 days, comes back with a resend, and is removed by the cleanup job a month later', async () => {
    const invitation = await inviteWorkRelation(stack, company.client, 'family');
    advanceClock(15 * durations.day);
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: invitation.token } }), 31);
    // Sessions have ended meanwhile (absolute expiry 7 days): sign in again.
    const inviter = stack.client();
    expect((await signIn(inviter, company.email, company.plainPassword)).status).toBe(200);
    const list = await inviter.call<'listFamilyInvitations', FamilyInvitation[]>('listFamilyInvitations');
    expect(list.body.find((row) => row.id === invitation.id)?.status).toBe('expired');

    const resent = await inviter.call<'resendFamilyInvitation', { id: string }>('resendFamilyInvitation', { body: { id: invitation.id } });
    expect(resent.body.id).toBe(invitation.id);
    // The old link died with the resend; the new one works.
    expectError(await stack.client().call('getFamilyInvitation', { query: { token: invitation.token } }), 20);
    const token = await sendWorkRelationInvitation(stack, inviter, 'family', invitation);
    expect((await stack.client().call<'getFamilyInvitation', WorkRelationInvitationInfo>('getFamilyInvitation', { query: { token } })).body.status).toBe(
      'pending',
    );

    // Past the new expiry plus the 30 days' retention, the daily job removes the record.
    advanceClock(45 * durations.day);
    const summary = await cleanup();
    expect(summary.removed).toBeGreaterThan(0);
    const later = stack.client();
    expect((await signIn(later, company.email, company.plainPassword)).status).toBe(200);
    expect((await later.call<'listFamilyInvitations', FamilyInvitation[]>('listFamilyInvitations')).body.some((row) => row.id === invitation.id)).toBe(false);
    expectError(await stack.client().call('getFamilyInvitation', { query: { token } }), 20);
  });
});
