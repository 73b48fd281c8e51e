import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../../lib/config';
import { isSuppressed } from '../../records/suppressions';
import { fail } from '../../lib/errors';
import { businessMetrics, type BusinessMetric } from '../../../shared/metrics';
import { countMetric, logger, tracer } from '../../lib/observability';
import type { EmailMessage } from './templates';

/**
 * SES through its SDK client, the v2 API: its SendEmail carries custom headers in a simple
 * message (List-Unsubscribe and List-Unsubscribe-Post of the digest, templates.ts), which
 * SES v1 sends only as a raw MIME message we would have to build (docs/architecture-decisions.md).
 * One client per endpoint; locally the endpoint is the SES emulator, which keeps those headers
 * in its store. The client's module is loaded at the first mail, not with the handler: most
 * requests of a group that mails never send one, and its evaluation would be part of every
 * cold start (docs/architecture-decisions.md, Lambda bundles).
 */
const clientModule = () => import('./ses-client');

let client: { endpoint: string | undefined; ses: SESv2Client } | undefined;

async function ses(): Promise<SESv2Client> {
  const { region, sesEndpoint } = config();
  // Tests point SES_ENDPOINT elsewhere between steps (a fault-injecting endpoint).
  if (!client || client.endpoint !== sesEndpoint) {
    const { SESv2Client } = await clientModule();
    client = {
      endpoint: sesEndpoint,
      ses: tracer.captureAWSv3Client(
        new SESv2Client({
          region,
          ...(sesEndpoint ? { endpoint: sesEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
          maxAttempts: 2,
        }),
      ),
    };
  }
  return client.ses;
}

/** The bare address of `Name <address>` or of a bare address. */
function addressOf(recipient: string): string {
  return (/<([^>]+)>\s*$/.exec(recipient)?.[1] ?? recipient).trim();
}

/**
 * The recipients not on the suppression list (./suppressions.ts): one GetItem
 * each, in parallel (a mail has one recipient but for the contact form's team address).
 */
async function deliverableRecipients(recipients: string[]): Promise<string[]> {
  const suppressed = await Promise.all(recipients.map((recipient) => isSuppressed(addressOf(recipient))));
  const deliverable = recipients.filter((_, index) => !suppressed[index]);
  if (deliverable.length < recipients.length) {
    // The domain only: the address is personal data and is in the table for whoever needs it.
    const domains = recipients.filter((_, index) => suppressed[index]).map((recipient) => addressOf(recipient).split('@').pop());
    logger.warn('email to suppressed recipient skipped', { skipped: recipients.length - deliverable.length, domains });
    countMetric(businessMetrics.emailsSuppressed, recipients.length - deliverable.length);
  }
  return deliverable;
}

/**
 * Sends one e-mail, through the configuration set when there is one. A recipient on the
 * suppression list (bounced or complained before) is skipped and logged: for the caller
 * that is not an error, the mail counts as handled. A failure of SES becomes
 * EMAIL_SEND_FAILED (15) for the caller to handle.
 */
export async function sendEmail(to: string | string[], message: EmailMessage, options: { replyTo?: string; countAs?: BusinessMetric } = {}): Promise<void> {
  const recipients = await deliverableRecipients(Array.isArray(to) ? to : [to]);
  if (recipients.length === 0) return;
  const { mailFrom, mailConfigurationSet } = config();
  try {
    const [{ SendEmailCommand }, sesClient] = await Promise.all([clientModule(), ses()]);
    await sesClient.send(
      new SendEmailCommand({
        FromEmailAddress: mailFrom,
        ...(mailConfigurationSet ? { ConfigurationSetName: mailConfigurationSet } : {}),
        Destination: { ToAddresses: recipients },
        ...(options.replyTo ? { ReplyToAddresses: [options.replyTo] } : {}),
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
            ...(message.headers ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
          },
        },
      }),
    );
  } catch (error) {
    logger.error('email send failed', { error });
    throw fail('EMAIL_SEND_FAILED');
  }
  // What the mail was (an invitation, a digest) for the dashboard: counted once SES took it.
  if (options.countAs) countMetric(options.countAs);
}

/** What sends one e-mail to one address: sendEmail, as a job binds it to its operation. */
export type SendEmail = (to: string, message: EmailMessage) => Promise<void>;

/** Tests change SES_ENDPOINT between steps: the client is made again for another endpoint; this drops it outright. */
export function resetMailerForTests(): void {
  client = undefined;
}
