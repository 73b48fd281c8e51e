import { atom } from 'jotai';
import type { AppStore } from './app-store';
import { tab } from './browser-storage';

/**
 * The invitation a visitor arrived with (docs/product/invitations.md#screens invitation landing pages, docs/product/sessions-and-sign-in.md#after-login,
 * docs/product/accounts.md#signup): recorded by the landing page, read by the start, login and signup pages, cleared
 * once accepted or declined. Kept in this tab's storage too, so a reload on the way from
 * the e-mail link to login or signup does not lose it.
 */
export type PendingMemberInvitation = {
  kind: 'memberInvitation';
  token: string;
  email: string;
  entityName: string;
  /** The inviting entity's type id, by the invitation's field name (docs/product/invitations.md#fields Member invitation). */
  entityType: number;
};

const storageKey = 'fc.pendingInvitation';

function isPendingMemberInvitation(value: unknown): value is PendingMemberInvitation {
  const record = value as Partial<PendingMemberInvitation> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    record.kind === 'memberInvitation' &&
    typeof record.token === 'string' &&
    typeof record.email === 'string' &&
    typeof record.entityName === 'string' &&
    typeof record.entityType === 'number'
  );
}

function readStored(): PendingMemberInvitation | null {
  const raw = typeof window === 'undefined' ? null : tab.get(storageKey);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isPendingMemberInvitation(value) ? value : null;
  } catch {
    return null;
  }
}

export const pendingInvitationAtom = atom<PendingMemberInvitation | null>(readStored());

export function rememberPendingInvitation(store: AppStore, invitation: PendingMemberInvitation): void {
  store.set(pendingInvitationAtom, invitation);
  tab.set(storageKey, JSON.stringify(invitation));
}

export function clearPendingInvitation(store: AppStore): void {
  store.set(pendingInvitationAtom, null);
  tab.remove(storageKey);
}
