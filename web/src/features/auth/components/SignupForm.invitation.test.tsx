import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { SignupFlow } from './SignupFlow';

let restore: () => void = () => undefined;
afterEach(() => restore());

function setup(signup: FakeResponse = { status: 201, body: { idToken: 'u9', tokenExpiration: '2026-12-01T00:00:00.000Z' } }) {
  const api = fakeApi({ 'POST /auth/signup': signup });
  restore = api.restore;
  const onSignedUp = vi.fn();
  const view = renderWithApp(
    <SignupFlow
      termsHref="/terms"
      privacyHref="/privacy"
      loginHref="/login"
      invitation={{ email: 'henry@adeyemi.example', tokens: { advisorInvitationToken: 'tok-7' } }}
      onSignedUp={onSignedUp}
      progressTiming={{ stepMs: 1, successMs: 1 }}
    />,
  );
  return { ...view, api, onSignedUp };
}

async function fill(user: ReturnType<typeof setup>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Henry');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Adeyemi');
  await user.type(screen.getByLabelText(/^Password/), 'Sunny-Day42');
  await user.type(screen.getByLabelText(/^Repeat password/), 'Sunny-Day42');
  await user.click(screen.getByRole('checkbox', { name: /I accept the terms of use/ }));
}

describe('signup with a family or advisor invitation (docs/product/invitations.md#screens, docs/product/accounts.md#signup)', () => {
  it('goes straight to the form, with the invited e-mail locked and no entity asked', () => {
    setup();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveValue('henry@adeyemi.example');
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('textbox', { name: /Company name|Family name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('sends the token instead of an entity, and hands on the signed-in user', async () => {
    const { user, api, onSignedUp } = setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(onSignedUp).toHaveBeenCalledWith(expect.objectContaining({ userId: 'u9', email: 'henry@adeyemi.example' })));
    const body = api.callsTo('POST /auth/signup')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Henry', lastName: 'Adeyemi', email: 'henry@adeyemi.example', advisorInvitationToken: 'tok-7' });
    expect(body).not.toHaveProperty('createEntityTypeId');
    expect(body).not.toHaveProperty('createEntityName');
  });

  it('says so when the invitation expired meanwhile (31)', async () => {
    const { user, onSignedUp } = setup(fails(410, 31));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(/This invitation link has expired/)).toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
