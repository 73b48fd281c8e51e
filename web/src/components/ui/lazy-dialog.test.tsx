import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { lazyDialog } from './lazy-dialog';

type Props = { isOpen: boolean; onClose: () => void };

function Harness({ LazyDialog }: { LazyDialog: ReturnType<typeof lazyDialog<Props>> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <LazyDialog isOpen={isOpen} onClose={() => setIsOpen(false)} />
    </>
  );
}

describe('lazyDialog', () => {
  it('loads the dialog on its first open only, shows it, and returns focus to the opener when it closes', async () => {
    const load = vi.fn(async () => (props: Props) => <Dialog {...props} title="Reset the canvas?" closeLabel="Close" />);
    const LazyDialog = lazyDialog(load);
    render(<Harness LazyDialog={LazyDialog} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Reset the canvas?' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Reset the canvas?' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
