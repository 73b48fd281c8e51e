import type { FactorRecoveryLinkRequest, FactorRecoveryState } from '../../../shared/contracts/auth';
import { AppError, fail } from '../../lib/errors';
import { liveSessionsEnded } from '../sockets/revocation';
import { enforcePolicyAfterFactorRemoved } from './enforce-policy';
import { announceSignInMethodChange, type ChangeClient } from '../accounts/notice';
import { listPasskeyItems, removePasskeyItem } from '../../records/passkeys';
import { removeRecoveryCodesWithoutFactor, removeTotp } from '../../records/second-factors';
import { endSessionsOfUser } from '../sessions/session';
import { hashToken } from '../../lib/secret-tokens';
import { deleteFactorRecoveryOfLink, getFactorRecovery, removeAllSecondFactors, type NamedFactors } from '../../records/factor-recoveries';
import { recoveryStateOf, requireRecoveryLink } from '../accounts/factor-recovery-link';
import { consumeToken, transactTokenUse } from '../../records/tokens';
import { getUser } from '../../records/users';

/**
 * After the wait: removes every second factor (or, for a recovery "This was not me" started,
 * only the factor it names), uses the link up and ends every session. Before it:
 * FACTOR_RECOVERY_WAITING (98, details `{readyAt}`); not started or cancelled:
 * INVALID_TOKEN (20). Nothing changes on a refusal.
 */
export async function completeFactorRecovery(input: FactorRecoveryLinkRequest, client: ChangeClient): Promise<FactorRecoveryState> {
  const { user } = await requireRecoveryLink(input);
  const current = await recoveryStateOf(user.id, input.token);
  if (current.state === 'notStarted') throw fail('INVALID_TOKEN');
  if (current.state === 'waiting') throw fail('FACTOR_RECOVERY_WAITING', { details: { readyAt: current.readyAt } });
  const [recovery, passkeys] = await Promise.all([getFactorRecovery(user.id), listPasskeyItems(user.id)]);
  // Used, cancelled or expired between the read and the write: 20.
  await transactTokenUse([consumeToken('RECOVERY', input.token), deleteFactorRecoveryOfLink(user.id, hashToken(input.token))], () => fail('INVALID_TOKEN'));
  if (recovery?.only) await removeNamedFactors(user.id, recovery.only);
  else
    await removeAllSecondFactors(
      user.id,
      passkeys.map((passkey) => passkey.id),
    );
  await enforcePolicyAfterFactorRemoved(user.id);
  await endSessionsOfUser(user.id);
  await liveSessionsEnded(user.id, {});
  await announceSignInMethodChange(user.id, { kind: recovery?.only ? 'reported-factor-removed' : 'factors-recovered' }, client);
  return { state: 'done', readyAt: current.readyAt };
}

/** Removes the named factors still there; the recovery codes go with the last factor. */
async function removeNamedFactors(userId: string, factors: NamedFactors): Promise<void> {
  for (const passkeyId of factors.passkeyIds ?? []) {
    await removePasskeyItem(userId, passkeyId).catch((error: unknown) => {
      // Removed meanwhile: nothing left to remove.
      if (!(error instanceof AppError && error.errorName === 'ITEM_NOT_FOUND')) throw error;
    });
  }
  const current = await getUser(userId, { consistent: true });
  if (factors.totp && current?.totpEnabled) await removeTotp(userId, { keepRecoveryCodes: (current.passkeyCount ?? 0) > 0 });
  const after = await getUser(userId, { consistent: true });
  if (after && !after.totpEnabled && (after.passkeyCount ?? 0) === 0) await removeRecoveryCodesWithoutFactor(userId);
}
