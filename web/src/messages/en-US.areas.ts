/**
 * The texts of the app's areas, loaded after the first page (loadAreaMessages in ./en-US.ts):
 * only signed-in pages and the sign-in flow show them.
 */
import { accountRecoveryMessages } from './en-US.account-recovery';
import { canvasMessages } from './en-US.canvas';
import { historyMessages } from './en-US.history';
import { liveMessages } from './en-US.live';
import { offlineMessages } from './en-US.offline';
import { myActionsMessages } from './en-US.my-actions';
import { organisationMessages } from './en-US.organisations';
import { passkeyMessages } from './en-US.passkeys';
import { planBookMessages } from './en-US.plan-book';
import { securityMessages } from './en-US.security';
import { twoFactorMessages } from './en-US.two-factor';
import { workInvitationMessages } from './en-US.work-invitations';
import { workRelationMessages } from './en-US.work-relations';

export const areaMessages = {
  // The canvas (docs/product/canvas.md): en-US.canvas.ts
  ...canvasMessages,

  // The canvas history, undo and the advisor access log: en-US.history.ts
  ...historyMessages,
  ...liveMessages,
  // Saves made offline, and saves whose answer was lost: en-US.offline.ts
  ...offlineMessages,
  ...myActionsMessages,

  // The plan book (a PDF of the canvas): en-US.plan-book.ts
  ...planBookMessages,

  // Organisations, members, invitations, profile (docs/product/invitations.md): en-US.organisations.ts
  ...organisationMessages,

  // The Security tab of the profile (sessions): en-US.security.ts
  ...securityMessages,
  // Passkeys (Security tab, login page): en-US.passkeys.ts
  ...passkeyMessages,
  // Two-factor sign-in, re-authentication, the company policy (docs/product/sessions-and-sign-in.md#two-factor-sign-in): en-US.two-factor.ts
  ...twoFactorMessages,
  // Mail links after a sign-in method changed, and recovering lost second factors: en-US.account-recovery.ts
  ...accountRecoveryMessages,

  // Family and advisor invitations, select pages, walkthrough (docs/product/invitations.md): en-US.work-invitations.ts
  ...workInvitationMessages,
  ...workRelationMessages,
} as const;

export type AreaMessages = typeof areaMessages;
