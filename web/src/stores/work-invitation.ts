import { atom } from 'jotai';
import type { AppStore } from './app-store';
import { local, tab } from './browser-storage';

/**
 * The family or advisor invitation a visitor arrived with (docs/product/invitations.md#screens invitation landing
 * pages, docs/product/invitations.md#rules; docs/product/invitations.md#invitation-pages): recorded by the landing page, read by
 * the start, login and signup pages and by the select page that accepts it, cleared once
 * accepted or given up. Kept in the browser's storage (not only this tab's), so signing in
 * later in a new tab or a new session still leads to the select page; it is forgotten after
 * the link's validity (14 days). (Member invitations: invitation.ts.)
 */
export type WorkInvitationKind = 'familyInvitation' | 'advisorInvitation';

export type PendingWorkInvitation = {
  kind: WorkInvitationKind;
  token: string;
  /** The invited address: the login and signup forms lock it. */
  email: string;
  /**
   * The inviting entity, by the invitation's own field names (docs/product/invitations.md#fields): the advisor
   * company (family invitation) or the family (advisor invitation).
   */
  entityId: number;
  entityName: string;
  /** Advisor invitations: titles of the sections offered; empty means all. */
  canvasSections: readonly string[];
};

const storageKey = 'fc.pendingWorkInvitation';
/** docs/product/limits.md#invitations-limits: an invitation link is valid 14 days; a remembered one is not kept longer. */
const keepForMs = 14 * 24 * 60 * 60 * 1000;

type StoredWorkInvitation = PendingWorkInvitation & { savedAt: number };

function isPendingWorkInvitation(value: unknown): value is PendingWorkInvitation {
  const record = value as Partial<PendingWorkInvitation> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    (record.kind === 'familyInvitation' || record.kind === 'advisorInvitation') &&
    typeof record.token === 'string' &&
    typeof record.email === 'string' &&
    typeof record.entityId === 'number' &&
    typeof record.entityName === 'string' &&
    Array.isArray(record.canvasSections) &&
    record.canvasSections.every((title) => typeof title === 'string')
  );
}

/** The remembered invitation, or null when there is none, it is unreadable or older than the link's validity. */
export function readStoredWorkInvitation(nowMs = Date.now()): PendingWorkInvitation | null {
  const raw = typeof window === 'undefined' ? null : (local.get(storageKey) ?? tab.get(storageKey));
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const savedAt = (value as Partial<StoredWorkInvitation> | null)?.savedAt;
    if (!isPendingWorkInvitation(value) || typeof savedAt !== 'number' || nowMs - savedAt > keepForMs) return null;
    const { kind, token, email, entityId, entityName, canvasSections } = value;
    return { kind, token, email, entityId, entityName, canvasSections };
  } catch {
    return null;
  }
}

/** Whether the invitation is addressed to the signed-in user (another account in this browser must not be led to it). */
export function isInvitationFor(invitation: PendingWorkInvitation, userEmail: string | null | undefined): boolean {
  return Boolean(userEmail) && invitation.email.trim().toLowerCase() === userEmail!.trim().toLowerCase();
}

export const pendingWorkInvitationAtom = atom<PendingWorkInvitation | null>(readStoredWorkInvitation());

export function rememberPendingWorkInvitation(store: AppStore, invitation: PendingWorkInvitation, nowMs = Date.now()): void {
  store.set(pendingWorkInvitationAtom, invitation);
  local.set(storageKey, JSON.stringify({ ...invitation, savedAt: nowMs } satisfies StoredWorkInvitation));
  tab.remove(storageKey);
}

export function clearPendingWorkInvitation(store: AppStore): void {
  store.set(pendingWorkInvitationAtom, null);
  local.remove(storageKey);
  tab.remove(storageKey);
}
