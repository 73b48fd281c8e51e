import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { aSignedInUser } from '../../../testing/users';
import { LoginForm } from './LoginForm';

const user = aSignedInUser();

let restore: () => void = () => undefined;
afterEach(() => restore());

async function toSecondStep(
  mfaAnswers: Parameters<typeof fakeApi>[0][string],
  methods: string[] = ['totp', 'recoveryCode'],
  otherRoutes: Parameters<typeof fakeApi>[0] = {},
) {
  const api = fakeApi({
    'POST /auth/salt': ok({ salt: 'AAECAwQFBgcICQoLDA0ODw==' }),
    'POST /auth/signin': ok({ mfaRequired: true, methods }),
    'POST /auth/signin/mfa': mfaAnswers,
    ...otherRoutes,
  });
  restore = api.restore;
  const onSignedIn = vi.fn();
  const view = renderWithApp(<LoginForm onSignedIn={onSignedIn} signupHref="/signup" resetHref="/reset" progressTiming={{ stepMs: 1, successMs: 1 }} />);
  await view.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'anna@berg.example');
  await view.user.type(screen.getByLabelText(/^Password/), 'Sunny-Day42');
  await view.user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('heading', { name: methods.includes('totp') ? 'Enter your sign-in code' : 'Confirm with your passkey' });
  return { ...view, api, onSignedIn };
}

describe('the login second step (docs/product/sessions-and-sign-in.md#two-factor-sign-in)', () => {
  it('asks for the app code after the right password, and signs in with it', async () => {
    const { user: person, api, onSignedIn } = await toSecondStep(ok(user));
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await person.type(code, '123 456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(api.callsTo('POST /auth/signin/mfa')[0]?.body).toEqual({ email: 'anna@berg.example', code: '123456' });
  });

  it('offers the passkey beside the code when the account has both, and only the passkey without TOTP', async () => {
    await toSecondStep(ok(user), ['totp', 'recoveryCode', 'passkey']);
    expect(screen.getByRole('textbox', { name: 'Code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    restore();
    cleanup();
    await toSecondStep(ok(user), ['passkey']);
    expect(screen.queryByRole('textbox', { name: 'Code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
  });

  it('says so in place for a wrong code, and takes a recovery code instead', async () => {
    const { user: person, api, onSignedIn } = await toSecondStep(fails(400, 90));
    await person.type(screen.getByRole('textbox', { name: 'Code' }), '000000');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is not valid. Enter the current code from your app.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await person.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-fghij');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(api.callsTo('POST /auth/signin/mfa')).toHaveLength(2));
    expect(api.callsTo('POST /auth/signin/mfa')[1]?.body).toEqual({ email: 'anna@berg.example', recoveryCode: 'abcde-fghij' });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('sends the user back to the password when the step expired (91)', async () => {
    const { user: person } = await toSecondStep(fails(401, 91));
    await person.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The sign-in took too long. Enter your password again.')).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('says to start again with the password when this browser passed no password step (89)', async () => {
    const { user: person } = await toSecondStep(fails(401, 89));
    await person.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Start again with your password: this browser has no sign-in waiting for this step.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await person.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });

  it('takes a recovery code when the account has passkeys only', async () => {
    const { user: person, api, onSignedIn } = await toSecondStep(ok(user), ['recoveryCode', 'passkey']);
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeInTheDocument();
    await person.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'abcde-fghij');
    await person.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(api.callsTo('POST /auth/signin/mfa')[0]?.body).toEqual({ email: 'anna@berg.example', recoveryCode: 'abcde-fghij' });
  });

  it('e-mails a recovery link to the address of the password step when the factor is lost', async () => {
    const { user: person, api } = await toSecondStep(ok(user), ['totp', 'recoveryCode'], {
      'POST /password/factor-recovery/request': ok({ email: 'anna@berg.example' }),
    });
    await person.click(screen.getByRole('button', { name: 'Lost your phone or passkey?' }));
    expect(screen.getByText(/the recovery takes 24 hours/)).toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'E-mail me a recovery link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('we sent a recovery link to anna@berg.example');
    expect(api.callsTo('POST /password/factor-recovery/request')[0]?.body).toEqual({ email: 'anna@berg.example' });
  });
});
