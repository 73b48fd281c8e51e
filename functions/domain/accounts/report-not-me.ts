import { randomBytes } from 'node:crypto';
import type { NotMeRequest, NotMeResponse } from '../../../shared/contracts/auth';
import { durations, now, nowEpochSeconds } from '../../lib/clock';
import { fail } from '../../lib/errors';
import { logger } from '../../lib/observability';
import { sendWrite } from '../../lib/db/table';
import { keys } from '../../lib/db/keys';
import { liveSessionsEnded } from '../sockets/revocation';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';
import { endSessionsOfUser } from '../sessions/session';
import { hashToken } from '../../lib/secret-tokens';
import { getPasskeyItem } from '../../records/passkeys';
import type { ChangeClient } from './notice';
import { describeDevice } from './devices';
import { getFactorRecovery, putFactorRecovery, type NamedFactors } from '../../records/factor-recoveries';
import { factorRecoveryWaitHours } from './factor-recovery-link';
import { sendReset } from './send-reset';
import { consumeToken, createToken, getToken, isTokenExpired, tokenLifetimeMs, transactTokenUse, type TokenItem } from '../../records/tokens';
import { getUser, lockPassword, type UserItem } from '../../records/users';

/**
 * "This was not me", from the mail that announced a change of a sign-in method
 * (functions/domain/accounts/notice.ts), after one confirming click on its page. The link works
 * once, for 3 days (functions/records/tokens.ts). It:
 * - makes the current password unusable (whoever made the change may know it) and ends
 *   every session and every live socket of the account, at once;
 * - stops the change: a second factor it added that is still there is held (it cannot sign
 *   in) and removed only through the mailbox recovery's announced, cancellable wait of
 *   factorRecoveryWaitHours (functions/domain/accounts/factor-recovery-link.ts): the mail
 *   carries the link that finishes it after the wait and the link that cancels it;
 * - sends a password reset link to the account's address (the page says so).
 * Whoever clicks holds the mailbox, which is not proof of being the owner: so nothing is
 * removed at once, and the reset still asks for a factor until the wait is over
 * (docs/security.md, "This was not me"). A factor the change removed is not restored.
 */
export async function reportNotMe(input: NotMeRequest, client: ChangeClient): Promise<NotMeResponse> {
  const token = await getToken('NOTME', input.token);
  if (!token || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  const user = await getUser(token.userId);
  if (!user) throw fail('INVALID_TOKEN');
  await transactTokenUse([consumeToken('NOTME', input.token)], () => fail('INVALID_TOKEN'));
  // Whoever made the change may know the password: no password matches random bytes until a reset.
  await lockPassword(user.email, randomBytes(32).toString('base64'), now().toISOString());
  await endSessionsOfUser(user.id);
  await liveSessionsEnded(user.id, {});
  const reported = await reportedFactorOf(user, token.undo);
  const factorRemovalAt = reported ? await holdReportedFactor(user, reported, client) : null;
  try {
    await sendReset({ email: user.email }, client.clientAddress);
  } catch (error) {
    // Over the reset mail's limit: the person asks for a link on the reset page later.
    logger.warn('not-me reset mail not sent', { error });
  }
  return { email: user.email, factorRemovalAt };
}

/** The factor the reported change added, if it is still there, and its name for the mail. */
async function reportedFactorOf(user: UserItem, undo: TokenItem['undo']): Promise<{ factors: NamedFactors; name: string } | undefined> {
  if (undo?.passkeyId) {
    const passkey = await getPasskeyItem(user.id, undo.passkeyId);
    return passkey ? { factors: { passkeyIds: [passkey.id] }, name: `the passkey named "${passkey.label}"` } : undefined;
  }
  const current = await getUser(user.id, { consistent: true });
  if (undo?.totp && current?.totpEnabled) return { factors: { totp: true }, name: 'the authenticator app' };
  return undefined;
}

/**
 * Holds the reported factor and starts the wait that removes it, announced by mail with the
 * finishing and the cancel link before it starts. A recovery already waiting holds the factor
 * too and keeps its own wait (a recovery of every factor removes this one anyway). Answers when
 * the factor can be removed.
 */
async function holdReportedFactor(user: UserItem, reported: { factors: NamedFactors; name: string }, client: ChangeClient): Promise<string> {
  const waiting = await getFactorRecovery(user.id);
  const joins = waiting !== undefined && waiting.expiresAt > nowEpochSeconds();
  const readyAt = joins ? waiting.readyAt : new Date(now().getTime() + factorRecoveryWaitHours * durations.hour).toISOString();
  // Joining a waiting recovery: its own link finishes it (only its hash is stored).
  const recoveryToken = joins ? undefined : await createToken('RECOVERY', { userId: user.id, email: user.email });
  const cancelToken = await createToken('RECOVERY_CANCEL', { userId: user.id, email: user.email });
  await sendEmail(
    user.email,
    emailTemplates.reportedFactorHeld({
      firstName: user.firstName,
      factor: reported.name,
      readyAt: readyAt.slice(0, 16).replace('T', ' '),
      waitHours: factorRecoveryWaitHours,
      device: client.userAgent ? describeDevice(client.userAgent) : 'Unknown device',
      clientAddress: client.clientAddress,
      finishLink: recoveryToken ? appLink('/recover-access', { email: user.email, token: recoveryToken }) : null,
      cancelLink: appLink('/recover-access/cancel', { token: cancelToken }),
    }),
  );
  if (joins) {
    const held = unionOf(waiting.held, reported.factors);
    const only = waiting.only ? unionOf(waiting.only, reported.factors) : undefined;
    await sendWrite({ update: keys.factorRecovery(user.id), spec: { set: { held, ...(only ? { only } : {}) } } });
    return readyAt;
  }
  const expiresAt = nowEpochSeconds() + Math.floor(tokenLifetimeMs.RECOVERY / 1000);
  await putFactorRecovery(user.id, {
    type: 'FactorRecovery',
    recoveryTokenHash: hashToken(recoveryToken as string),
    startedAt: now().toISOString(),
    readyAt,
    expiresAt,
    only: reported.factors,
    held: reported.factors,
  });
  return readyAt;
}

function unionOf(a: NamedFactors | undefined, b: NamedFactors): NamedFactors {
  const passkeyIds = [...new Set([...(a?.passkeyIds ?? []), ...(b.passkeyIds ?? [])])];
  return { ...(a?.totp || b.totp ? { totp: true as const } : {}), ...(passkeyIds.length ? { passkeyIds } : {}) };
}
