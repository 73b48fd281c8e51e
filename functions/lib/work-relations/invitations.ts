import type {
  AdvisorInvitation,
  CreateWorkRelationInvitationResponse,
  FamilyInvitation,
  ResendWorkRelationInvitationResponse,
  SendWorkRelationInvitationResponse,
  WorkRelationInvitationInfo,
} from '../../../shared/contracts/invitations';
import { invitationStatus, invitationValidityDays } from '../../../shared/invitations';
import { businessMetrics } from '../../../shared/metrics';
import { sortRows, type SortKey } from '../../../shared/ordering';
import { workRelationInvitationRefusal, type WorkRelationInvitationKind } from '../../../shared/permissions';
import { now } from '../clock';
import type { SectionItem } from '../../domain/canvas/items';
import { getEntity } from '../db/entities';
import { requireInvitationByToken } from '../db/invitations';
import { newId } from '../db/keys';
import { fullName, getUser } from '../../domain/accounts/users';
import {
  deleteWorkRelationInvitation,
  getWorkRelationInvitation,
  issueWorkRelationInvitationToken,
  listWorkRelationInvitations,
  putWorkRelationInvitation,
  renewWorkRelationInvitation,
  workRelationInvitationTypes,
  type WorkRelationInvitationItem,
} from '../db/work-relation-invitations';
import { listCanvasSections } from '../db/work-relations';
import { fail } from '../errors';
import { toInvitationInfo } from '../invitation-info';
import { reserveMail } from '../limits/mail';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import { requireCurrentMembership } from '../memberships';
import type { Session } from '../../domain/sessions/session';
import { requireAccessUntilAhead } from './access-until';
import { requireCanvasSectionIds, sharedSectionsOf } from './sections';

/**
 * The life cycle of work-relation invitations, for both kinds (docs/product/invitations.md#rules, #calls
 * Invitations): an advisor company invites a family ('family', /family-invitation) and a
 * family invites an advisor company ('advisor', /advisor-invitation). The route groups
 * bind these with their kind. Who may do what is shared/permissions.ts
 * (workRelationInvitationRefusal): the inviting side's InviteWorkRelation or
 * RevokeWorkRelationInvite, owner and admin always.
 */

/** The landing-page path of each kind: the link in the e-mail, and the route the SPA serves. */
export const invitationLandingPaths: Record<WorkRelationInvitationKind, string> = { family: '/family-invitation', advisor: '/advisor-invitation' };

function requireInviter(session: Session, kind: WorkRelationInvitationKind, action: 'invite' | 'revoke' | 'list') {
  const actor = requireCurrentMembership(session);
  const refusal = workRelationInvitationRefusal(actor, kind, action);
  if (refusal) throw fail(refusal);
  return actor;
}

/**
 * The invitation a link token belongs to. Revoked → INVITATION_CANCELLED (33); unknown,
 * replaced by a newer link or of the other kind → INVALID_TOKEN (20); not accepted and
 * past its 14 days → INVITATION_EXPIRED (31). An accepted one is returned: each caller decides.
 */
export async function findWorkRelationInvitation(kind: WorkRelationInvitationKind, token: string): Promise<WorkRelationInvitationItem> {
  return requireInvitationByToken<WorkRelationInvitationItem>(token, workRelationInvitationTypes[kind], now());
}

const isPendingDuplicate = (invitations: readonly WorkRelationInvitationItem[], email: string, exceptId: string | null, at: Date) =>
  invitations.some((other) => other.id !== exceptId && other.email === email && invitationStatus(other, at) === 'pending');

/**
 * Creates an invitation of the current entity (step one; send-email mails the link). An
 * advisor invitation names the family's sections to share (empty: all; unknown ids →
 * 6 'Invalid Canvas Rights'). A pending invitation for the same e-mail → ITEM_FOUND (9).
 */
