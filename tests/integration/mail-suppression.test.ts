import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../functions/lib/config';
import { db } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { resetMailerForTests, sendEmail } from '../../functions/domain/mail/mailer';
import { handler as sesEvents, type SesEvent, type SesEventDetail } from '../../functions/jobs/ses-events/handler';
import { signUpAndConfirm } from '../support/accounts';
import { uniqueEmail, useIntegrationStack } from '../support/integration';

/**
 * The suppression list end to end on the real parts: SES bounce and complaint events (as
 * EventBridge delivers them) go through the SES events job into DynamoDB Local; the mailer
 * then skips those recipients — the API call that mails them still succeeds — while every
 * other recipient gets the mail in the SES emulator.
 */
const stack = useIntegrationStack();

function sesEvent(detail: SesEventDetail): SesEvent {
  return {
    version: '0',
    id: 'event-1',
    'detail-type': detail.eventType === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
    source: 'aws.ses',
    account: '111111111111',
    time: '2026-11-22T10:00:00Z',
    region: 'eu-central-1',
    resources: [],
    detail: { mail: { messageId: 'm-1', timestamp: '2026-11-22T09:59:58Z' }, ...detail },
  };
}

const bounce = (email: string, bounceType: 'Permanent' | 'Transient') =>
  sesEvent({
    eventType: 'Bounce',
    bounce: { bounceType, bounceSubType: bounceType === 'Permanent' ? 'NoEmail' : 'MailboxFull', bouncedRecipients: [{ emailAddress: email }] },
  });
const complaint = (email: string, complaintFeedbackType = 'abuse') =>
  sesEvent({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: email }], complaintFeedbackType } });

async function requestReset(email: string) {
  const response = await stack.client().call<'sendReset', { email: string }>('sendReset', { body: { email } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

async function resetMailsTo(email: string) {
  return (await stack.emailsTo(email)).filter((mail) => /password/i.test(mail.subject));
}

afterEach(() => {
  delete process.env.MAIL_CONFIGURATION_SET;
  resetConfigForTests();
  resetMailerForTests();
});

describe('mail suppression', () => {
  it('a permanently bounced address gets no more mail; the call that mails it still succeeds', async () => {
    const account = await signUpAndConfirm(stack, { email: uniqueEmail('bounced') });
    expect(await sesEvents(bounce(account.email.toUpperCase(), 'Permanent'))).toEqual({ suppressed: 1 });

    const stored = await db().send(new GetCommand({ TableName: stack.tableName, Key: keys.suppression(account.email) }));
    expect(stored.Item).toMatchObject({
      type: 'Suppression',
      email: account.email.toLowerCase(),
      reason: 'bounce',
      detail: 'Permanent/NoEmail',
      at: expect.any(String),
    });

    await requestReset(account.email);
    expect(await resetMailsTo(account.email)).toEqual([]);
  });

  it('a complaint suppresses the address too; "not-spam" feedback does not', async () => {
    const complained = await signUpAndConfirm(stack, { email: uniqueEmail('complained') });
    const notSpam = await signUpAndConfirm(stack, { email: uniqueEmail('notspam') });
    expect(await sesEvents(complaint(complained.email))).toEqual({ suppressed: 1 });
    expect(await sesEvents(complaint(notSpam.email, 'not-spam'))).toEqual({ suppressed: 0 });

    await requestReset(complained.email);
    await requestReset(notSpam.email);
    expect(await resetMailsTo(complained.email)).toEqual([]);
    expect(await resetMailsTo(notSpam.email)).toHaveLength(1);
  });

  it('a transient bounce (mailbox full) suppresses nothing', async () => {
    const account = await signUpAndConfirm(stack, { email: uniqueEmail('transient') });
    expect(await sesEvents(bounce(account.email, 'Transient'))).toEqual({ suppressed: 0 });
    await requestReset(account.email);
    expect(await resetMailsTo(account.email)).toHaveLength(1);
  });

  it('of several recipients only the suppressed ones are skipped', async () => {
    const kept = uniqueEmail('kept');
    const dropped = uniqueEmail('dropped');
    await sesEvents(bounce(dropped, 'Permanent'));
    await sendEmail([`Kept Person <${kept}>`, dropped], { subject: 'Two recipients', text: 'hello', html: '<p>hello</p>' });
    const mails = await stack.emailsTo(kept);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.destination.to.join(' ')).not.toContain(dropped);
    expect(await stack.emailsTo(dropped)).toEqual([]);
  });

  it('sends through a configuration set when MAIL_CONFIGURATION_SET names one, and without one when unset', async () => {
    const withSet = uniqueEmail('withset');
    process.env.MAIL_CONFIGURATION_SET = 'family-canvas-test';
    resetConfigForTests();
    resetMailerForTests();
    await sendEmail(withSet, { subject: 'Through the set', text: 'hello', html: '<p>hello</p>' });
    expect(await stack.emailsTo(withSet)).toHaveLength(1);

    delete process.env.MAIL_CONFIGURATION_SET;
    resetConfigForTests();
    const withoutSet = uniqueEmail('withoutset');
    await sendEmail(withoutSet, { subject: 'Without a set', text: 'hello', html: '<p>hello</p>' });
    expect(await stack.emailsTo(withoutSet)).toHaveLength(1);
  });
});
