import type { SignupRequest, SignupResponse } from '../../../shared/contracts/auth';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { batchPut, transactWrites } from '../../lib/db/table';
import { EntityType } from '../../../shared/enums';
import { newCanvasWrites } from '../canvas/create-canvas';
import { allocateEntityId, newEntityWithOwner, requireEntityTypeId } from '../../records/entities';
import { getLogin, newUserItem, putNewAccount } from '../../records/users';
import { fail } from '../../lib/errors';
import { reserveMail } from '../../lib/limits/mail';
import { hashPassword } from '../../records/passwords';
import { sendConfirmationLink } from '../accounts/send-confirmation-link';
import { applySignupInvitation, hasSignupInvitation } from './apply-signup-invitation';

/**
 * Creates an account. With an invitation token see applySignupInvitation (the answer
 * then carries the session cookie). Without one: the user (e-mail unconfirmed), the new
 * family or advisor company and the owner membership in one transaction whose first item
 * guards the unique e-mail (a family's canvas from the default template in it too,
 * docs/product/accounts.md#a-new-family-starts-on-its-canvas), then e-mails the confirmation link. Answers the user id; no
 * session starts until the e-mail is confirmed. E-mail in use → SIGNUP_EMAIL_IN_USE (10)
 * with nothing written; a mail failure → EMAIL_SEND_FAILED (15) with the account kept
 * (the user asks for a new link after sign-in answers 14). The confirmation mail counts
 * against the limits of anonymous mail per client address and per recipient
 * (functions/lib/limits/mail.ts): beyond them TOO_MANY_REQUESTS (80), nothing written or sent.
 */
export async function signUp(
  input: SignupRequest,
  client: { userAgent: string; clientAddress: string },
): Promise<{ response: SignupResponse; cookie?: string }> {
  const userAgent = client.userAgent;
  if (hasSignupInvitation(input)) return applySignupInvitation(input, userAgent);
  const entityTypeId = requireEntityTypeId(input.createEntityTypeId, 'createEntityTypeId');
  const entityName = input.createEntityName;
  if (entityName === undefined) throw fail('VALIDATION_ERROR', { errors: { createEntityName: [messageKeys.required] } });
  // The common case answers before taking an entity id; the transaction settles a race.
  if (await getLogin(input.email)) throw fail('SIGNUP_EMAIL_IN_USE');
  await reserveMail('confirmation', input.email, { clientAddress: client.clientAddress });

  const password = await hashPassword(input.password, input.salt);
  const entityId = await allocateEntityId();
  const at = now().toISOString();
  const user = newUserItem(input, { isEmailConfirmed: false, at });
  const created = newEntityWithOwner({ id: entityId, entityTypeId, entityName, canvasName: input.canvasName, userId: user.id, at });
  const account = putNewAccount(user, password, at, input.timeZone);
  // A family starts with its canvas, in the same transaction (84 writes beside these 5).
  const canvas = entityTypeId === EntityType.Family ? newCanvasWrites(entityId, created.entity, user.id, at, account.length + created.writes.length) : null;
  await transactWrites([...account, ...created.writes, ...(canvas?.writes ?? [])], { emailInUse: () => fail('SIGNUP_EMAIL_IN_USE') });
  if (canvas) await batchPut(canvas.rest);
  await sendConfirmationLink(user);
  return { response: { idToken: user.id, tokenExpiration: null } };
}
