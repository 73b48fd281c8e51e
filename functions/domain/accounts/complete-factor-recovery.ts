import type { FactorRecoveryLinkRequest, FactorRecoveryState } from '../../../shared/contracts/auth';
import { fail } from '../../lib/errors';
import { liveSessionsEnded } from '../live/revocation';
import { enforcePolicyAfterFactorRemoved } from '../two-factor/enforce-policy';
import { announceSignInMethodChange, type ChangeClient } from '../two-factor/notice';
import { listPasskeyItems } from '../two-factor/passkeys';
import { endSessionsOfUser, hashToken } from '../sessions/session';
import { deleteFactorRecoveryOfLink, removeAllSecondFactors } from './factor-recoveries';
import { recoveryStateOf, requireRecoveryLink } from './factor-recovery-link';
import { consumeToken, transactTokenUse } from './tokens';

/**
 * After the wait: removes every second factor, uses the link up and ends every session.
 * Before it: FACTOR_RECOVERY_WAITING (98, details `{readyAt}`); not started or cancelled:
 * INVALID_TOKEN (20). Nothing changes on a refusal.
 */
export async function completeFactorRecovery(input: FactorRecoveryLinkRequest, client: ChangeClient): Promise<FactorRecoveryState> {
  const { user } = await requireRecoveryLink(input);
  const current = await recoveryStateOf(user.id, input.token);
  if (current.state === 'notStarted') throw fail('INVALID_TOKEN');
  if (current.state === 'waiting') throw fail('FACTOR_RECOVERY_WAITING', { details: { readyAt: current.readyAt } });
  const passkeys = await listPasskeyItems(user.id);
  // Used, cancelled or expired between the read and the write: 20.
  await transactTokenUse([consumeToken('RECOVERY', input.token), deleteFactorRecoveryOfLink(user.id, hashToken(input.token))], () => fail('INVALID_TOKEN'));
  await removeAllSecondFactors(
    user.id,
    passkeys.map((passkey) => passkey.id),
  );
  await enforcePolicyAfterFactorRemoved(user.id);
  await endSessionsOfUser(user.id);
  await liveSessionsEnded(user.id, {});
  await announceSignInMethodChange(user.id, { kind: 'factors-recovered' }, client);
  return { state: 'done', readyAt: current.readyAt };
}
