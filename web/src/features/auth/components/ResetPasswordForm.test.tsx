import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { hashPassword } from '../lib/password-hash';
import { ResetPasswordForm } from './ResetPasswordForm';

let restore: () => void = () => undefined;
afterEach(() => restore());

async function submitWith(answer: FakeResponse) {
  const api = fakeApi({ 'POST /password/reset': answer });
  restore = api.restore;
  const onReset = vi.fn();
  const view = renderWithApp(
    <ResetPasswordForm email="anna@berg.example" token="t0k3n" onReset={onReset} resetHref="/reset" progressTiming={{ stepMs: 1, successMs: 1 }} />,
  );
  await view.user.type(screen.getByLabelText(/^New password/), 'Brand-New7?');
  await view.user.type(screen.getByLabelText(/^Repeat new password/), 'Brand-New7?');
  await view.user.click(screen.getByRole('button', { name: 'Save new password' }));
  return { ...view, api, onReset };
}

describe('ResetPasswordForm (spec 01 §2.4, §4.5, §8.2)', () => {
  it('checks the rule and the repetition before anything is sent', async () => {
    const api = fakeApi({});
    restore = api.restore;
    const { user: person } = renderWithApp(<ResetPasswordForm email="a@b.example" token="t" onReset={vi.fn()} resetHref="/reset" />);
    const password = screen.getByLabelText(/^New password/);
    await person.type(password, 'short');
    await person.type(screen.getByLabelText(/^Repeat new password/), 'shorter');
    await person.tab();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Repeat new password/)).toHaveAccessibleDescription('The passwords do not match.');
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeDisabled();
    expect(api.calls).toHaveLength(0);
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
});
