import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { appLinkIn, defaultPassword, waitForMail } from './accounts';
import { signInContext, type SignedInPerson } from './canvas';
import { expect, uniqueEmail, type Inbox } from './fixtures';
import { clientPasswordHash } from '../../../scripts/lib/client-password-hash';
import { apiOf } from './api';

/**
 * Work relations for end-to-end tests, made through the API the way the browser would:
 * a family's canvas, an advisor company that a family invited (advisor invitation, signup
 * with the e-mailed token, acceptance with a new company), signed in in its own context,
 * and the private note an organisation keeps about an entity.
 *
 * (Reconstructed by the invitations helper after an accidental overwrite: the three
 * functions the work-relations spec imports, with the signatures it uses.)
 */

export type CanvasSectionRef = { id: number; title: string };

/**
 * The current family's canvas (GET /api/canvas): a family's signup creates it
 * (docs/product/accounts.md#a-new-family-starts-on-its-canvas). Its id is the family id.
 */
export async function createCanvas(context: BrowserContext, baseURL: string): Promise<{ familyId: number; title: string; sections: CanvasSectionRef[] }> {
  const created = await apiOf(context.request, baseURL).call('getOwnCanvas');
  expect(created.status(), await created.text()).toBe(200);
  const canvas = (await created.json()) as { id: number; entityId: number; title: string; sections: CanvasSectionRef[] };
  return { familyId: canvas.entityId, title: canvas.title, sections: canvas.sections.map(({ id, title }) => ({ id, title })) };
}

/**
 * An advisor company that the family signed in in `familyContext` invited (to the given
 * sections; none: all): the invitation is created and e-mailed, the advisor signs up with
 * the link's token in `advisorContext`, accepts with a new company and is signed in there.
 */
export async function advisorCompanyInvitedBy(
  inbox: Inbox,
  familyContext: BrowserContext,
  advisorContext: BrowserContext,
  baseURL: string,
  input: { canvasSections?: number[]; companyName: string; firstName: string; lastName?: string },
): Promise<SignedInPerson & { companyId: number; companyName: string }> {
  const email = uniqueEmail(input.firstName.toLowerCase());
  const created = await apiOf(familyContext.request, baseURL).call('createAdvisorInvitation', { body: { email, canvasSections: input.canvasSections ?? [] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await apiOf(familyContext.request, baseURL).call('sendAdvisorInvitationEmail', { body: { id } });
  expect(sent.status(), await sent.text()).toBe(200);
  const token = new URL(appLinkIn(await waitForMail(inbox, email, 'invites you to Family Canvas'), '/advisor-invitation')).searchParams.get('token');
  expect(token).toBeTruthy();

  const salt = randomBytes(16).toString('base64');
  const signup = await apiOf(advisorContext.request, baseURL).call('signUp', {
    body: {
      firstName: input.firstName,
      lastName: input.lastName ?? 'Adeyemi',
      email,
      password: clientPasswordHash(defaultPassword, salt),
      salt,
      advisorInvitationToken: token,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const accepted = await apiOf(advisorContext.request, baseURL).call('acceptAdvisorInvitation', {
    looseBody: { token, entityId: null, entityName: input.companyName },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { id: companyId } = (await accepted.json()) as { id: number };
  const userId = await signInContext(advisorContext, baseURL, email);
  return { userId, email, firstName: input.firstName, context: advisorContext, companyId, companyName: input.companyName };
}

/** The note the caller's organisation keeps about an entity (GET /api/entities/notes/{entityId}). */
export async function noteAbout(context: BrowserContext, baseURL: string, entityId: number): Promise<{ id: string | null; note: string | null }> {
  const response = await apiOf(context.request, baseURL).call('getNote', { params: { entityId } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string | null; note: string | null };
}
