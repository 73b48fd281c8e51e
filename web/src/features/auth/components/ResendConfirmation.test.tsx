import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ResendConfirmation } from './ResendConfirmation';

let restore: () => void = () => undefined;
afterEach(() => restore());

async function resendWith(answer: FakeResponse) {
  const api = fakeApi({ 'POST /email-confirmation/resend-confirmation-link': answer });
  restore = api.restore;
  const onUnauthorized = vi.fn();
  const onAlreadyConfirmed = vi.fn();
  const view = renderWithApp(
    <ResendConfirmation
      email="anna@berg.example"
      onUnauthorized={onUnauthorized}
      onAlreadyConfirmed={onAlreadyConfirmed}
      homeHref="/"
      progressTiming={{ stepMs: 1, successMs: 1 }}
    />,
  );
  expect(screen.getByText(/we sent a confirmation link to anna@berg.example/)).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Send the link again' }));
  return { ...view, api, onUnauthorized, onAlreadyConfirmed };
}

describe('ResendConfirmation (docs/product/accounts.md#screens, #e-mail-confirmation-and-password-reset, docs/product/errors.md#accounts-errors)', () => {
  it('sends the link for the signed-in user and shows a check', async () => {
    const { api } = await resendWith(ok({ email: 'anna@berg.example' }));
    expect(await screen.findByTestId('resend-done')).toHaveTextContent('A new confirmation link is on its way.');
    expect(api.callsTo('POST /email-confirmation/resend-confirmation-link')[0]?.body).toEqual({});
  });

  it.each([
    ['unauthorized (5)', fails(401, 5)],
    ['not found (4)', fails(404, 4)],
  ])('goes to login when %s', async (_case, answer) => {
    const { onUnauthorized } = await resendWith(answer);
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledOnce());
  });

  it('goes to login as confirmed when the e-mail is confirmed already (13)', async () => {
    const { onAlreadyConfirmed } = await resendWith(fails(409, 13));
    await waitFor(() => expect(onAlreadyConfirmed).toHaveBeenCalledOnce());
  });

  it('shows the system-error page for anything else', async () => {
    await resendWith(fails(502, 15));
    expect(await screen.findByTestId('system-error')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'OK' })).toHaveAttribute('href', '/');
  });
});
