import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearPendingWorkInvitation,
  isInvitationFor,
  pendingWorkInvitationAtom,
  readStoredWorkInvitation,
  rememberPendingWorkInvitation,
  type PendingWorkInvitation,
} from './work-invitation';

const invitation: PendingWorkInvitation = {
  kind: 'advisorInvitation',
  token: 'tok',
  email: 'Noor@Example.com',
  entityId: 7,
  entityName: 'Rivera',
  canvasSections: [],
};
const day = 24 * 60 * 60 * 1000;

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('the pending family or advisor invitation (docs/product/sessions-and-sign-in.md#after-login)', () => {
  it('outlives the tab: a new tab or session of the browser still finds it', () => {
    rememberPendingWorkInvitation(createStore(), invitation, 1_000);
    window.sessionStorage.clear();
    expect(readStoredWorkInvitation(1_000 + day)).toEqual(invitation);
  });

  it('is forgotten after the 14 days a link is valid, and when cleared', () => {
    const store = createStore();
    rememberPendingWorkInvitation(store, invitation, 0);
    expect(readStoredWorkInvitation(15 * day)).toBeNull();
    clearPendingWorkInvitation(store);
    expect(store.get(pendingWorkInvitationAtom)).toBeNull();
    expect(readStoredWorkInvitation(1)).toBeNull();
  });

  it('applies only to the invited address (case aside)', () => {
    expect(isInvitationFor(invitation, 'noor@example.com')).toBe(true);
    expect(isInvitationFor(invitation, 'someone@example.com')).toBe(false);
    expect(isInvitationFor(invitation, null)).toBe(false);
  });
});
