import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SigninResponse } from '../../../../../shared/contracts/auth';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ada, aSignedInUser } from '../../../testing/users';
import { PasskeySignInButton } from './PasskeySignInButton';

const ceremony = vi.hoisted(() => ({ supported: true, get: vi.fn() }));
vi.mock('../lib/webauthn', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/webauthn')>();
  return { ...actual, supportsPasskeys: () => ceremony.supported, getPasskeyAssertion: (...args: unknown[]) => ceremony.get(...args) };
});

let restore = () => undefined as void;
beforeEach(() => {
  ceremony.supported = true;
  ceremony.get.mockReset();
});
afterEach(() => restore());

const user: SigninResponse = aSignedInUser(ada);
const assertion = {
  id: 'c',
  rawId: 'c',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dTE' },
  clientExtensionResults: {},
};

function setup(signin: FakeResponse, options: { isSecondStep?: boolean } = {}) {
  const api = fakeApi({ 'POST /auth/passkey/options': ok({ challenge: 'abc', rpId: 'localhost' }), 'POST /auth/passkey': signin });
  restore = api.restore;
  const onSignedIn = vi.fn();
  return { ...renderWithApp(<PasskeySignInButton onSignedIn={onSignedIn} isSecondStep={options.isSecondStep} />), api, onSignedIn };
}

describe('"Sign in with a passkey" on the login page', () => {
  it('signs in with the passkey the device offers', async () => {
    ceremony.get.mockResolvedValueOnce(assertion);
    const { user: actor, api, onSignedIn } = setup(ok(user));
    await actor.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user), { timeout: 10_000 });
    expect(api.callsTo('POST /auth/passkey')[0]?.body).toEqual({ response: assertion });
  });

  it('says when the user cancelled, when the passkey is unknown, and when the browser has none', async () => {
    ceremony.get.mockRejectedValueOnce(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
    const { user: actor, onSignedIn } = setup(fails(401, ErrorCodes.PASSKEY_NOT_RECOGNISED));
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    await actor.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey sign-in was cancelled or timed out.');

    ceremony.get.mockResolvedValueOnce(assertion);
    await actor.click(button);
    expect(await screen.findByText(/This passkey is not recognised/)).toBeInTheDocument();

    ceremony.supported = false;
    await actor.click(button);
    expect(await screen.findByText(/This browser does not support passkeys/)).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('as the second step after the password it finishes that sign-in, and says to start again with the password when this browser has none (89)', async () => {
    ceremony.get.mockResolvedValue(assertion);
    const { user: actor, api, onSignedIn } = setup(fails(401, ErrorCodes.MFA_SIGNIN_NOT_STARTED), { isSecondStep: true });
    await actor.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Start again with your password: this browser has no sign-in waiting for this step.')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/passkey')[0]?.body).toEqual({ response: assertion, secondStep: true });
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
