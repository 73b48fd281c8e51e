import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CancelFactorRecoveryRequest, FactorRecoveryLinkRequest, FactorRecoveryRequest, FactorRecoveryState, LinkSentResponse } from '../../shared/contracts/auth';
import { hasSecondFactor } from '../../shared/permissions';
import { durations, now } from '../lib/clock';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { consumeToken, createToken, getToken, isTokenExpired, type TokenItem } from '../lib/db/tokens';
import { getLogin, getUser, type UserItem } from '../lib/db/users';
import { describeDevice } from '../lib/devices';
import { fail, transactionCancellationReasons } from '../lib/errors';
import { reserveMail } from '../lib/limits/mail';
import { steadyAnswer } from '../lib/limits/steady-answer';
import { liveSessionsEnded } from '../domain/live/revocation';
import { sendEmail } from '../lib/mail/mailer';
import { appLink, emailTemplates } from '../lib/mail/templates';
import { enforcePolicyAfterFactorRemoved } from '../lib/mfa/enforce';
import { announceSignInMethodChange, type ChangeClient } from '../lib/mfa/notice';
import { cancelFactorRecovery, getFactorRecovery, putFactorRecovery, removeAllSecondFactors } from '../lib/mfa/recovery';
import { endSessionsOfUser, hashToken } from '../domain/sessions/session';
import { listPasskeyItems } from '../passkeys/store';

/**
 * Recovering an account whose every second factor is lost (the phone with the authenticator
 * app, the passkeys, the recovery codes), through its mailbox, never at once:
 *
 * 1. From the second sign-in step ("Lost your phone or passkey?") the person asks for a
 *    recovery link by mail (limited per address and client like the reset mail; an unknown
 *    address or an account without a second factor gets the same answer and no mail).
 * 2. Opening the link and confirming starts a waiting period of factorRecoveryWaitHours,
 *    announced at once by mail to the account with a cancel link. Signing in with a factor
 *    meanwhile cancels it too.
 * 3. After the wait, the same link removes every second factor (and the recovery codes),
 *    ends every session, and the person signs in with the password alone and sets up new
 *    factors. The change is announced like every other.
 *
 * The password reset by mail still asks for the second factor afterwards: only this flow,
 * with its wait and its announcement, takes a factor away without the factor.
 */
export const factorRecoveryWaitHours = 24;

/** The recovery link of `email`, while it can be used: else INVALID_TOKEN (20) or TOKEN_EXPIRED (21). */
async function requireRecoveryLink(input: FactorRecoveryLinkRequest): Promise<{ token: TokenItem; user: UserItem }> {
  const token = await getToken('RECOVERY', input.token);
  if (!token || token.email !== input.email || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  const user = await getUser(token.userId);
  if (!user) throw fail('INVALID_TOKEN');
  return { token, user };
}

/** Where the recovery of this link stands (reads only). */
async function stateOf(userId: string, linkToken: string): Promise<FactorRecoveryState> {
  const recovery = await getFactorRecovery(userId);
  if (!recovery || recovery.recoveryTokenHash !== hashToken(linkToken)) return { state: 'notStarted', readyAt: null };
  return { state: recovery.readyAt > now().toISOString() ? 'waiting' : 'ready', readyAt: recovery.readyAt };
}

export async function requestFactorRecovery(input: FactorRecoveryRequest, clientAddress: string): Promise<LinkSentResponse> {
  await reserveMail('factor-recovery', input.email, { clientAddress });
  await steadyAnswer(async () => {
    const login = await getLogin(input.email);
    const user = login ? await getUser(login.userId) : undefined;
    if (!user || !hasSecondFactor(user)) return;
    const token = await createToken('RECOVERY', { userId: user.id, email: user.email });
    await sendEmail(user.email, emailTemplates.factorRecoveryLink({ firstName: user.firstName, waitHours: factorRecoveryWaitHours, link: appLink('/recover-access', { email: user.email, token }) }));
  });
  return { email: input.email };
}

export async function factorRecoveryStatus(input: FactorRecoveryLinkRequest): Promise<FactorRecoveryState> {
  const { user } = await requireRecoveryLink(input);
  return stateOf(user.id, input.token);
}

/**
 * Starts the waiting period (once per link: again, it answers where it stands). The mail
 * with the cancel link goes first: a recovery nobody was told of never starts.
 */
export async function startFactorRecovery(input: FactorRecoveryLinkRequest, client: ChangeClient): Promise<FactorRecoveryState> {
  const { token, user } = await requireRecoveryLink(input);
  const current = await stateOf(user.id, input.token);
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
  await putFactorRecovery(user.id, { type: 'FactorRecovery', recoveryTokenHash: hashToken(input.token), startedAt: now().toISOString(), readyAt, expiresAt: token.expiresAt });
  return { state: 'waiting', readyAt };
}

/**
 * After the wait: removes every second factor, uses the link up and ends every session.
 * Before it: FACTOR_RECOVERY_WAITING (98, details `{readyAt}`); not started or cancelled:
 * INVALID_TOKEN (20). Nothing changes on a refusal.
 */
export async function completeFactorRecovery(input: FactorRecoveryLinkRequest, client: ChangeClient): Promise<FactorRecoveryState> {
  const { user } = await requireRecoveryLink(input);
  const current = await stateOf(user.id, input.token);
  if (current.state === 'notStarted') throw fail('INVALID_TOKEN');
  if (current.state === 'waiting') throw fail('FACTOR_RECOVERY_WAITING', { details: { readyAt: current.readyAt } });
  const passkeys = await listPasskeyItems(user.id);
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          consumeToken('RECOVERY', input.token),
          {
            Delete: {
              TableName: tableName(),
              Key: keys.factorRecovery(user.id),
              ConditionExpression: 'recoveryTokenHash = :hash',
              ExpressionAttributeValues: { ':hash': hashToken(input.token) },
            },
          },
        ],
      }),
    );
  } catch (error) {
    // Used, cancelled or expired between the read and the write.
    if (transactionCancellationReasons(error)) throw fail('INVALID_TOKEN');
    throw error;
  }
  await removeAllSecondFactors(user.id, passkeys.map((passkey) => keys.passkey(user.id, passkey.id)));
  await enforcePolicyAfterFactorRemoved(user.id);
  await endSessionsOfUser(user.id);
  await liveSessionsEnded(user.id, {});
  await announceSignInMethodChange(user.id, { kind: 'factors-recovered' }, client);
  return { state: 'done', readyAt: current.readyAt };
}

/** The cancel link of the "recovery started" mail: the waiting recovery ends, its link is used up. */
export async function cancelFactorRecoveryByLink(input: CancelFactorRecoveryRequest): Promise<void> {
  const token = await getToken('RECOVERY_CANCEL', input.token);
  if (!token || token.usedAt) throw fail('INVALID_TOKEN');
  if (isTokenExpired(token)) throw fail('TOKEN_EXPIRED');
  try {
    await db().send(new TransactWriteCommand({ TransactItems: [consumeToken('RECOVERY_CANCEL', input.token)] }));
  } catch (error) {
    if (transactionCancellationReasons(error)) throw fail('INVALID_TOKEN');
    throw error;
  }
  await cancelFactorRecovery(token.userId);
}
