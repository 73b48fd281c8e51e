import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ConfirmEmail } from './ConfirmEmail';

let restore: () => void = () => undefined;
afterEach(() => restore());

function confirmWith(answer: FakeResponse | (() => Promise<FakeResponse>)) {
  const api = fakeApi({ 'GET /email-confirmation': answer });
  restore = api.restore;
  const onConfirmed = vi.fn();
  const onNotFound = vi.fn();
  const view = renderWithApp(<ConfirmEmail token="abc" onConfirmed={onConfirmed} onNotFound={onNotFound} signupHref="/signup" homeHref="/" />);
  return { ...view, api, onConfirmed, onNotFound };
}

describe('ConfirmEmail (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)', () => {
  it('shows loading while confirming, then reports the confirmed address once', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const { api, onConfirmed } = confirmWith(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address…');
    answer(ok({ email: 'anna@berg.example' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('anna@berg.example'));
    expect(onConfirmed).toHaveBeenCalledOnce();
    expect(api.callsTo('GET /email-confirmation')).toHaveLength(1);
    expect(api.calls[0]?.query.get('token')).toBe('abc');
  });

  it('treats an already confirmed address (13) as confirmed', async () => {
    const { onConfirmed } = confirmWith(fails(409, 13));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(null));
  });

  it('offers to restart the registration when the link expired (21)', async () => {
    const { onConfirmed } = confirmWith(fails(410, 21));
    expect(await screen.findByRole('heading', { name: 'This confirmation link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restart registration' })).toHaveAttribute('href', '/signup');
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it.each([
    ['invalid token (20)', fails(400, 20)],
    ['not found (4)', fails(404, 4)],
  ])('goes to not found for an %s', async (_case, answer) => {
    const { onNotFound } = confirmWith(answer);
    await waitFor(() => expect(onNotFound).toHaveBeenCalledOnce());
  });

  it('shows the system error with an OK button to the root for anything else', async () => {
    const { onConfirmed, onNotFound } = confirmWith(fails(500, 3));
    expect(await screen.findByTestId('system-error')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/');
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(onNotFound).not.toHaveBeenCalled();
  });
});
