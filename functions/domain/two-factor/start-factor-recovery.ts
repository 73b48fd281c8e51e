import type { FactorRecoveryLinkRequest, FactorRecoveryState } from '../../../shared/contracts/auth';
import { durations, now } from '../../lib/clock';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import type { ChangeClient } from '../accounts/notice';
import { hashToken } from '../../lib/secret-tokens';
import { describeDevice } from '../accounts/devices';
import { heldFactorsOf, putFactorRecovery } from '../../records/factor-recoveries';
import { factorRecoveryWaitHours, recoveryStateOf, requireRecoveryLink } from '../accounts/factor-recovery-link';
import { createToken } from '../../records/tokens';

/**
 * Starts the waiting period (once per link: again, it answers where it stands). The mail
 * with the cancel link goes first: a recovery nobody was told of never starts.
 */
export async function startFactorRecovery(input: FactorRecoveryLinkRequest, client: ChangeClient): Promise<FactorRecoveryState> {
  const { token, user } = await requireRecoveryLink(input);
  const current = await recoveryStateOf(user.id, input.token);
  if (current.state !== 'notStarted') return current;
  const readyAt = new Date(now().getTime() + factorRecoveryWaitHours * durations.hour).toISOString();
  const cancelToken = await createToken('RECOVERY_CANCEL', { userId: user.id, email: user.email });
  await sendEmail(
    user.email,
    emailTemplates.factorRecoveryStarted({
      firstName: user.firstName,
      readyAt: readyAt.slice(0, 16).replace('T', ' '),
      device: client.userAgent ? describeDevice(client.userAgent) : 'Unknown device',
      clientAddress: client.clientAddress,
      cancelLink: appLink('/recover-access/cancel', { token: cancelToken }),
    }),
  );
  // Factors a "This was not me" report holds stay held (this recovery removes them with the rest).
  const held = await heldFactorsOf(user.id);
  await putFactorRecovery(user.id, {
    type: 'FactorRecovery',
    recoveryTokenHash: hashToken(input.token),
    startedAt: now().toISOString(),
    readyAt,
    expiresAt: token.expiresAt,
    ...(held.totp || held.passkeyIds ? { held } : {}),
  });
  return { state: 'waiting', readyAt };
}
