import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentEntity, SignupResponse, UserProfile } from '../../shared/contracts/auth';
import type { EntityListResponse } from '../../shared/contracts/entities';
import type { MemberInvitation, MemberInvitationInfo } from '../../shared/contracts/invitations';
import type { EntityMember } from '../../shared/contracts/members';
import { EntityRole, EntityType } from '../../shared/enums';
import { permissionsForRole } from '../../shared/permissions';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetMailerForTests } from '../../functions/domain/mail/mailer';
import { signIn, signUpAndConfirm, signupBody } from '../support/accounts';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { acceptInvitation, addMemberWithRole, inviteMember, sendInvitationEmail, signUpWithInvitation } from '../support/organisations';
import { snapshotTable } from '../support/table';

const stack = useIntegrationStack();

type ErrorBody = { errorCode: number; errors: Record<string, string[]>; message: string };

afterEach(() => resetClock());

const invitationInfo = (token: string) =>
  stack.client().call<'getMemberInvitation', MemberInvitationInfo & ErrorBody>('getMemberInvitation', { query: { token } });

describe('member invitation life cycle', () => {
  it('invites by e-mail, shows the landing page, and signs the invitee up into the entity with the role', async () => {
    const owner = await signUpAndConfirm(stack, { firstName: 'Olga', lastName: 'Owner', createEntityName: 'Owner Family' });
    const email = uniqueEmail('Invitee').toUpperCase();
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.FullMember, email });
    expect(invitation.email).toBe(email);

    const mail = await stack.latestEmailTo(email);
    expect(mail.subject).toBe('Olga Owner invites you to Owner Family on Family Canvas');
    expect(mail.body.text).toContain('Olga Owner invites you to join the family Owner Family on Family Canvas with the role Full member.');
    expect(mail.body.text).toContain('valid for 14 days');
    expect(mail.body.text).toContain('http://localhost:5173/member-invitation?token=');

    const info = await invitationInfo(invitation.token);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      id: invitation.id,
      entityId: owner.entityId,
      entityName: 'Owner Family',
      entityType: EntityType.Family,
      email: email.toLowerCase(),
      entityRoleId: EntityRole.FullMember,
      createdByMember: 'Olga Owner',
      createdDate: expect.any(String),
      accepted: false,
      status: 'pending',
      expirationDate: expect.any(String),
    });

    // The signup e-mail must be the invited one.
    const wrong = await stack.client().call<'signUp', ErrorBody>('signUp', {
      body: {
        ...signupBody({ email: uniqueEmail() }),
        createEntityTypeId: undefined,
        createEntityName: undefined,
        memberInvitationToken: invitation.token,
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe(17);
    expect(wrong.body.errors).toEqual({ email: ['forms.errorMessages.invalidInput'] });

    const member = await signUpWithInvitation(stack, { email, token: invitation.token }, { firstName: 'Ivy', lastName: 'Invitee' });
    expect(member.user).toMatchObject({ email: email.toLowerCase(), isEmailConfirmed: true, firstName: 'Ivy' });
    const entities = await member.client.call<'listEntities', EntityListResponse>('listEntities');
    expect(entities.body).toEqual([
      expect.objectContaining({
        id: owner.entityId,
        entityName: 'Owner Family',
        entityRoleId: EntityRole.FullMember,
        entityRolePermissions: permissionsForRole(EntityRole.FullMember),
      }),
    ]);
    // The session has the invited entity current: member routes work at once.
    const members = await member.client.call<'listMembers', EntityMember[]>('listMembers');
    expect(members.status).toBe(200);
    expect(members.body.map((m) => m.memberName).sort()).toEqual(['Ivy Invitee', 'Olga Owner']);
    // The e-mail is confirmed: a normal sign-in works.
    expect((await signIn(stack.client(), email.toLowerCase(), member.plainPassword)).status).toBe(200);

    const accepted = await invitationInfo(invitation.token);
    expect(accepted.body).toMatchObject({ accepted: true, status: 'accepted' });
    const list = await owner.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations');
    expect(list.body).toEqual([
      {
        id: invitation.id,
        email: email.toLowerCase(),
        entityRoleId: EntityRole.FullMember,
        entityId: owner.entityId,
        entityName: 'Owner Family',
        entityType: EntityType.Family,
        createdByMember: 'Olga Owner',
        createdDate: expect.any(String),
        expirationDate: expect.any(String),
        accepted: true,
        status: 'accepted',
      },
    ]);
  });

  it('answers the signup with the session expiry and refuses a used or unknown token', async () => {
    const owner = await signUpAndConfirm(stack);
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    const { createEntityTypeId: _t, createEntityName: _n, ...body } = signupBody({ email: invitation.email });
    const client = stack.client();
    const signup = await client.call<'signUp', SignupResponse>('signUp', { body: { ...body, memberInvitationToken: invitation.token } });
    expect(signup.status).toBe(201);
    expect(signup.cookies.some((cookie) => cookie.startsWith('fc_session='))).toBe(true);
    const expiresIn = Date.parse(signup.body.tokenExpiration ?? '') - Date.now();
    // A session started by signup lives 12 hours at most (functions/domain/sessions/session.ts).
    expect(expiresIn).toBeGreaterThan(12 * durations.hour - durations.minute);
    expect(expiresIn).toBeLessThanOrEqual(12 * durations.hour + durations.minute);

    const again = await stack
      .client()
      .call<'signUp', ErrorBody>('signUp', { body: { ...signupBody({ email: invitation.email }), memberInvitationToken: invitation.token } });
    expect(again.body.errorCode).toBe(32);
    const unknown = await stack.client().call<'signUp', ErrorBody>('signUp', { body: { ...signupBody(), memberInvitationToken: 'no-such-token' } });
    expect(unknown.body.errorCode).toBe(20);
    expect((await invitationInfo('no-such-token')).body.errorCode).toBe(20);
  });

  it('expires after 14 days: the landing page and accepting answer 31, a resend gives a new working link', async () => {
    const owner = await signUpAndConfirm(stack);
    const existing = await signUpAndConfirm(stack);
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.Admin, email: existing.email });

    advanceClock(14 * durations.day + durations.minute);
    // Sessions end after 7 days: both sign in again.
    expect((await signIn(owner.client, owner.email, owner.plainPassword)).status).toBe(200);
    expect((await signIn(existing.client, existing.email, existing.plainPassword)).status).toBe(200);
    expect((await invitationInfo(invitation.token)).body.errorCode).toBe(31);
    const expired = await existing.client.call<'acceptMemberInvitation', ErrorBody>('acceptMemberInvitation', { query: { token: invitation.token } });
    expect(expired.status).toBe(410);
    expect(expired.body.errorCode).toBe(31);
    const listed = await owner.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations');
    expect(listed.body[0]?.status).toBe('expired');

    const resend = await owner.client.call<'resendMemberInvitation', { id: string }>('resendMemberInvitation', { body: { id: invitation.id } });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ id: invitation.id });
    // The old link stopped working at the resend.
    expect((await invitationInfo(invitation.token)).body.errorCode).toBe(20);
    const token = await sendInvitationEmail(stack, owner.client, { id: invitation.id, email: existing.email });
    expect(token).not.toBe(invitation.token);
    expect((await owner.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations')).body[0]?.status).toBe('pending');

    const entity = await acceptInvitation(existing, token);
    expect(entity).toMatchObject({ id: owner.entityId, entityRoleId: EntityRole.Admin, entityRoleName: 'Admin', entityMemberId: existing.userId });
    // Accepting made it the session's current entity.
    const members = await existing.client.call<'listMembers', EntityMember[]>('listMembers');
    expect(members.body.map((m) => m.id).sort()).toEqual([owner.userId, existing.userId].sort());

    const twice = await existing.client.call<'acceptMemberInvitation', ErrorBody>('acceptMemberInvitation', { query: { token } });
    expect(twice.body.errorCode).toBe(32);
    const resendAccepted = await owner.client.call<'resendMemberInvitation', ErrorBody>('resendMemberInvitation', { body: { id: invitation.id } });
    expect(resendAccepted.status).toBe(409);
    expect(resendAccepted.body.errorCode).toBe(32);
    expect((await owner.client.call<'sendMemberInvitationEmail', ErrorBody>('sendMemberInvitationEmail', { body: { id: invitation.id } })).body.errorCode).toBe(
      32,
    );
  });

  it('accepts only for the invited e-mail, refuses members (30) and duplicates (9), and keeps the member when an accepted invitation is cancelled', async () => {
    const owner = await signUpAndConfirm(stack);
    const stranger = await signUpAndConfirm(stack);
    const member = await addMemberWithRole(stack, owner, EntityRole.FullMember);

    const forMember = await owner.client.call<'createMemberInvitation', ErrorBody>('createMemberInvitation', {
      body: {
        email: member.email.toUpperCase(),
        entityRoleId: EntityRole.LimitedMember,
      },
    });
    expect(forMember.status).toBe(409);
    expect(forMember.body.errorCode).toBe(30);
    const forOwner = await owner.client.call<'createMemberInvitation', ErrorBody>('createMemberInvitation', {
      body: { email: owner.email, entityRoleId: EntityRole.Owner },
    });
    expect(forOwner.body.errorCode).toBe(30);

    const email = uniqueEmail('twice');
    const first = await owner.client.call<'createMemberInvitation', { id: string }>('createMemberInvitation', {
      body: { email, entityRoleId: EntityRole.FullMember },
    });
    expect(first.status).toBe(201);
    const duplicate = await owner.client.call<'createMemberInvitation', ErrorBody>('createMemberInvitation', {
      body: { email, entityRoleId: EntityRole.LimitedMember },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errorCode).toBe(9);
    const badRole = await owner.client.call<'createMemberInvitation', ErrorBody>('createMemberInvitation', { body: { email: uniqueEmail(), entityRoleId: 7 } });
    expect(badRole.body.errorCode).toBe(16);
    expect(badRole.body.errors).toEqual({ entityRoleId: ['forms.errorMessages.invalidInput'] });
    const badEmail = await owner.client.call<'createMemberInvitation', ErrorBody>('createMemberInvitation', { body: { email: 'nope', entityRoleId: 3 } });
    expect(badEmail.body.errorCode).toBe(2);
    expect(Object.keys(badEmail.body.errors)).toEqual(['email']);

    // Someone else signed in with the link: 17, nothing changes.
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember });
    const before = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    const wrongUser = await stranger.client.call<'acceptMemberInvitation', ErrorBody>('acceptMemberInvitation', { query: { token: invitation.token } });
    expect(wrongUser.body.errorCode).toBe(17);
    const anonymous = await stack.client().call<'acceptMemberInvitation', ErrorBody>('acceptMemberInvitation', { query: { token: invitation.token } });
    expect(anonymous.body.errorCode).toBe(5);
    expect(await snapshotTable(stack.dynamoEndpoint, stack.tableName)).toEqual(before);

    // An existing member accepting an invitation of the same entity: 30.
    const forExisting = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.LimitedMember, email: stranger.email });
    expect((await acceptInvitation(stranger, forExisting.token)).entityRoleId).toBe(EntityRole.LimitedMember);
    const revoke = await owner.client.call('revokeMemberInvitation', { params: { id: forExisting.id } });
    expect(revoke.status).toBe(204);
    const members = await owner.client.call<'listMembers', EntityMember[]>('listMembers');
    expect(members.body.some((m) => m.id === stranger.userId && m.active)).toBe(true);
    expect((await owner.client.call<'revokeMemberInvitation', ErrorBody>('revokeMemberInvitation', { params: { id: forExisting.id } })).body.errorCode).toBe(4);
    // The link of an accepted invitation that was cancelled afterwards is unknown (only an unaccepted one says 'cancelled', 33).
    expect((await invitationInfo(forExisting.token)).body.errorCode).toBe(20);
  });

  it('keeps an invitation resendable when the e-mail cannot be sent (15)', async () => {
    const owner = await signUpAndConfirm(stack);
    const email = uniqueEmail('unsent');
    const created = await owner.client.call<'createMemberInvitation', { id: string }>('createMemberInvitation', {
      body: { email, entityRoleId: EntityRole.FullMember },
    });
    const sesEndpoint = process.env.SES_ENDPOINT;
    const useSes = (endpoint: string | undefined) => {
      process.env.SES_ENDPOINT = endpoint;
      resetConfigForTests();
      resetMailerForTests();
    };
    useSes('http://127.0.0.1:9');
    try {
      const failed = await owner.client.call<'sendMemberInvitationEmail', ErrorBody>('sendMemberInvitationEmail', { body: { id: created.body.id } });
      expect(failed.body.errorCode).toBe(15);
    } finally {
      useSes(sesEndpoint);
    }
    const resend = await owner.client.call('resendMemberInvitation', { body: { id: created.body.id } });
    expect(resend.status).toBe(200);
    const token = await sendInvitationEmail(stack, owner.client, { id: created.body.id, email });
    expect((await invitationInfo(token)).body.status).toBe('pending');
  });

  it('lists all invitations multi-sorted by orderBy, and refuses an unknown sort field', async () => {
    const owner = await signUpAndConfirm(stack);
    const prefix = uniqueEmail('sort').split('@')[0];
    const emails = ['b@example.com', 'a@example.com', 'c@example.com'].map((e) => `${prefix}-${e}`);
    for (const [index, email] of emails.entries()) {
      const created = await owner.client.call('createMemberInvitation', {
        body: { email, entityRoleId: index === 1 ? EntityRole.Admin : EntityRole.FullMember },
      });
      expect(created.status).toBe(201);
    }
    const byRoleThenEmailDesc = await owner.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations', {
      rawQuery: 'orderBy=entityRoleId,-email',
    });
    expect(byRoleThenEmailDesc.body.map((i) => i.email)).toEqual([emails[1], emails[2], emails[0]]);
    const unknownField = await owner.client.call<'listMemberInvitations', ErrorBody>('listMemberInvitations', { query: { orderBy: 'password' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errorCode).toBe(6);
  });
});

describe('accepting switches the current entity', () => {
  it('answers the entity as set-current-entity does', async () => {
    const owner = await signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Wise Advisors' });
    const other = await signUpAndConfirm(stack, { createEntityName: 'Own Family' });
    const invitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.FullMember, email: other.email });
    const accepted = await acceptInvitation(other, invitation.token);
    const current = await other.client.call<'setCurrentEntity', CurrentEntity>('setCurrentEntity', { body: { id: owner.entityId } });
    expect(accepted).toEqual(current.body);
    const profile = await other.client.call<'getProfile', UserProfile>('getProfile');
    expect(profile.status).toBe(200);
  });
});
