import { EntityType, type EntityTypeId } from '../../../shared/enums';
import { config } from '../config';

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
    const lines = ['Hello,', 'thank you for writing to Family Canvas. We received your message and will answer soon.', 'If you did not write to us, you can ignore this e-mail.'];
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
      html: layout('New sign-in to your account', [`Hello ${escapeHtml(input.firstName)},`, escapeHtml(intro), escapeHtml(advice)], { label: 'Review your sessions', url: input.link }),
    };
  },

  /** Sent after signup and on resend: the link confirms the e-mail address (valid 14 days). */
  emailConfirmation(input: { firstName: string; link: string }): EmailMessage {
    return {
      subject: 'Confirm your e-mail address for Family Canvas',
      text: `Hello ${input.firstName},\n\nwelcome to Family Canvas. Please confirm your e-mail address with this link (valid for 14 days):\n\n${input.link}\n\nIf you did not sign up, you can ignore this e-mail.\n`,
      html: layout(
        'Confirm your e-mail address',
        [`Hello ${escapeHtml(input.firstName)},`, 'welcome to Family Canvas. Please confirm your e-mail address. The link is valid for 14 days.', 'If you did not sign up, you can ignore this e-mail.'],
        { label: 'Confirm e-mail address', url: input.link },
      ),
    };
  },

  /** Sent on a password reset request: the link sets a new password (valid 1 hour). */
  passwordReset(input: { firstName: string; link: string }): EmailMessage {
    return {
      subject: 'Reset your Family Canvas password',
      text: `Hello ${input.firstName},\n\nsomeone asked to reset the password of your Family Canvas account. Choose a new password with this link (valid for 1 hour):\n\n${input.link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
      html: layout(
        'Reset your password',
        [
          `Hello ${escapeHtml(input.firstName)},`,
          'someone asked to reset the password of your Family Canvas account. The link is valid for 1 hour.',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ],
        { label: 'Choose a new password', url: input.link },
      ),
    };
  },

  /** Sent by POST /member-invitation/send-email: who invites whom into which entity, with the link and its validity. */
  memberInvitation(input: { inviterName: string; entityName: string; entityTypeId: EntityTypeId; roleName: string; link: string; validityDays: number }): EmailMessage {
    const kind = input.entityTypeId === EntityType.Family ? 'family' : 'company';
    const intro = `${input.inviterName} invites you to join the ${kind} ${input.entityName} on Family Canvas with the role ${input.roleName}.`;
    return {
      subject: `${input.inviterName} invites you to ${input.entityName} on Family Canvas`,
      text: `Hello,\n\n${intro}\n\nAccept the invitation with this link (valid for ${input.validityDays} days):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `Join ${input.entityName} on Family Canvas`,
        [
          'Hello,',
          escapeHtml(intro),
          `The invitation is valid for ${input.validityDays} days. If you do not know the sender, you can ignore this e-mail.`,
        ],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },

  /** Sent by POST /family-invitation/send-email: an advisor company invites a family to work with it. */
  familyInvitation(input: { inviterName: string; companyName: string; link: string; validityDays: number }): EmailMessage {
    const intro = `${input.inviterName} of ${input.companyName} invites your family to work together on your family canvas on Family Canvas.`;
    const next = 'After signing in (or signing up with this e-mail address), you choose one of your families or create a new one.';
    return {
      subject: `${input.companyName} invites your family to Family Canvas`,
      text: `Hello,\n\n${intro}\n${next}\n\nAccept the invitation with this link (valid for ${input.validityDays} days):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `${input.companyName} invites your family`,
        ['Hello,', escapeHtml(intro), escapeHtml(next), `The invitation is valid for ${input.validityDays} days. If you do not know the sender, you can ignore this e-mail.`],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },

  /** Sent by POST /advisor-invitation/send-email: a family invites an advisor company to its canvas (all sections or some). */
  advisorInvitation(input: { inviterName: string; familyName: string; sectionTitles: readonly string[]; link: string; validityDays: number }): EmailMessage {
    const scope = input.sectionTitles.length ? `these sections of its canvas: ${input.sectionTitles.join(', ')}` : 'all sections of its canvas';
    // The family's own name, as it chose it ("Rivera Family", "The Riveras"): no "the … family" around it.
    const intro = `${input.inviterName} of ${input.familyName} invites your advisor company to work with them on Family Canvas, with access to ${scope}.`;
    const next = 'After signing in (or signing up with this e-mail address), you choose one of your advisor companies or create a new one.';
    return {
      subject: `${input.familyName} invites you to Family Canvas`,
      text: `Hello,\n\n${intro}\n${next}\n\nAccept the invitation with this link (valid for ${input.validityDays} days):\n\n${input.link}\n\nIf you do not know the sender, you can ignore this e-mail.\n`,
      html: layout(
        `${input.familyName} invites you`,
        ['Hello,', escapeHtml(intro), escapeHtml(next), `The invitation is valid for ${input.validityDays} days. If you do not know the sender, you can ignore this e-mail.`],
        { label: 'Accept the invitation', url: input.link },
      ),
    };
  },
} as const;
