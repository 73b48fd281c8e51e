import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { ConfirmDialog, newChallenge } from './ConfirmDialog';

const fastProgress = { stepMs: 1, successMs: 5 };

function Harness(props: { onConfirm: () => Promise<unknown>; onSuccess?: () => void; onError?: (error: unknown) => void; random?: () => number }) {
  const [isOpen, setIsOpen] = useState(true);
  return (
    <>
      <p data-testid="state">{isOpen ? 'open' : 'closed'}</p>
      <ConfirmDialog
        isOpen={isOpen}
        title="Delete this goal?"
        description="The goal is removed for everyone."
        confirmLabel="Delete"
        onClose={() => setIsOpen(false)}
        progressTiming={fastProgress}
        {...props}
      />
    </>
  );
}

/** The challenge field, and the two digits its label asks to multiply. */
function challenge() {
  const field = screen.getByRole('textbox', { name: /type the result of/i });
  const [, a, b] = /(\d) × (\d)/.exec(field.getAttribute('aria-label') ?? screen.getByText(/type the result of/i).textContent ?? '') ?? [];
  return { field, product: Number(a) * Number(b) };
}

describe('ConfirmDialog (docs/product/shell.md#confirm-dialog)', () => {
  it('draws two digits from 0 to 8', () => {
    expect(newChallenge(() => 0)).toEqual({ a: 0, b: 0 });
    expect(newChallenge(() => 0.9999)).toEqual({ a: 8, b: 8 });
    for (let i = 0; i < 50; i++) {
      const { a, b } = newChallenge();
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(8);
    }
  });

  it('asks for an answer, refuses a wrong one, and runs the action for the right one', async () => {
    const onConfirm = vi.fn(async () => undefined);
    const onSuccess = vi.fn();
    const { user } = renderWithApp(<Harness onConfirm={onConfirm} onSuccess={onSuccess} random={() => 0.5} />);
    expect(screen.getByRole('dialog', { name: 'Delete this goal?' })).toHaveTextContent('The goal is removed for everyone.');
    const { field, product } = challenge();
    expect(product).toBe(16);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(field).toHaveAccessibleDescription('This field is required.');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, '15');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(field).toHaveAccessibleDescription('This value is not valid.');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, String(product));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('closes and reports a failure', async () => {
    const failure = new Error('nope');
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const { user } = renderWithApp(<Harness onConfirm={() => Promise.reject(failure)} onSuccess={onSuccess} onError={onError} />);
    const { field, product } = challenge();
    await user.type(field, String(product));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
