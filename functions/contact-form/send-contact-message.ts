import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactFormRequest } from '../../shared/contracts/contact';
import { now } from '../lib/clock';
import { config } from '../lib/config';
import { db, tableName } from '../lib/db/client';
import { keys, newId } from '../lib/db/keys';
import { sendEmail } from '../lib/mail/mailer';
import { emailTemplates } from '../lib/mail/templates';

/**
 * Stores a contact message, e-mails it to the team's address and a copy to the sender.
 * The message is stored first so nothing is lost when the e-mail fails (answer: code 15).
 */
export async function sendContactMessage(input: ContactFormRequest): Promise<{ id: string }> {
  const id = newId();
  const createdAt = now().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.contactMessage(id), ...keys.contactMessagesByDay(createdAt.slice(0, 10)), GSI1SK: createdAt, type: 'ContactMessage', id, ...input, createdAt },
    }),
  );
  await sendEmail(config().contactTo, emailTemplates.contactMessage(input), { replyTo: input.email });
  await sendEmail(input.email, emailTemplates.contactCopy(input));
  return { id };
}
