import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { hashPassword } from '../lib/password-hash';
import { ResetPasswordForm } from './ResetPasswordForm';

let restore: () => void = () => undefined;
const linkIsUsable: FakeResponse = { status: 204 };
afterEach(() => restore());

async function submitWith(answer: FakeResponse) {
  const api = fakeApi({ 'POST /password/check-reset': linkIsUsable, 'POST /password/reset': answer });
  restore = api.restore;
  const onReset = vi.fn();
  const view = renderWithApp(
    <ResetPasswordForm email="anna@berg.example" token="t0k3n" onReset={onReset} resetHref="/reset" progressTiming={{ stepMs: 1, successMs: 1 }} />,
  );
  await view.user.type(await screen.findByLabelText(/^New password/), 'Brand-New7?');
  await view.user.type(screen.getByLabelText(/^Repeat new password/), 'Brand-New7?');
  await view.user.click(screen.getByRole('button', { name: 'Save new password' }));
  return { ...view, api, onReset };
}

describe('ResetPasswordForm (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)', () => {
  it('checks the rule and the repetition before anything is sent', async () => {
    const api = fakeApi({ 'POST /password/check-reset': linkIsUsable });
    restore = api.restore;
    const { user: person } = renderWithApp(<ResetPasswordForm email="a@b.example" token="t" onReset={vi.fn()} resetHref="/reset" />);
    const password = await screen.findByLabelText(/^New password/);
    await person.type(password, 'short');
    await person.type(screen.getByLabelText(/^Repeat new password/), 'shorter');
    await person.tab();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Repeat new password/)).toHaveAccessibleDescription('The passwords do not match.');
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    expect(api.callsTo('POST /password/reset')).toHaveLength(0);
  });

  it('sends the e-mail, the token, the hash and a new salt, and reports success', async () => {
    const { api, onReset } = await submitWith(ok({ email: 'anna@berg.example' }));
    await waitFor(() => expect(onReset).toHaveBeenCalledWith({ email: 'anna@berg.example' }));
    const body = api.callsTo('POST /password/reset')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ email: 'anna@berg.example', token: 't0k3n' });
    expect(body.password).toBe(await hashPassword('Brand-New7?', body.salt!));
  });

  it('opens a reset-failed toast when the password is refused', async () => {
    const { onReset } = await submitWith(fails(400, 2, { password: ['forms.errorMessages.invalidInput'] }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Password not reset');
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeInTheDocument();
    expect(onReset).not.toHaveBeenCalled();
  });

  it.each([
    ['an invalid token (20)', fails(400, 20)],
    ['an unknown item (4)', fails(404, 4)],
    ['a refused token field', fails(400, 2, { token: ['forms.errorMessages.required'] })],
    ['a refused e-mail field', fails(400, 2, { email: ['forms.errorMessages.email'] })],
  ])('says the link is not valid for %s, with a link to request a new one', async (_case, answer) => {
    await submitWith(answer);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
    expect(screen.queryByRole('button', { name: 'Save new password' })).not.toBeInTheDocument();
  });

  it('says the link has expired (21), with the same link', async () => {
    await submitWith(fails(410, 21));
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
  });

  it('shows the system error for anything else', async () => {
    await submitWith(fails(500, 3));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  describe('checks its link when it opens (defect 7)', () => {
    function openWith(check: FakeResponse) {
      const api = fakeApi({ 'POST /password/check-reset': check });
      restore = api.restore;
      renderWithApp(<ResetPasswordForm email="anna@berg.example" token="t0k3n" onReset={vi.fn()} resetHref="/reset" />);
      return api;
    }

    it('asks the server with the e-mail and token of the link, and shows the form once it is usable', async () => {
      const api = openWith(linkIsUsable);
      expect(screen.getAllByText('Checking your link…').length).toBeGreaterThan(0);
      expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
      expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
      expect(api.callsTo('POST /password/check-reset').map((call) => call.body)).toEqual([{ email: 'anna@berg.example', token: 't0k3n' }]);
      expect(api.callsTo('POST /password/reset')).toHaveLength(0);
    });

    it.each([
      ['an invalid or used token (20)', fails(400, 20), 'This link is not valid'],
      ['a broken token in the link (2)', fails(400, 2, { token: ['forms.errorMessages.required'] }), 'This link is not valid'],
      ['an expired link (21)', fails(410, 21), 'This link has expired'],
    ])('says so for %s before any password is typed, with the request-new-link action', async (_case, answer, title) => {
      openWith(answer);
      expect(await screen.findByRole('heading', { name: title })).toHaveFocus();
      expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/reset');
      expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    });

    it('shows the form when the check itself fails (the reset will say what is wrong)', async () => {
      openWith(fails(500, 1));
      expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
      expect(screen.queryByTestId('reset-link-problem')).not.toBeInTheDocument();
    });
  });
});
