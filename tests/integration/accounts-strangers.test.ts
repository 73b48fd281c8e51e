import { afterEach, describe, expect, it } from 'vitest';
import { resetClock } from '../../functions/lib/clock';
import { signupBody } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';

/**
 * What a stranger cannot do to someone else's account through the public routes: put their
 * own text into a mail to another person's address, use up the owner's reset and recovery
 * mails, keep the owner's new browser out by guessing, or make the server store a challenge
 * per call.
 */

const stack = useIntegrationStack();
afterEach(() => resetClock());

describe('the sign-up confirmation mail carries no text the sign-up typed', () => {
  it('greets without the name in both parts, so a stranger signing up with your address cannot write to you', async () => {
    const lure = 'Win at evil.example/prize';
    const body = signupBody({ firstName: lure, lastName: 'Call Zxqvbn' });
    expect((await stack.client().post('/api/auth/signup', body)).status).toBe(201);
    const [mail] = await stack.waitForEmails(body.email, 1, { subject: /Confirm your e-mail/ });
    for (const part of [mail!.body.text ?? '', mail!.body.html ?? '']) {
      expect(part).toContain('/email-confirmation?token=');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Zxqvbn');
    }
    expect(mail!.body.text).toMatch(/^Hello,\n/);
  });
});
