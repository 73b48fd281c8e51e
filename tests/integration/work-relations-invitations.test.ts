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
    const info = await stack.client().get<WorkRelationInvitationInfo>(`/api/family-invitation?token=${encodeURIComponent(invitation.token)}`);
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
    expectError(await stack.client().post('/api/auth/signup', { ...otherBody, familyInvitationToken: invitation.token }), 17);
    const invitee = await signUpWithWorkRelationInvitation(stack, 'family', invitation, { firstName: 'Grace', lastName: 'Okoye' });
    expect((await invitee.client.get<unknown[]>('/api/entities')).body).toEqual([]);
    expect((await invitee.client.get<InviteEntityOptionsResponse>(`/api/entities/list-families-for-invite/${company.entityId}`)).body).toEqual([]);

    expectError(await invitee.client.post('/api/family-invitation/accept', { token: invitation.token }), 2);
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
    const companies = await invitee.client.post<AdvisorCompaniesResponse>('/api/work-relation/list-advisor-companies', {});
    expect(companies.body).toEqual([
      expect.objectContaining({ id: company.entityId, entityName: 'Northwind Advisors', limitedCanvasSharings: [], subscriptionPlan: null }),
    ]);
    expect(companies.body[0]?.owners).toBe('Ada Lovelace');
    const families = await company.client.post<FamiliesResponse>('/api/work-relation/list-families', {});
    expect(families.body.map((row) => row.id)).toContain(accepted.id);

    // Accepted: listed so, and it cannot be accepted, resent or e-mailed again.
    const list = await company.client.get<FamilyInvitation[]>('/api/family-invitation/list');
    expect(list.body.find((row) => row.id === invitation.id)).toMatchObject({
      status: 'accepted',
      createdByMember: 'Ada Lovelace',
      entityName: 'Northwind Advisors',
    });
    expectError(await invitee.client.post('/api/family-invitation/accept', { token: invitation.token, entityName: 'Again Family' }), 32);
    expectError(await company.client.post('/api/family-invitation/resend', { id: invitation.id }), 32);
    expectError(await company.client.post('/api/family-invitation/send-email', { id: invitation.id }), 32);
    // Cancelling an accepted invitation keeps the relation.
    expect((await company.client.delete(`/api/family-invitation/revoke/${invitation.id}`)).status).toBe(204);
    expect((await company.client.post<FamiliesResponse>('/api/work-relation/list-families', {})).body.map((row) => row.id)).toContain(accepted.id);
  });

  it('is accepted by an existing family its owner chooses, and only once per family', async () => {
    const owner = family.owner;
    const first = await inviteWorkRelation(stack, company.client, 'family', { email: owner.email });
    // An advisor company of the same person is no family (18); someone else's family is forbidden (8).
    const ownCompany = await owner.client.post<{ id: number }>('/api/entities', { entityTypeId: EntityType.AdvisorCompany, entityName: 'Side Advisors' });
    expectError(await owner.client.post('/api/family-invitation/accept', { token: first.token, entityId: ownCompany.body.id }), 18);
    expectError(await owner.client.post('/api/family-invitation/accept', { token: first.token, entityId: company.entityId }), 8);
    const options = await owner.client.get<InviteEntityOptionsResponse>(`/api/entities/list-families-for-invite/${company.entityId}`);
    expect(options.body).toEqual([expect.objectContaining({ id: family.familyId, isAlreadyRelated: false })]);

    const accepted = await acceptWorkRelationInvitation(owner.client, 'family', { token: first.token, entityId: family.familyId });
    expect(accepted.id).toBe(family.familyId);
    expect((await owner.client.get<InviteEntityOptionsResponse>(`/api/entities/list-families-for-invite/${company.entityId}`)).body[0]?.isAlreadyRelated).toBe(
      true,
    );
    // A second invitation to the same family: already working together (30).
    const second = await inviteWorkRelation(stack, company.client, 'family', { email: owner.email });
    expectError(await owner.client.post('/api/family-invitation/accept', { token: second.token, entityId: family.familyId }), 30);
    // Another signed-in user cannot use the link (17); a member who is not owner or admin cannot accept for the family (8).
    expectError(await company.client.post('/api/family-invitation/accept', { token: second.token, entityName: 'Stolen Family' }), 17);
    const limited = await memberOf(stack, owner, EntityRole.LimitedMember, 'Lim');
    const third = await inviteWorkRelation(stack, company.client, 'family', { email: limited.email });
    expectError(await limited.client.post('/api/family-invitation/accept', { token: third.token, entityId: family.familyId }), 8);
  });

  it('refuses management to those without the right, and a duplicate pending e-mail', async () => {
    const email = uniqueEmail('dup');
    const created = await company.client.post<{ id: string }>('/api/family-invitation/create', { email });
    expect(created.status).toBe(201);
    expectError(await company.client.post('/api/family-invitation/create', { email }), 9);
    // A family does not invite families; unknown invitations are not found.
    expectError(await family.owner.client.post('/api/family-invitation/create', { email: uniqueEmail() }), 8);
    expectError(await family.owner.client.get('/api/family-invitation/list'), 8);
    expectError(await company.client.delete('/api/family-invitation/revoke/unknown-id'), 4);
    expectError(await company.client.post('/api/family-invitation/resend', { id: 'unknown-id' }), 4);
    expectError(await stack.client().get('/api/family-invitation?token=forged'), 20);
    expect((await company.client.delete(`/api/family-invitation/revoke/${created.body.id}`)).status).toBe(204);
  });
});

