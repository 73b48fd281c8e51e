import type { CancelFactorRecoveryRequest } from '../../../shared/contracts/auth';
import { fail } from '../../lib/errors';
import { cancelFactorRecovery } from '../../records/factor-recoveries';
import { consumeToken, getToken, isTokenExpired, transactTokenUse } from '../../records/tokens';

/** The cancel link of the "recovery started" mail: the waiting recovery ends, its link is used up. */
export async function cancelFactorRecoveryByLink(input: CancelFactorRecoveryRequest): Promise<void> {
  const token = await getToken('RECOVERY_CANCEL', input.token);
  if (!token || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  await transactTokenUse([consumeToken('RECOVERY_CANCEL', input.token)], () => fail('INVALID_TOKEN'));
  await cancelFactorRecovery(token.userId);
}
