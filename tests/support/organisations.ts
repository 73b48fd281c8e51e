import { expect } from 'vitest';
import type { SignupResponse, UserProfile } from '../../shared/contracts/auth';
import type { CurrentEntity } from '../../shared/contracts/entities';
import type { IdResponse } from '../../shared/contracts/common';
import { EntityRole, type EntityRoleId } from '../../shared/enums';
import { defaultPassword, linkParameter, signUpAndConfirm, signupBody, type SignupOverrides, type TestAccount } from './accounts';
import { uniqueEmail, type ApiClient, type IntegrationStack } from './integration';

/**
 * Organisations for integration tests, built through the real API: invitations are
 * created, e-mailed and read back from the SES emulator, and invited people sign up with
 * the link's token, exactly as a browser would.
 */

export type SentInvitation = { id: string; email: string; token: string };

/** The newest e-mail to an address once there are more than `known` of them. */
async function nextEmailTo(stack: IntegrationStack, email: string, known: number) {
  return (await stack.waitForEmails(email, known + 1)).at(-1)!;
}

/** The token of the member-invitation link in an e-mail's text. */
export function invitationToken(text: string | undefined): string {
  return linkParameter(text, '/member-invitation', 'token');
}

/** E-mails the link of an existing invitation (send-email) and returns its token. */
export async function sendInvitationEmail(stack: IntegrationStack, inviter: ApiClient, invitation: { id: string; email: string }): Promise<string> {
  const known = (await stack.emailsTo(invitation.email)).length;
  const sent = await inviter.call('sendMemberInvitationEmail', { body: { id: invitation.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return invitationToken((await nextEmailTo(stack, invitation.email, known)).body.text);
}

/** Invites an e-mail into the inviter's current entity: create, then send, then read the token from the e-mail. */
export async function inviteMember(
  stack: IntegrationStack,
  inviter: ApiClient,
  input: { entityRoleId: EntityRoleId; email?: string },
): Promise<SentInvitation> {
  const email = input.email ?? uniqueEmail('invitee');
  const created = await inviter.call<'createMemberInvitation', IdResponse>('createMemberInvitation', { body: { email, entityRoleId: input.entityRoleId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = await sendInvitationEmail(stack, inviter, { id: created.body.id, email });
  return { id: created.body.id, email, token };
}

/** Signs up with a member invitation token: the new account is confirmed and signed in with the entity current. */
export async function signUpWithInvitation(
  stack: IntegrationStack,
  invitation: { email: string; token: string },
  overrides: SignupOverrides = {},
): Promise<Omit<TestAccount, 'entityId'>> {
  const client = stack.client();
  const { createEntityTypeId: _type, createEntityName: _name, ...body } = signupBody({ email: invitation.email, ...overrides });
  const signup = await client.call<'signUp', SignupResponse>('signUp', { body: { ...body, memberInvitationToken: invitation.token } });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const profile = await client.call<'getProfile', UserProfile>('getProfile');
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const { privacySettings: _privacy, ...user } = profile.body;
  return { email: invitation.email, plainPassword: overrides.plainPassword ?? defaultPassword, userId: signup.body.idToken, client, user };
}

/**
 * A new person in the inviter's current entity with the given role, through the real
 * flow: the inviter (owner or admin) invites, the invitee signs up with the e-mailed
 * token. The returned account is signed in with that entity current.
 */
export async function addMemberWithRole(
  stack: IntegrationStack,
  inviter: TestAccount,
  entityRoleId: EntityRoleId,
  overrides: SignupOverrides = {},
): Promise<TestAccount> {
  const invitation = await inviteMember(stack, inviter.client, { entityRoleId, email: overrides.email });
  const account = await signUpWithInvitation(stack, invitation, overrides);
  return { ...account, entityId: inviter.entityId };
}

/** An existing, signed-in user accepts an invitation; answers the entity that became current. */
export async function acceptInvitation(account: Pick<TestAccount, 'client'>, token: string): Promise<CurrentEntity> {
  const accepted = await account.client.call<'acceptMemberInvitation', CurrentEntity>('acceptMemberInvitation', { query: { token } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body;
}

export type Organisation = {
  entityId: number;
  owner: TestAccount;
  admin: TestAccount;
  full: TestAccount;
  limited: TestAccount;
};

/** A family (or, with overrides, a company) with one member of each role, all signed in with it current. */
export async function organisationWithRoles(stack: IntegrationStack, overrides: SignupOverrides = {}): Promise<Organisation> {
  const owner = await signUpAndConfirm(stack, overrides);
  const [admin, full, limited] = await Promise.all([
    addMemberWithRole(stack, owner, EntityRole.Admin, { firstName: 'Alan', lastName: 'Admin' }),
    addMemberWithRole(stack, owner, EntityRole.FullMember, { firstName: 'Fiona', lastName: 'Full' }),
    addMemberWithRole(stack, owner, EntityRole.LimitedMember, { firstName: 'Liam', lastName: 'Limited' }),
  ]);
  return { entityId: owner.entityId, owner, admin, full, limited };
}