export async function createWorkRelationInvitation(
  session: Session,
  kind: WorkRelationInvitationKind,
  input: { email: string; canvasSections?: readonly number[]; accessUntil?: string | null },
): Promise<CreateWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const canvasSections = kind === 'advisor' ? [...(input.canvasSections ?? [])] : [];
  const accessUntil = kind === 'advisor' ? requireAccessUntilAhead(input.accessUntil ?? null, now()) : null;
  const [invitations, inviter] = await Promise.all([
    listWorkRelationInvitations(kind, actor.entityId),
    getUser(session.userId),
    canvasSections.length ? requireCanvasSectionIds(actor.entityId, canvasSections) : Promise.resolve([]),
  ]);
  if (!inviter) throw fail('ITEM_NOT_FOUND');
  const at = now();
  if (isPendingDuplicate(invitations, input.email, null, at)) throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  const invitation = await putWorkRelationInvitation(
    { kind, id: newId(), entityId: actor.entityId, email: input.email, createdByUserId: inviter.id, createdByName: fullName(inviter), canvasSections, accessUntil },
    at,
  );
  return { id: invitation.id };
}

/**
 * E-mails the link of an invitation of the current entity (step two of inviting, and of
 * resending): a new token each time (the previous link dies), valid 14 days. Accepted → 32;
 * unknown → 4; a mail failure → EMAIL_SEND_FAILED (15), the invitation stays. Limited per
 * recipient and sending account (TOO_MANY_REQUESTS, 80; functions/lib/limits/mail.ts).
 */
export async function sendWorkRelationInvitationEmail(session: Session, kind: WorkRelationInvitationKind, invitationId: string): Promise<SendWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const [invitation, entity, sender] = await Promise.all([getWorkRelationInvitation(kind, actor.entityId, invitationId), getEntity(actor.entityId), getUser(session.userId)]);
  if (!invitation || !entity || !sender) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  // Before the new token: over the limit (80), the link that was sent keeps working.
  await reserveMail(kind === 'family' ? 'family-invitation' : 'advisor-invitation', invitation.email, { userId: session.userId });
  const sections = kind === 'advisor' && invitation.canvasSections.length ? await listCanvasSections(actor.entityId) : [];
  const { token, invitation: issued } = await issueWorkRelationInvitationToken(kind, actor.entityId, invitationId, now());
  const link = appLink(invitationLandingPaths[kind], { token });
  const message =
    kind === 'family'
      ? emailTemplates.familyInvitation({ inviterName: fullName(sender), companyName: entity.entityName, link, validityDays: invitationValidityDays, expirationDate: issued.expirationDate })
      : emailTemplates.advisorInvitation({
          inviterName: fullName(sender),
          familyName: entity.entityName,
          sectionTitles: sharedSectionsOf(sections, invitation.canvasSections).map((section) => section.title),
          link,
          validityDays: invitationValidityDays,
          expirationDate: issued.expirationDate,
          accessUntil: invitation.accessUntil ?? null,
        });
  await sendEmail(invitation.email, message, { countAs: businessMetrics.invitationsSent });
  return { id: invitationId, expirationDate: issued.expirationDate };
}

/**
 * Renews a pending or expired invitation for a new e-mail: the old link dies at once and
 * the 14 days start again; the answer's id goes to send-email. Accepted → 32; another
 * pending invitation for the same e-mail → 9; unknown → 4.
 */
export async function resendWorkRelationInvitation(session: Session, kind: WorkRelationInvitationKind, invitationId: string): Promise<ResendWorkRelationInvitationResponse> {
  const actor = requireInviter(session, kind, 'invite');
  const invitations = await listWorkRelationInvitations(kind, actor.entityId);
  const invitation = invitations.find((candidate) => candidate.id === invitationId);
  if (!invitation) throw fail('ITEM_NOT_FOUND');
  if (invitation.accepted) throw fail('INVITATION_ACCEPTED');
  const at = now();
  if (isPendingDuplicate(invitations, invitation.email, invitation.id, at)) throw fail('ITEM_FOUND', { message: 'A pending invitation for this e-mail exists.' });
  await renewWorkRelationInvitation(kind, actor.entityId, invitationId, at);
  return { id: invitationId };
}

