import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fails, fakeApi, ok, type FakeResponse } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { ResetRequest } from './ResetRequest';

let restore: () => void = () => undefined;
afterEach(() => restore());

async function requestWith(answer: FakeResponse) {
  const api = fakeApi({ 'POST /password/send-reset': answer });
  restore = api.restore;
  const view = renderWithApp(<ResetRequest loginHref="/login" progressTiming={{ stepMs: 1, successMs: 1 }} />);
  await view.user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'Anna@Berg.example');
  await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
  return { ...view, api };
}

describe('ResetRequest (docs/product/accounts.md#screens, docs/product/errors.md#accounts-errors)', () => {
  it('sends the request and says the mail was sent', async () => {
    const { api } = await requestWith(ok({ email: 'anna@berg.example' }));
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('If an account exists for anna@berg.example');
    expect(api.calls[0]?.body).toEqual({ email: 'anna@berg.example' });
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('treats an unknown e-mail (4) as sent', async () => {
    await requestWith(fails(404, 4));
    expect(await screen.findByTestId('reset-sent')).toBeInTheDocument();
  });

  it('flags the e-mail when the server refuses it', async () => {
    await requestWith(fails(400, 2, { email: ['forms.errorMessages.email'] }));
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByTestId('reset-sent')).not.toBeInTheDocument();
  });
});
