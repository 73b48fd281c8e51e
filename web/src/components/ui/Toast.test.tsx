import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastsAtom } from '../../stores/toasts';
import { overlapsAny } from './Toast';
import { renderWithApp } from '../../testing/render';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('announces errors as alerts and the other modes as status', () => {
    const { store } = renderWithApp(<div />);
    act(() => {
      showToast(store, { mode: 'error', title: 'Something went wrong', text: ['We could not complete your request.', 'Please try again later.'] });
      showToast(store, { mode: 'success', text: 'Saved.' });
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Something went wrong')).toBeInTheDocument();
    expect(within(alert).getByText('Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Success: Saved.');
  });

  it('closes by its button', async () => {
    const { store, user } = renderWithApp(<div />);
    act(() => void showToast(store, { mode: 'info', text: 'Hello', durationMs: null }));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it('dismisses itself after its duration', () => {
    vi.useFakeTimers();
    const { store } = renderWithApp(<div />);
    act(() => void showToast(store, { mode: 'warning', text: 'Careful', durationMs: 1000 }));
    expect(screen.getByText('Careful')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByText('Careful')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Careful')).not.toBeInTheDocument();
  });

  it('keeps at most four, dropping the oldest', () => {
    const { store } = renderWithApp(<div />);
    act(() => {
      for (const text of ['one', 'two', 'three', 'four', 'five']) showToast(store, { mode: 'neutralGrey', text, durationMs: null });
    });
    expect(screen.queryByText('one')).not.toBeInTheDocument();
    expect(screen.getByText('five')).toBeInTheDocument();
  });

  it('a success replaces the stale error of the same action, not the errors of others', () => {
    const { store } = renderWithApp(<div />);
    act(() => {
      showToast(store, { mode: 'error', text: 'Could not save the goal.', topic: 'goal-form' });
      showToast(store, { mode: 'error', text: 'Could not load the members.', topic: 'members' });
      showToast(store, { mode: 'success', text: 'The goal has been saved.', topic: 'goal-form' });
    });
    expect(screen.queryByText('Could not save the goal.')).not.toBeInTheDocument();
    expect(screen.getByText('Could not load the members.')).toBeInTheDocument();
    expect(screen.getByText('The goal has been saved.')).toBeInTheDocument();
  });

  it('tells when toasts would cover a control', () => {
    const toastBox = { left: 864, right: 1280, top: 700, bottom: 800 };
    expect(overlapsAny(toastBox, [{ left: 1100, right: 1200, top: 720, bottom: 760 }])).toBe(true);
    expect(overlapsAny(toastBox, [{ left: 1100, right: 1200, top: 600, bottom: 700 }])).toBe(false);
    expect(overlapsAny(toastBox, [{ left: 400, right: 860, top: 720, bottom: 760 }])).toBe(false);
  });
});
