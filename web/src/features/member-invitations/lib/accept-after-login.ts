import type { AppStore } from '../../../stores/app-store';
import { local, storageKeys } from '../../../stores/browser-storage';
import type { PendingMemberInvitation } from '../../../stores/invitation';
import { showToast } from '../../../stores/toasts';
import { t } from '../../../messages/en-US';
import { acceptMemberInvitation } from '../api/accept-member-invitation';
import { acceptFailure, type AcceptOutcome } from './accept-outcome';

/**
 * docs/product/sessions-and-sign-in.md#after-login "Login with a member invitation accepts the invitation after login,
 * switches to the invited entity and shows a toast". Runs once the sign-in has answered
 * (the session exists) and before the login is finished: the invited entity is stored as
 * the one to make current, so loading the entities picks it.
 */
export async function acceptAfterSignIn(invitation: Pick<PendingMemberInvitation, 'token'>): Promise<AcceptOutcome> {
  try {
    const entity = await acceptMemberInvitation(invitation.token);
    local.set(storageKeys.entityId, String(entity.id));
    return { kind: 'joined', entity };
  } catch (error) {
    return acceptFailure(error);
  }
}

/** The toast that tells how accepting went (docs/product/errors.md#invitations-errors "Accepting an invitation"). */
export function announceAcceptOutcome(store: AppStore, outcome: AcceptOutcome, entityName: string): void {
  if (outcome.kind === 'notFound') return;
  if (outcome.kind === 'joined') {
    showToast(store, {
      mode: 'success',
      title: t('memberInvitation.joinedTitle'),
      text: t('memberInvitation.joined', { entityName: outcome.entity.entityName }),
    });
    return;
  }
  showToast(store, {
    mode: outcome.mode,
    title: outcome.hasTitle ? t('memberInvitation.errors.title') : undefined,
    text: t(outcome.message, { entityName }),
  });
}
