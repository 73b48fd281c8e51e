import { formatDay } from '../../../shared/dates';
import { EntityType, type EntityTypeId } from '../../../shared/enums';
import { config } from '../../lib/config';

/**
 * Every e-mail the product sends, as text and HTML. Links are built from the configured
 * app URL. User-provided text is escaped before it goes into HTML.
 */
export type EmailMessage = {
  subject: string;
  text: string;
  html: string;
  /** Extra message headers (the digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** An absolute link into the SPA, with query parameters. */
export function appLink(path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${config().appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1f4e5f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">If the button does not work, copy this link: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">Family Canvas</p></body></html>`;
}

/**
 * An invitation link's validity as the e-mails state it: the days and the last day, from its
 * expirationDate (ISO), shown day.month.year in UTC.
 */
function validityOf(input: { validityDays: number; expirationDate: string }): string {
  return `valid for ${input.validityDays} days, until ${formatDay(input.expirationDate.slice(0, 10))} (UTC)`;
}

/** An advisor company's access end, as the e-mails state it. */
function accessEndText(accessUntil: string | null | undefined): string {
  return accessUntil ? `The access ends at the end of ${formatDay(accessUntil)} (UTC), unless the family extends it.` : '';
}

/** Why a relation ended, in a sentence of the e-mail each side gets. */
export type RelationEndCause = { by: 'family' | 'advisor'; actorName: string } | { by: 'expiry'; accessUntil: string };

export const emailTemplates = {
  contactMessage(input: { firstName: string; lastName: string; email: string; subject: string; message: string }): EmailMessage {
    const name = `${input.firstName} ${input.lastName}`;
    return {
      subject: `Contact form: ${input.subject}`,
      text: `${name} <${input.email}> wrote:\n\n${input.message}\n`,
      html: layout(`Contact form: ${input.subject}`, [
        `${escapeHtml(name)} &lt;${escapeHtml(input.email)}&gt; wrote:`,
        escapeHtml(input.message).replace(/\n/g, '<br>'),
      ]),
    };
  },

  /**
   * The contact form's acknowledgement: fixed text only. The sender's address is not
   * verified, so nothing the form received (name, subject, message) goes back to it.
   */
  contactAcknowledgement(): EmailMessage {
    const lines = [
      'Hello,',
      'thank you for writing to Family Canvas. We received your message and will answer soon.',
      'If you did not write to us, you can ignore this e-mail.',
    ];
    return {
      subject: 'We received your message',
      text: `${lines.join('\n\n')}\n`,
      html: layout('We received your message', lines.map(escapeHtml)),
    };
  },

  /**
   * Sent after a sign-in from a browser and system the account has not used before, so
   * the owner notices a sign-in that was not theirs.
   */
  newDeviceSignin(input: { firstName: string; device: string; at: string; link: string }): EmailMessage {
    const intro = `your Family Canvas account was signed in to from ${input.device} at ${input.at} (UTC).`;
    const advice = 'If it was you, there is nothing to do. If not, change your password and sign the other sessions out under Profile, Security.';
    return {
      subject: 'New sign-in to your Family Canvas account',
      text: `Hello ${input.firstName},\n\n${intro}\n\n${advice}\n\n${input.link}\n`,
      html: layout('New sign-in to your account', [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), escapeHtml(advice)], {
        label: 'Review your sessions',
        url: input.link,
      }),
    };
  },

  /**
   * Sent after every change of the account's sign-in methods (functions/domain/accounts/notice.ts):
   * what changed, when (UTC), from which device and address, and a "This was not me" link
   * (valid 3 days) that signs every device out, stops an added factor after a 24-hour wait
   * and leads to a reset (functions/domain/accounts/report-not-me.ts).
   */
  signInMethodChanged(input: { firstName: string; what: string; at: string; device: string; clientAddress: string; link: string }): EmailMessage {
    const intro = `${input.what} on ${input.at} (UTC), from ${input.device} (address ${input.clientAddress}).`;
    const advice =
      'If it was you, there is nothing to do. If it was not you, open the link below within 3 days: it signs every device out, sends you a link to choose a new password, and stops a second factor this change added from signing in (it is removed after 24 hours, announced by mail).';
    return {
      subject: 'A sign-in method of your Family Canvas account changed',
      text: `Hello ${input.firstName},\n\n${intro}\n\n${advice}\n\nThis was not me: ${input.link}\n`,
      html: layout('A sign-in method of your account changed', [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), escapeHtml(advice)], {
        label: 'This was not me',
        url: input.link,
      }),
    };
  },

  /**
   * Sent when "This was not me" holds the factor the reported change added: it cannot sign in,
   * the finish link removes it after the wait, the cancel link gives it back. Without a finish
   * link (a recovery was already waiting) that recovery's own link removes it.
   */
  reportedFactorHeld(input: {
    firstName: string;
    factor: string;
    readyAt: string;
    waitHours: number;
    device: string;
    clientAddress: string;
    finishLink: string | null;
    cancelLink: string;
  }): EmailMessage {
    const intro = `"This was not me" was used for your Family Canvas account from ${input.device} (address ${input.clientAddress}). Every device was signed out, and ${input.factor} can no longer be used to sign in.`;
    const finish = input.finishLink
      ? `For your safety it is removed only after ${input.waitHours} hours: from ${input.readyAt} (UTC), open this link within 7 days to remove it. Until then a sign-in with your password still asks for a second factor.`
      : `A recovery of your account is already waiting: from ${input.readyAt} (UTC) the link of its e-mail removes it. Until then a sign-in with your password still asks for a second factor.`;
    const cancel =
      'If you did not ask for this (someone else can read your mail), cancel it with the cancel link below: the factor works again. Then change the password of your mailbox.';
    return {
      subject: 'A second factor of your Family Canvas account is on hold',
      text: `Hello ${input.firstName},\n\n${intro}\n\n${finish}\n\n${input.finishLink ? `Remove it: ${input.finishLink}\n\n` : ''}${cancel}\n\nCancel: ${input.cancelLink}\n`,
      html: layout(
        'A second factor of your account is on hold',
        [
          `Hello ${escapeHtml(input.firstName)},`,
          escapeHtml(intro),
          escapeHtml(finish),
          ...(input.finishLink ? [`<a href="${escapeHtml(input.finishLink)}">Remove it</a>`] : []),
          escapeHtml(cancel),
        ],
        { label: 'Cancel', url: input.cancelLink },
      ),
    };
  },

  /** Sent on "Lost your phone or passkey?": the link starts a recovery that waits 24 hours (valid 7 days). */
  factorRecoveryLink(input: { firstName: string; link: string; waitHours: number }): EmailMessage {
    const intro = `someone asked to recover your Family Canvas account because its second factor (authenticator app or passkey) is lost.`;
    const how = `Open the link to start the recovery. For your safety it takes ${input.waitHours} hours: after that, the same link removes your second factors, so you can sign in with your password and set up new ones. The link is valid for 7 days.`;
    const ignore = 'If it was not you, ignore this e-mail: nothing changes.';
    return {
      subject: 'Recover access to your Family Canvas account',
      text: `Hello ${input.firstName},\n\n${intro}\n\n${how}\n\n${input.link}\n\n${ignore}\n`,
      html: layout('Recover access to your account', [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), escapeHtml(how), escapeHtml(ignore)], {
        label: 'Start the recovery',
        url: input.link,
      }),
    };
  },

  /** Sent as soon as a recovery starts: when the factors can be removed, and a cancel link. */
  factorRecoveryStarted(input: { firstName: string; readyAt: string; device: string; clientAddress: string; cancelLink: string }): EmailMessage {
    const intro = `a recovery of your Family Canvas account was started from ${input.device} (address ${input.clientAddress}). From ${input.readyAt} (UTC) it can remove your second factors (authenticator app, passkeys, recovery codes).`;
    const advice = 'If it was not you, cancel it with the link below. Signing in with your authenticator app, a passkey or a recovery code cancels it too.';
    return {
      subject: 'A recovery of your Family Canvas account started',
      text: `Hello ${input.firstName},\n\n${intro}\n\n${advice}\n\nCancel the recovery: ${input.cancelLink}\n`,
      html: layout('A recovery of your account started', [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), escapeHtml(advice)], {
        label: 'Cancel the recovery',
        url: input.cancelLink,
      }),
    };
  },

  /**
   * Sent after signup and on resend: the link confirms the e-mail address (valid 14 days).
   * Nothing the sign-up typed goes in (no name, in neither part): until the link is used,
   * anyone may have signed up with this address and written a lure into the name.
   */
  emailConfirmation(input: { link: string }): EmailMessage {
    return {
      subject: 'Confirm your e-mail address for Family Canvas',
      text: `Hello,\n\nwelcome to Family Canvas. Please confirm your e-mail address with this link (valid for 14 days):\n\n${input.link}\n\nIf you did not sign up, you can ignore this e-mail.\n`,
      html: layout(
        'Confirm your e-mail address',
        [
          'Hello,',
          'welcome to Family Canvas. Please confirm your e-mail address. The link is valid for 14 days.',
          'If you did not sign up, you can ignore this e-mail.',
        ],
        { label: 'Confirm e-mail address', url: input.link },
      ),
    };
  },

  /**
   * Sent on a password reset request: the link sets a new password (valid 1 hour). Without a
   * first name (an account whose address is not confirmed: anyone may have typed its name) it
   * greets without one.
   */
  passwordReset(input: { firstName: string | null; link: string }): EmailMessage {
    return {
      subject: 'Reset your Family Canvas password',
      text: `Hello${input.firstName === null ? '' : ` ${input.firstName}`},\n\nsomeone asked to reset the password of your Family Canvas account. Choose a new password with this link (valid for 1 hour):\n\n${input.link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
      html: layout(
        'Reset your password',
        [
          input.firstName === null ? 'Hello,' : `Hello ${escapeHtml(input.firstName)},`,
          'someone asked to reset the password of your Family Canvas account. The link is valid for 1 hour.',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ],
        { label: 'Choose a new password', url: input.link },
      ),
    };
  },

  /** Sent by POST /member-invitation/send-email: who invites whom into which entity, with the link and its validity. */
  memberInvitation(input: {
    inviterName: string;
    entityName: string;
    entityTypeId: EntityTypeId;
    roleName: string;
    link: string;
    validityDays: number;
    expirationDate: string;
  }): EmailMessage {
    const kind = input.entityTypeId === EntityType.Family ? 'family' : 'company';
    const intro = `${input.inviterName} invites you to join the ${kind} ${input.entityName} on Family Canvas with the role ${input.roleName}.`;
    return {
      subject: `${input.inviterName} invites you to ${input.entityName} on Family Canvas`,
      text: `Hello,\n\n${intro}\n\nAccept the invitation with this link (${validityOf(input)}):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `Join ${input.entityName} on Family Canvas`,
        ['Hello,', escapeHtml(intro), `The invitation is ${escapeHtml(validityOf(input))}. If you do not know the sender, you can ignore this e-mail.`],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },

  /** Sent by POST /family-invitation/send-email: an advisor company invites a family to work with it. */
  familyInvitation(input: { inviterName: string; companyName: string; link: string; validityDays: number; expirationDate: string }): EmailMessage {
    const intro = `${input.inviterName} of ${input.companyName} invites your family to work together on your family canvas on Family Canvas.`;
    const next = 'After signing in (or signing up with this e-mail address), you choose one of your families or create a new one.';
    return {
      subject: `${input.companyName} invites your family to Family Canvas`,
      text: `Hello,\n\n${intro}\n${next}\n\nAccept the invitation with this link (${validityOf(input)}):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `${input.companyName} invites your family`,
        [
          'Hello,',
          escapeHtml(intro),
          escapeHtml(next),
          `The invitation is ${escapeHtml(validityOf(input))}. If you do not know the sender, you can ignore this e-mail.`,
        ],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },

  /** Sent by POST /advisor-invitation/send-email: a family invites an advisor company to its canvas (all sections or some). */
  advisorInvitation(input: {
    inviterName: string;
    familyName: string;
    sectionTitles: readonly string[];
    link: string;
    validityDays: number;
    expirationDate: string;
    accessUntil?: string | null;
  }): EmailMessage {
    const scope = input.sectionTitles.length ? `these sections of its canvas: ${input.sectionTitles.join(', ')}` : 'all sections of its canvas';
    // The family's own name, as it chose it ("Rivera Family", "The Riveras"): no "the … family" around it.
    const intro = `${input.inviterName} of ${input.familyName} invites your advisor company to work with them on Family Canvas, with access to ${scope}.`;
    const access = accessEndText(input.accessUntil);
    const next = 'After signing in (or signing up with this e-mail address), you choose one of your advisor companies or create a new one.';
    return {
      subject: `${input.familyName} invites you to Family Canvas`,
      text: `Hello,\n\n${intro}\n${access ? `${access}\n` : ''}${next}\n\nAccept the invitation with this link (${validityOf(input)}):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `${input.familyName} invites you`,
        [
          'Hello,',
          escapeHtml(intro),
          ...(access ? [escapeHtml(access)] : []),
          escapeHtml(next),
          `The invitation is ${escapeHtml(validityOf(input))}. If you do not know the sender, you can ignore this e-mail.`,
        ],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },

  /**
   * Sent to the owners and admins of both sides when a work relation ends (ended by either
   * side, or its time-boxed access ran out). What stays: the canvas content the advisors
   * wrote, and each side's private notes; a new invitation starts a new relation.
   */
  workRelationEnded(input: { side: 'family' | 'advisor'; familyName: string; companyName: string; cause: RelationEndCause; link: string }): EmailMessage {
    const cause =
      input.cause.by === 'expiry'
        ? `The access ${input.familyName} gave ${input.companyName} ended with ${formatDay(input.cause.accessUntil)} (UTC).`
        : input.cause.by === 'family'
          ? `${input.cause.actorName} of ${input.familyName} ended the family's work relation with ${input.companyName}.`
          : `${input.cause.actorName} of ${input.companyName} ended the company's work relation with ${input.familyName}.`;
    const effect =
      input.side === 'advisor'
        ? `${input.companyName} no longer has access to the canvas of ${input.familyName}. Your private notes stay with your company.`
        : `${input.companyName} no longer has access to your canvas. What its advisors wrote on it stays; you can invite the company again at any time.`;
    return {
      subject: `Work relation ended: ${input.familyName} and ${input.companyName}`,
      text: `Hello,\n\n${cause}\n${effect}\n\n${input.link}\n`,
      html: layout('Work relation ended', ['Hello,', escapeHtml(cause), escapeHtml(effect)], { label: 'Open Family Canvas', url: input.link }),
    };
  },

  /**
   * Sent to the initiator of action points that were unassigned because their assignee can
   * no longer see them (functions/domain/canvas/unassign-unseen.ts): a section stopped being
   * shared, a work relation ended, the assignee left or lost their access. Titles are the
   * family's own text: escaped in HTML.
   */
  actionPointsUnassigned(input: {
    firstName: string;
    familyName: string;
    items: ReadonlyArray<{ title: string; formerAssignee: string }>;
    link: string;
  }): EmailMessage {
    const intro = `${input.items.length === 1 ? 'An action point' : `${input.items.length} action points`} you started on the canvas of ${input.familyName} ${input.items.length === 1 ? 'has' : 'have'} nobody assigned any more: the person assigned can no longer see ${input.items.length === 1 ? 'it' : 'them'}.`;
    const lines = input.items.map((item) => `${item.title} (was assigned to ${item.formerAssignee})`);
    const next = 'Open the canvas to assign them to someone else.';
    return {
      subject: `Action points to reassign on ${input.familyName}`,
      text: `Hello ${input.firstName},\n\n${intro}\n\n${lines.map((line) => `- ${line}`).join('\n')}\n\n${next}\n\n${input.link}\n`,
      html: layout(
        'Action points to reassign',
        [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), lines.map(escapeHtml).join('<br>'), escapeHtml(next)],
        {
          label: 'Open the canvas',
          url: input.link,
        },
      ),
    };
  },

  /** Sent once, 7 days before time-boxed access ends, to the advisor company's owners and admins. */
  accessEndingSoon(input: { familyName: string; companyName: string; accessUntil: string; link: string }): EmailMessage {
    const intro = `the access of ${input.companyName} to the canvas of ${input.familyName} ends at the end of ${formatDay(input.accessUntil)} (UTC).`;
    const next = `To keep working together, ask ${input.familyName} to extend it.`;
    return {
      subject: `Access to ${input.familyName} ends on ${formatDay(input.accessUntil)}`,
      text: `Hello,\n\n${intro}\n${next}\n\n${input.link}\n`,
      html: layout(`Access to ${input.familyName} ends soon`, ['Hello,', escapeHtml(intro), escapeHtml(next)], {
        label: 'Open Family Canvas',
        url: input.link,
      }),
    };
  },
} as const;
