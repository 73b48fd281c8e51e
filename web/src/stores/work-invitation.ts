import { atom } from 'jotai';
import type { AppStore } from './app-store';
import { tab } from './browser-storage';

/**
 * The family or advisor invitation a visitor arrived with (spec 01 §2.4 invitation landing
 * pages, §4.3, §4.4; spec 02 §2 Invitation pages): recorded by the landing page, read by
 * the start, login and signup pages and by the select page that accepts it, cleared once
 * accepted or given up. Kept in this tab's storage too, so a reload on the way from the
 * e-mail link to the select page does not lose it. (Member invitations: invitation.ts.)
 */
export type WorkInvitationKind = 'familyInvitation' | 'advisorInvitation';

export type PendingWorkInvitation = {
  kind: WorkInvitationKind;
  token: string;
  /** The invited address: the login and signup forms lock it. */
  email: string;
  /**
   * The inviting entity, by the invitation's own field names (spec 01 §3): the advisor
   * company (family invitation) or the family (advisor invitation).
   */
  entityId: number;
  entityName: string;
  /** Advisor invitations: titles of the sections offered; empty means all. */
  canvasSections: readonly string[];
};

const storageKey = 'fc.pendingWorkInvitation';

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

function readStored(): PendingWorkInvitation | null {
  const raw = typeof window === 'undefined' ? null : tab.get(storageKey);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isPendingWorkInvitation(value) ? value : null;
  } catch {
    return null;
  }
}

export const pendingWorkInvitationAtom = atom<PendingWorkInvitation | null>(readStored());

export function rememberPendingWorkInvitation(store: AppStore, invitation: PendingWorkInvitation): void {
  store.set(pendingWorkInvitationAtom, invitation);
  tab.set(storageKey, JSON.stringify(invitation));
}

export function clearPendingWorkInvitation(store: AppStore): void {
  store.set(pendingWorkInvitationAtom, null);
  tab.remove(storageKey);
}
