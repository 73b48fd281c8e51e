import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fails, fakeApi, ok } from '../../../testing/fake-api';
import { renderWithApp } from '../../../testing/render';
import { CancelRecoveryPage } from './CancelRecoveryPage';
import { NotMePage } from './NotMePage';
import { RecoverAccessPage } from './RecoverAccessPage';

let restore: () => void = () => undefined;
afterEach(() => restore());

describe('"This was not me"', () => {
  it('changes nothing until the click, then says the account is secured and where the reset link went', async () => {
    const api = fakeApi({ 'POST /password/not-me': ok({ email: 'anna@berg.example', factorRemovalAt: '2030-01-02T10:00:00.000Z' }) });
    restore = api.restore;
    const onSecured = vi.fn(async () => undefined);
    const view = renderWithApp(<NotMePage token="t0k3n" onSecured={onSecured} />);
    expect(api.calls).toHaveLength(0);
    await view.user.click(screen.getByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByTestId('not-me-done')).toHaveTextContent('We sent a link to anna@berg.example');
    expect(screen.getByTestId('not-me-done')).toHaveTextContent('can no longer be used');
    expect(api.callsTo('POST /password/not-me')[0]?.body).toEqual({ token: 't0k3n' });
    expect(onSecured).toHaveBeenCalled();
  });

  it('says when the link is used or too old', async () => {
    const api = fakeApi({ 'POST /password/not-me': fails(410, 21) });
    restore = api.restore;
    const view = renderWithApp(<NotMePage token="old" onSecured={async () => undefined} />);
    await view.user.click(screen.getByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByText('This link is not valid any more. It works once and for 3 days.')).toBeInTheDocument();
  });
});

describe('recovering lost second factors', () => {
  const link = { email: 'anna@berg.example', token: 't0k3n' };

  it('starts the wait with a click and shows until when it lasts', async () => {
    const api = fakeApi({
      'POST /password/factor-recovery/status': ok({ state: 'notStarted', readyAt: null }),
      'POST /password/factor-recovery/start': ok({ state: 'waiting', readyAt: '2030-01-02T10:00:00.000Z' }),
    });
    restore = api.restore;
    const view = renderWithApp(<RecoverAccessPage {...link} loginHref="/login" />);
    await view.user.click(await screen.findByRole('button', { name: 'Start the recovery' }));
    expect(await screen.findByTestId('recover-access-waiting')).toHaveTextContent(/From 02\.01\.2030 \d\d:\d\d/);
    expect(api.callsTo('POST /password/factor-recovery/start')[0]?.body).toEqual(link);
    expect(screen.queryByRole('button', { name: 'Remove my second factors' })).not.toBeInTheDocument();
  });

  it('removes the factors once ready and leads to the sign-in', async () => {
    const api = fakeApi({
      'POST /password/factor-recovery/status': ok({ state: 'ready', readyAt: '2030-01-02T10:00:00.000Z' }),
      'POST /password/factor-recovery/complete': ok({ state: 'done', readyAt: '2030-01-02T10:00:00.000Z' }),
    });
    restore = api.restore;
    const view = renderWithApp(<RecoverAccessPage {...link} loginHref="/login" />);
    await view.user.click(await screen.findByRole('button', { name: 'Remove my second factors' }));
    expect(await screen.findByTestId('recover-access-done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link was used, cancelled or is too old', async () => {
    const api = fakeApi({ 'POST /password/factor-recovery/status': fails(400, 20) });
    restore = api.restore;
    renderWithApp(<RecoverAccessPage {...link} loginHref="/login" />);
    expect(await screen.findByText(/This recovery link is not valid any more/)).toBeInTheDocument();
  });

  it('cancels a waiting recovery from the announcement', async () => {
    const api = fakeApi({ 'POST /password/factor-recovery/cancel': { status: 204 } });
    restore = api.restore;
    const view = renderWithApp(<CancelRecoveryPage token="c4nc3l" />);
    await view.user.click(screen.getByRole('button', { name: 'Cancel the recovery' }));
    await waitFor(() => expect(screen.getByTestId('recover-access-cancelled')).toBeInTheDocument());
    expect(api.callsTo('POST /password/factor-recovery/cancel')[0]?.body).toEqual({ token: 'c4nc3l' });
  });
});
