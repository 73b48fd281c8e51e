import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveQueue } from '../../lib/save-queue';
import { OfflineBanner } from './OfflineBanner';

let isOnline = true;
function setOnline(online: boolean) {
  isOnline = online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => isOnline });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}
afterEach(() => setOnline(true));

describe('the offline banner (docs/product/canvas.md#offline)', () => {
  it('says nothing while online, says the changes wait while offline, and how many', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent('Offline: changes are saved when you’re back');

    let send!: () => void;
    const sent = new Promise<void>((resolve) => (send = resolve));
    let saved: Promise<unknown> = Promise.resolve();
    act(() => void (saved = saveQueue.enqueue(() => sent)));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('1 waiting to be sent');

    setOnline(true);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Back online: sending your changes…1 waiting to be sent');
    await act(async () => {
      send();
      await saved;
    });
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });
});
