import { expect } from 'vitest';
import type { SignupResponse } from '../../shared/contracts/auth';
import type { IdResponse } from '../../shared/contracts/common';
import type { CurrentEntity } from '../../shared/contracts/entities';
import { defaultPassword, linkParameter, signupBody, type SignupOverrides, type TestAccount } from './accounts';
import { uniqueEmail, type ApiClient, type IntegrationStack } from './integration';
import type { RouteName } from './route-calls';

/**
 * Work-relation invitations for integration tests, through the real API: the inviting
 * side creates and e-mails the invitation, the token is read from the SES emulator's copy
 * of the e-mail, and the invitee signs up or in and accepts, as a browser would.
 */

export type InvitationKind = 'family' | 'advisor';
export type SentWorkRelationInvitation = { id: string; email: string; token: string };

/** Each kind's invitation routes, by name. */
const invitationRoutes = {
  family: { create: 'createFamilyInvitation', sendEmail: 'sendFamilyInvitationEmail', accept: 'acceptFamilyInvitation', landing: 'getFamilyInvitation' },
  advisor: { create: 'createAdvisorInvitation', sendEmail: 'sendAdvisorInvitationEmail', accept: 'acceptAdvisorInvitation', landing: 'getAdvisorInvitation' },
} as const satisfies Record<InvitationKind, Record<string, RouteName>>;
type InvitationRoutes = (typeof invitationRoutes)[InvitationKind];

/** The token of the newest invitation e-mail of a kind to an address, once there are more than `known`. */
export async function nextInvitationToken(stack: IntegrationStack, kind: InvitationKind, email: string, known: number): Promise<string> {
  const emails = await stack.waitForEmails(email, known + 1);
  return linkParameter(emails.at(-1)?.body.text, `/${kind}-invitation`, 'token');
}

/** send-email for an invitation, returning the token of the link it mailed. */
export async function sendWorkRelationInvitation(
  stack: IntegrationStack,
  inviter: ApiClient,
  kind: InvitationKind,
  invitation: { id: string; email: string },
): Promise<string> {
  const known = (await stack.emailsTo(invitation.email)).length;
  const sent = await inviter.call(invitationRoutes[kind].sendEmail, { body: { id: invitation.id } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return nextInvitationToken(stack, kind, invitation.email, known);
}

/** Creates and sends an invitation: a family invitation from an advisor company, an advisor invitation from a family. */
export async function inviteWorkRelation(
  stack: IntegrationStack,
  inviter: ApiClient,
  kind: InvitationKind,
  input: { email?: string; canvasSections?: number[] } = {},
): Promise<SentWorkRelationInvitation> {
  const email = input.email ?? uniqueEmail(kind === 'family' ? 'family' : 'advisor');
  const body = kind === 'advisor' ? { email, canvasSections: input.canvasSections ?? [] } : { email };
  const created = await inviter.call<InvitationRoutes['create'], IdResponse>(invitationRoutes[kind].create, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const token = await sendWorkRelationInvitation(stack, inviter, kind, { id: created.body.id, email });
  return { id: created.body.id, email, token };
}

/** Signs up with a family or advisor invitation token: confirmed and signed in, without an entity yet. */
export async function signUpWithWorkRelationInvitation(
  stack: IntegrationStack,
  kind: InvitationKind,
  invitation: { email: string; token: string },
  overrides: SignupOverrides = {},
): Promise<Omit<TestAccount, 'entityId'>> {
  const client = stack.client();
  const { createEntityTypeId: _type, createEntityName: _name, ...body } = signupBody({ email: invitation.email, ...overrides });
  const tokenField = kind === 'family' ? 'familyInvitationToken' : 'advisorInvitationToken';
  const signup = await client.call<'signUp', SignupResponse>('signUp', { body: { ...body, [tokenField]: invitation.token } });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const profile = await client.call<'getProfile', TestAccount['user'] & { privacySettings: unknown }>('getProfile');
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const { privacySettings: _privacy, ...user } = profile.body;
  return { email: invitation.email, plainPassword: overrides.plainPassword ?? defaultPassword, userId: signup.body.idToken, client, user };
}

/** Accepts an invitation with an existing entity (entityId) or a new one (entityName); answers the entity that became current. */
export async function acceptWorkRelationInvitation(
  client: ApiClient,
  kind: InvitationKind,
  body: { token: string; entityId?: number | null; entityName?: string; canvasName?: string },
): Promise<CurrentEntity> {
  const accepted = await client.call<InvitationRoutes['accept'], CurrentEntity>(invitationRoutes[kind].accept, { body });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body;
}