describe('advisor invitations: a family invites an advisor company', () => {
  it('shares the chosen sections with the company that accepts', async () => {
    const owner = family.owner;
    const wealthSection = family.canvas.sections[1]!;
    expect(expectError(await owner.client.post('/api/advisor-invitation/create', { email: uniqueEmail(), canvasSections: [999999] }), 6).message).toBe(
      'Invalid Canvas Rights',
    );
    const invitation = await inviteWorkRelation(stack, owner.client, 'advisor', { canvasSections: [wealthSection.id] });
    const info = await stack.client().get<WorkRelationInvitationInfo>(`/api/advisor-invitation?token=${encodeURIComponent(invitation.token)}`);
    expect(info.body).toMatchObject({ entityName: 'Okafor Family', canvasSections: [wealthSection.title] });
    const list = await owner.client.get<AdvisorInvitation[]>('/api/advisor-invitation/list?orderBy=status,-createdDate');
    expect(list.body.find((row) => row.id === invitation.id)).toMatchObject({
      canvasSections: [wealthSection.title],
      canvasSectionIds: [wealthSection.id],
      status: 'pending',
    });
    // A family token is no advisor token.
    expectError(await stack.client().get(`/api/family-invitation?token=${encodeURIComponent(invitation.token)}`), 20);

    const advisor = await signUpWithWorkRelationInvitation(stack, 'advisor', invitation, { firstName: 'Henry', lastName: 'Adeyemi' });
    const accepted = await acceptWorkRelationInvitation(advisor.client, 'advisor', { token: invitation.token, entityName: 'Adeyemi Partners' });
    expect(accepted).toMatchObject({ entityTypeId: EntityType.AdvisorCompany, entityName: 'Adeyemi Partners', canvasName: null });
    const canvas = await advisor.client.get<Canvas>(`/api/canvas/${family.familyId}`);
    expect(canvas.status).toBe(200);
    expect(canvas.body.sections.map((section) => section.id)).toEqual([wealthSection.id]);
    const companies = await owner.client.post<AdvisorCompaniesResponse>('/api/work-relation/list-advisor-companies', { orderBy: 'entityName' });
    expect(companies.body.find((row) => row.id === accepted.id)).toMatchObject({ limitedCanvasSharings: [wealthSection.title] });
  });

  it('refuses a member without the right to invite, and a company inviting advisors', async () => {
    const full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Fulton');
    expectError(await full.client.post('/api/advisor-invitation/create', { email: uniqueEmail(), canvasSections: [] }), 8);
    expectError(await company.client.post('/api/advisor-invitation/create', { email: uniqueEmail(), canvasSections: [] }), 8);
    expectError(await family.owner.client.post('/api/advisor-invitation/create', { email: uniqueEmail(), canvasSections: ['x'] }), 2);
  });
});

describe('expiry, resend and cleanup', () => {
  it('expires after 14 days, comes back with a resend, and is removed by the cleanup job a month later', async () => {
    const invitation = await inviteWorkRelation(stack, company.client, 'family');
    advanceClock(15 * durations.day);
    expectError(await stack.client().get(`/api/family-invitation?token=${encodeURIComponent(invitation.token)}`), 31);
    // Sessions have ended meanwhile (absolute expiry 7 days): sign in again.
    const inviter = stack.client();
    expect((await signIn(inviter, company.email, company.plainPassword)).status).toBe(200);
    const list = await inviter.get<FamilyInvitation[]>('/api/family-invitation/list');
    expect(list.body.find((row) => row.id === invitation.id)?.status).toBe('expired');

    const resent = await inviter.post<{ id: string }>('/api/family-invitation/resend', { id: invitation.id });
    expect(resent.body.id).toBe(invitation.id);
    // The old link died with the resend; the new one works.
    expectError(await stack.client().get(`/api/family-invitation?token=${encodeURIComponent(invitation.token)}`), 20);
    const token = await sendWorkRelationInvitation(stack, inviter, 'family', invitation);
    expect((await stack.client().get<WorkRelationInvitationInfo>(`/api/family-invitation?token=${encodeURIComponent(token)}`)).body.status).toBe('pending');

    // Past the new expiry plus the 30 days' retention, the daily job removes the record.
    advanceClock(45 * durations.day);
    const summary = await cleanup();
    expect(summary.removed).toBeGreaterThan(0);
    const later = stack.client();
    expect((await signIn(later, company.email, company.plainPassword)).status).toBe(200);
    expect((await later.get<FamilyInvitation[]>('/api/family-invitation/list')).body.some((row) => row.id === invitation.id)).toBe(false);
    expectError(await stack.client().get(`/api/family-invitation?token=${encodeURIComponent(token)}`), 20);
  });
});
