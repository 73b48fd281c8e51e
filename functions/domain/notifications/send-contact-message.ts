import type { ContactFormRequest } from '../../../shared/contracts/contact';
import { now } from '../../lib/clock';
import { config } from '../../lib/config';
import { mailLimits, mayCourtesyMail, reserveMail } from '../../lib/limits/mail';
import { putContactMessage } from '../../records/contact-messages';
import { sendEmail } from '../mail/mailer';
import { emailTemplates } from '../mail/templates';

/**
 * Stores a contact message and e-mails it to the team's address. The sender's address is
 * not verified, so it gets no copy of the submitted text (the form would otherwise send
 * anyone's words to anyone): at most a fixed-text acknowledgement, once per address per
 * day. Limited per client and per submitted address (TOO_MANY_REQUESTS, 80, nothing stored
 * or sent). The message is stored before mailing so nothing is lost when the team's
 * e-mail fails (answer: code 15).
 */
export async function sendContactMessage(input: ContactFormRequest, clientAddress: string): Promise<{ id: string }> {
  await reserveMail('contact', input.email, { clientAddress }, { senderRule: mailLimits.contactPerClient });
  const id = await putContactMessage(input, now().toISOString());
  await sendEmail(config().contactTo, emailTemplates.contactMessage(input), { replyTo: input.email });
  if (await mayCourtesyMail('contact-acknowledgement', input.email, mailLimits.acknowledgementPerRecipient)) {
    // A courtesy: its failure is logged by the mailer and does not fail the message that was delivered.
    await sendEmail(input.email, emailTemplates.contactAcknowledgement()).catch(() => undefined);
  }
  return { id };
}
