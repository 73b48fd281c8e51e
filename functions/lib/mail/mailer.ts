import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { config } from '../config';
import { fail } from '../errors';
import { describeError, log } from '../logger';
import type { EmailMessage } from './templates';

/** SES through one client per process; locally the endpoint is the SES emulator. */
let client: SESClient | undefined;

function ses(): SESClient {
  if (client) return client;
  const { region, sesEndpoint } = config();
  client = new SESClient({
    region,
    ...(sesEndpoint ? { endpoint: sesEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    maxAttempts: 2,
  });
  return client;
}

/** Sends one e-mail. A failure becomes EMAIL_SEND_FAILED (15) for the caller to handle. */
export async function sendEmail(to: string | string[], message: EmailMessage, options: { replyTo?: string } = {}): Promise<void> {
  try {
    await ses().send(
      new SendEmailCommand({
        Source: config().mailFrom,
        Destination: { ToAddresses: Array.isArray(to) ? to : [to] },
        ...(options.replyTo ? { ReplyToAddresses: [options.replyTo] } : {}),
        Message: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      }),
    );
  } catch (error) {
    log('error', 'email send failed', describeError(error));
    throw fail('EMAIL_SEND_FAILED');
  }
}

export function resetMailerForTests(): void {
  client = undefined;
}
