import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IdResponse } from '../../shared/contracts/common';
import type { AdvisorInvitation, FamilyInvitation, MemberInvitation } from '../../shared/contracts/invitations';
import { EntityRole, EntityType } from '../../shared/enums';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetMailerForTests } from '../../functions/domain/mail/mailer';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { familyWithCanvas } from '../support/canvas';
import { uniqueEmail, useIntegrationStack } from '../support/integration';
import { sendInvitationEmail, signUpWithInvitation } from '../support/organisations';
import { snapshotTable } from '../support/table';
import { acceptWorkRelationInvitation, sendWorkRelationInvitation, signUpWithWorkRelationInvitation } from '../support/work-relations';

/**
 * SES failing at send time (SES_ENDPOINT pointed at a port nobody listens on; the shared
 * emulator stays up for the other files): the call answers EMAIL_SEND_FAILED (15), what it
 * created stays, and once mail works again the invitation is resent and accepted. (Signup
 * with mail down: tests/integration/accounts-security.test.ts.)
 */

const stack = useIntegrationStack();

function useSesEndpoint(endpoint: string | undefined): void {
  process.env.SES_ENDPOINT = endpoint;
  resetConfigForTests();
  resetMailerForTests();
}

/** Runs `work` while SES cannot be reached. */
async function withSesDown<T>(work: () => Promise<T>): Promise<T> {
  const endpoint = process.env.SES_ENDPOINT;
  useSesEndpoint('http://127.0.0.1:9'); // discard port: nothing listens
  try {
    return await work();
  } finally {
    useSesEndpoint(endpoint);
  }
}

afterEach(() => expect(process.env.SES_ENDPOINT).toBe(stack.sesEndpoint));

let family: TestAccount;
let company: TestAccount;

beforeAll(async () => {
  [family, company] = await Promise.all([
    familyWithCanvas(stack, 'Mailless Family').then((created) => created.owner),
    signUpAndConfirm(stack, { createEntityTypeId: EntityType.AdvisorCompany, createEntityName: 'Mailless Advisors' }),
  ]);
});

describe('SES failing at send time', () => {
  it('member invitation: send-email answers 15, the invitation stays pending and is resent and accepted later', async () => {
    const email = uniqueEmail('unmailed');
    const created = await family.client.call<'createMemberInvitation', IdResponse>('createMemberInvitation', {
      body: { email, entityRoleId: EntityRole.FullMember },
    });
    expect(created.status).toBe(201);
    const failed = await withSesDown(() => family.client.call('sendMemberInvitationEmail', { body: { id: created.body.id } }));
    expect(failed.status).toBe(502);
    expectErrorCode(failed.body, 15);
    expect(await stack.emailsTo(email)).toEqual([]);

    const listed = await family.client.call<'listMemberInvitations', MemberInvitation[]>('listMemberInvitations');
    expect(listed.body.find((row) => row.id === created.body.id)).toMatchObject({ email, status: 'pending', accepted: false });
    const resent = await family.client.call<'resendMemberInvitation', IdResponse>('resendMemberInvitation', { body: { id: created.body.id } });
    expect(resent.status).toBe(200);
    const token = await sendInvitationEmail(stack, family.client, { id: resent.body.id, email });
    const invitee = await signUpWithInvitation(stack, { email, token });
    const members = await family.client.call<'listMembers', Array<{ id: string }>>('listMembers');
    expect(members.body.map((member) => member.id)).toContain(invitee.userId);
  });

  it('family invitation: send-email answers 15, the invitation stays and is resent and accepted later', async () => {
    const email = uniqueEmail('unmailed-family');
    const created = await company.client.call<'createFamilyInvitation', IdResponse>('createFamilyInvitation', { body: { email } });
    const failed = await withSesDown(() => company.client.call('sendFamilyInvitationEmail', { body: { id: created.body.id } }));
    expectErrorCode(failed.body, 15);
    const listed = await company.client.call<'listFamilyInvitations', FamilyInvitation[]>('listFamilyInvitations');
    expect(listed.body.find((row) => row.id === created.body.id)).toMatchObject({ status: 'pending' });
    const resent = await company.client.call<'resendFamilyInvitation', IdResponse>('resendFamilyInvitation', { body: { id: created.body.id } });
    const token = await sendWorkRelationInvitation(stack, company.client, 'family', { id: resent.body.id, email });
    const invitee = await signUpWithWorkRelationInvitation(stack, 'family', { email, token });
    const accepted = await acceptWorkRelationInvitation(invitee.client, 'family', { token, entityName: 'Finally Mailed Family' });
    expect(accepted.entityTypeId).toBe(EntityType.Family);
  });

  it('advisor invitation: send-email answers 15, the invitation stays and is resent and accepted later', async () => {
    const email = uniqueEmail('unmailed-advisor');
    const created = await family.client.call<'createAdvisorInvitation', IdResponse>('createAdvisorInvitation', { body: { email, canvasSections: [] } });
    const failed = await withSesDown(() => family.client.call('sendAdvisorInvitationEmail', { body: { id: created.body.id } }));
    expectErrorCode(failed.body, 15);
    const listed = await family.client.call<'listAdvisorInvitations', AdvisorInvitation[]>('listAdvisorInvitations');
    expect(listed.body.find((row) => row.id === created.body.id)).toMatchObject({ status: 'pending' });
    const resent = await family.client.call<'resendAdvisorInvitation', IdResponse>('resendAdvisorInvitation', { body: { id: created.body.id } });
    const token = await sendWorkRelationInvitation(stack, family.client, 'advisor', { id: resent.body.id, email });
    const invitee = await signUpWithWorkRelationInvitation(stack, 'advisor', { email, token });
    const accepted = await acceptWorkRelationInvitation(invitee.client, 'advisor', { token, entityName: 'Finally Mailed Advisors' });
    expect(accepted.entityTypeId).toBe(EntityType.AdvisorCompany);
  });

  it('contact form: answers 15 and the message is kept', async () => {
    const email = uniqueEmail('contact');
    const failed = await withSesDown(() =>
      stack.client().call('sendContactMessage', {
        body: { firstName: 'Grace', lastName: 'Hopper', email, subject: 'Outage', message: 'Mail is down, is my message lost?' },
      }),
    );
    expectErrorCode(failed.body, 15);
    const items = await snapshotTable(stack.dynamoEndpoint, stack.tableName);
    expect(items.filter((item) => item.includes('"type":{"S":"ContactMessage"}') && item.includes(email))).toHaveLength(1);
  });
});

function expectErrorCode(body: unknown, code: number): void {
  expect(body).toMatchObject({ errorCode: code, errors: {} });
  expect(typeof (body as { message?: unknown }).message).toBe('string');
}
