import type { FactorRecoveryLinkRequest, FactorRecoveryState } from '../../../shared/contracts/auth';
import { recoveryStateOf, requireRecoveryLink } from '../accounts/factor-recovery-link';

/** Where the recovery of a link stands, for its page (reads only). */
export async function factorRecoveryStatus(input: FactorRecoveryLinkRequest): Promise<FactorRecoveryState> {
  const { user } = await requireRecoveryLink(input);
  return recoveryStateOf(user.id, input.token);
}
