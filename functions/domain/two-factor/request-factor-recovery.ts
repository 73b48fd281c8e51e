import type { FactorRecoveryRequest, LinkSentResponse } from '../../../shared/contracts/auth';
import { hasSecondFactor } from '../../../shared/permissions';
import { reserveLinkMail } from '../../lib/limits/mail';
import { steadyAnswer } from '../../lib/limits/steady-answer';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import { factorRecoveryWaitHours } from '../accounts/factor-recovery-link';
import { createToken } from '../../records/tokens';
import { getLogin, getUser } from '../../records/users';

/**
 * Step 1 of a factor recovery (functions/domain/accounts/factor-recovery-link.ts): e-mails a
 * recovery link, limited per address and client like the reset mail (beyond the address's
 * limit the same answer and no mail: its recent links still work); an unknown address or
 * an account without a second factor gets the same answer and no mail.
 */
export async function requestFactorRecovery(input: FactorRecoveryRequest, clientAddress: string): Promise<LinkSentResponse> {
  const mayMail = await reserveLinkMail('factor-recovery', input.email, { clientAddress });
  await steadyAnswer(async () => {
    if (!mayMail) return;
    const login = await getLogin(input.email);
    const user = login ? await getUser(login.userId) : undefined;
    if (!user || !hasSecondFactor(user)) return;
    const token = await createToken('RECOVERY', { userId: user.id, email: user.email });
    await sendEmail(
      user.email,
      emailTemplates.factorRecoveryLink({
        firstName: user.firstName,
        waitHours: factorRecoveryWaitHours,
        link: appLink('/recover-access', { email: user.email, token }),
      }),
    );
  });
  return { email: input.email };
}
