import type { ContactFormRequest } from '../../shared/contracts/contact';
import { keys, newId } from '../lib/db/keys';
import { sendWrite } from '../lib/db/table';

/**
 * A message of the contact form (CONTACT#<id>), kept before it is mailed to the team so
 * nothing is lost when the mail fails; GSI1 lists a day's messages by time.
 */
export type ContactMessageItem = ContactFormRequest & { type: 'ContactMessage'; id: string; createdAt: string };

/** Stores a new message; answers its id. */
export async function putContactMessage(input: ContactFormRequest, createdAt: string): Promise<string> {
  const id = newId();
  const item: ContactMessageItem = { type: 'ContactMessage', id, ...input, createdAt };
  await sendWrite({ put: { ...keys.contactMessage(id), ...keys.contactMessagesByDay(createdAt.slice(0, 10)), GSI1SK: createdAt, ...item } });
  return id;
}
