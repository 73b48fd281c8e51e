import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Passkey } from '../../../../../shared/contracts/passkeys';
import { ErrorCodes } from '../../../../../shared/errors';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { PasskeysSection } from './PasskeysSection';

// The device's prompt is the browser's: the ceremony is stubbed, the rest is the real module.
const ceremony = vi.hoisted(() => ({ supported: true, create: vi.fn() }));
vi.mock('../lib/webauthn', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/webauthn')>();
  return { ...actual, supportsPasskeys: () => ceremony.supported, createPasskey: (...args: unknown[]) => ceremony.create(...args) };
});

let restore = () => undefined as void;
beforeEach(() => {
  ceremony.supported = true;
  ceremony.create.mockReset();
});
afterEach(() => restore());

const laptop: Passkey = { id: 'a'.repeat(32), label: 'Work laptop', createdDate: '2026-03-01T10:00:00.000Z', lastUsedDate: null, device: 'Chrome on Linux' };
const credential = { id: 'cred', rawId: 'cred', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };

function setup(routes: Record<string, FakeResponse | (() => FakeResponse)>) {
  const api = fakeApi(routes);
  restore = api.restore;
  return { ...renderWithApp(<PasskeysSection progressTiming={{ stepMs: 1, successMs: 1 }} />), api };
}

describe('the passkeys section of the Security tab', () => {
  it('says when there are none, and lists them with name, device and use', async () => {
    setup({ 'GET /mfa/passkeys': ok([]) });
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
    restore();
    setup({ 'GET /mfa/passkeys': ok([laptop]) });
    const list = await screen.findByTestId('passkeys-list');
    expect(within(list).getByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/Chrome on Linux/)).toHaveTextContent('Not used yet');
  });

  it("says what a passkey changes before the prompt, and shows the first passkey's recovery codes once", async () => {
    let passkeys: Passkey[] = [];
    const codes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);
    ceremony.create.mockResolvedValue(credential);
    const { user } = setup({
      'GET /mfa/passkeys': () => ok(passkeys),
      'GET /mfa/status': ok({ totpEnabled: false, recoveryCodesLeft: 10, passkeyCount: 1, hasSecondFactor: true, requiredBy: [] }),
      'POST /mfa/passkey/register/options': ok({ challenge: 'abc', rp: { id: 'localhost', name: 'Family Canvas' } }),
      'POST /mfa/passkey/register': () => {
        passkeys = [laptop];
        return { status: 201, body: { ...laptop, recoveryCodes: codes } };
      },
    });
    await screen.findByText('You have no passkeys yet.');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    expect(within(dialog).getByTestId('passkey-add-note')).toHaveTextContent('signing in with your password also asks for a second step');
    expect(ceremony.create).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Work laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const shown = await screen.findByRole('dialog', { name: 'Your passkey was added' });
    expect(within(shown).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(shown).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('passkeys-list')).toHaveTextContent('Work laptop');
  });

  it('tells a browser without passkeys so and does not offer to add one', async () => {
    ceremony.supported = false;
    setup({ 'GET /mfa/passkeys': ok([]) });
    expect(await screen.findByText(/This browser does not support passkeys/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeDisabled();
  });

  it('adds a passkey with its name; a cancelled prompt says so and keeps the dialog open', async () => {
    let passkeys: Passkey[] = [];
    const { user, api } = setup({
      'GET /mfa/passkeys': () => ok(passkeys),
      'POST /mfa/passkey/register/options': ok({ challenge: 'abc', rp: { id: 'localhost', name: 'Family Canvas' } }),
      'POST /mfa/passkey/register': () => {
        passkeys = [{ ...laptop, label: 'Phone' }];
        return { status: 201, body: passkeys[0] };
      },
    });
    await screen.findByText('You have no passkeys yet.');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();

    ceremony.create.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('No passkey was created: the request was cancelled or timed out.');
    expect(api.callsTo('POST /mfa/passkey/register')).toHaveLength(0);

    ceremony.create.mockResolvedValueOnce(credential);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The passkey "Phone" was added.')).toBeInTheDocument();
    expect(api.callsTo('POST /mfa/passkey/register')[0]?.body).toEqual({ label: 'Phone', response: credential });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('passkeys-list')).toHaveTextContent('Phone');
  });

  it('shows the server refusing the registration, and the limit', async () => {
    const { user } = setup({
      'GET /mfa/passkeys': ok([]),
      'POST /mfa/passkey/register/options': fails(409, ErrorCodes.PASSKEY_LIMIT_REACHED),
    });
    await screen.findByText('You have no passkeys yet.');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Eleventh');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have the maximum of 10 passkeys.');
    expect(ceremony.create).not.toHaveBeenCalled();
  });

  it('renames, and removes after the confirmation', async () => {
    let passkeys: Passkey[] = [laptop];
    const { user, api } = setup({
      'GET /mfa/passkeys': () => ok(passkeys),
      [`POST /mfa/passkey/${laptop.id}`]: () => {
        passkeys = [{ ...laptop, label: 'Old laptop' }];
        return ok(passkeys[0]);
      },
      [`DELETE /mfa/passkey/${laptop.id}`]: () => {
        passkeys = [];
        return { status: 204 };
      },
    });
    await screen.findByTestId('passkeys-list');
    await user.click(screen.getByRole('button', { name: 'Rename the passkey Work laptop' }));
    const renameDialog = await screen.findByRole('dialog', { name: 'Rename the passkey' });
    const field = within(renameDialog).getByRole('textbox', { name: /Name/ });
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(within(renameDialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passkey was renamed.')).toBeInTheDocument();
    expect(api.callsTo(`POST /mfa/passkey/${laptop.id}`)[0]?.body).toEqual({ label: 'Old laptop' });

    await user.click(await screen.findByRole('button', { name: 'Remove the passkey Old laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey "Old laptop"?' });
    const [, a, b] = /(\d) × (\d)/.exec(within(dialog).getByText(/To confirm, type the result of/).textContent ?? '')!;
    await user.type(within(dialog).getByTestId('confirm-challenge'), String(Number(a) * Number(b)));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The passkey was removed.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /mfa/passkey/${laptop.id}`)).toHaveLength(1);
    expect(await screen.findByText('You have no passkeys yet.')).toBeInTheDocument();
  });
});