/** Cancels an invitation: its link dies (and says it was cancelled); cancelling an accepted one leaves the work relation it made. Unknown → 4. */
export async function revokeWorkRelationInvitation(session: Session, kind: WorkRelationInvitationKind, invitationId: string): Promise<void> {
  const actor = requireInviter(session, kind, 'revoke');
  await deleteWorkRelationInvitation(kind, actor.entityId, invitationId, now());
}

const newestFirst: Array<SortKey<string>> = [{ field: 'createdDate', isDescending: true }];

function toFamilyInvitation(invitation: WorkRelationInvitationItem, entityName: string, at: Date): FamilyInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    entityId: invitation.entityId,
    entityName,
    createdByMember: invitation.createdByName,
    createdDate: invitation.createdDate,
    expirationDate: invitation.expirationDate,
    accepted: invitation.accepted,
    status: invitationStatus(invitation, at),
  };
}

/** Every family invitation of the current advisor company, no paging, sorted by `orderBy` (default newest first). */
export async function listFamilyInvitations(session: Session, orderBy: ReadonlyArray<SortKey<string>> | undefined): Promise<FamilyInvitation[]> {
  const actor = requireInviter(session, 'family', 'list');
  const [invitations, entity] = await Promise.all([listWorkRelationInvitations('family', actor.entityId), getEntity(actor.entityId)]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const at = now();
  return sortRows(invitations.map((invitation) => toFamilyInvitation(invitation, entity.entityName, at)), orderBy?.length ? orderBy : newestFirst);
}

/** Every advisor invitation of the current family, with the titles of the sections it offers (empty: all). */
export async function listAdvisorInvitations(session: Session, orderBy: ReadonlyArray<SortKey<string>> | undefined): Promise<AdvisorInvitation[]> {
  const actor = requireInviter(session, 'advisor', 'list');
  const [invitations, entity, sections] = await Promise.all([
    listWorkRelationInvitations('advisor', actor.entityId),
    getEntity(actor.entityId),
    listCanvasSections(actor.entityId),
  ]);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const at = now();
  const rows = invitations.map((invitation) => {
    const shared = sharedSectionsOf(sections, invitation.canvasSections ?? []);
    return {
      ...toFamilyInvitation(invitation, entity.entityName, at),
      canvasSections: shared.map((section) => section.title),
      canvasSectionIds: shared.map((section) => section.id),
      accessUntil: invitation.accessUntil ?? null,
    };
  });
  // Sorting by canvas rights sorts by the joined titles ('' — all sections — last).
  const sortable = rows.map((row) => ({ ...row, sortCanvasSections: row.canvasSections.join(', ') }));
  const keys = (orderBy?.length ? orderBy : newestFirst).map((key) => (key.field === 'canvasSections' ? { ...key, field: 'sortCanvasSections' } : key));
  return sortRows(sortable, keys).map(({ sortCanvasSections: _sort, ...row }) => row);
}

/**
 * What the landing page shows (public: the token is the credential): the inviting entity,
 * the invited e-mail, the status and, for an advisor invitation, the sections offered.
 * Accepted answers normally with accepted true; cancelled → 33; expired → 31; unknown or replaced → 20.
 */
export async function getWorkRelationInvitationInfo(kind: WorkRelationInvitationKind, token: string): Promise<WorkRelationInvitationInfo> {
  const invitation = await findWorkRelationInvitation(kind, token);
  const [entity, sections] = await Promise.all([
    getEntity(invitation.entityId),
    kind === 'advisor' && invitation.canvasSections?.length ? listCanvasSections(invitation.entityId) : Promise.resolve([] as SectionItem[]),
  ]);
  if (!entity) throw fail('INVALID_TOKEN');
  return {
    ...toInvitationInfo(invitation, entity),
    canvasSections: sharedSectionsOf(sections, invitation.canvasSections ?? []).map((section) => section.title),
    ...(kind === 'advisor' ? { accessUntil: invitation.accessUntil ?? null } : {}),
  };
}
