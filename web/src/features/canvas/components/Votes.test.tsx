import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { canVoteOn, voteDisplay } from '../lib/votes';
import { VoteCount, Votes } from './Votes';

const stars = (container: HTMLElement) => container.querySelectorAll('[data-testid="vote-count"] svg').length;

describe('vote display (docs/product/canvas.md#screens, docs/product/limits.md#canvas-limits)', () => {
  it('shows up to three votes as that many stars, more as the number and one star', () => {
    expect([0, 1, 2, 3, 4, 12].map(voteDisplay)).toEqual([
      { stars: 0, number: null },
      { stars: 1, number: null },
      { stars: 2, number: null },
      { stars: 3, number: null },
      { stars: 1, number: 4 },
      { stars: 1, number: 12 },
    ]);
  });

  it.each([
    [0, 0, '', 'No votes'],
    [1, 1, '', '1 vote'],
    [3, 3, '', '3 votes'],
    [7, 1, '7', '7 votes'],
  ])('renders %i votes as %i stars "%s", read as "%s"', (count, starCount, number, label) => {
    const { container } = renderWithApp(<VoteCount count={count} />);
    expect(stars(container)).toBe(starCount);
    const display = screen.getByTestId('vote-count');
    expect(display).toHaveTextContent(`${label}${number}`);
  });

  it('offers a vote toggle only on someone else’s item to an editor', async () => {
    expect(canVoteOn({ createdByUserId: 'me' }, 'me', true)).toBe(false);
    expect(canVoteOn({ createdByUserId: 'other' }, 'me', false)).toBe(false);
    expect(canVoteOn({ createdByUserId: 'other' }, 'me', true)).toBe(true);

    const onToggle = vi.fn();
    const { user, rerender } = renderWithApp(<Votes count={2} hasVoted={false} canVote onToggle={onToggle} itemLabel="Honesty" />);
    const button = screen.getByRole('button', { name: 'Vote for this: Honesty' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);

    rerender(<Votes count={3} hasVoted canVote onToggle={onToggle} itemLabel="Honesty" />);
    expect(screen.getByRole('button', { name: 'Remove your vote: Honesty' })).toHaveAttribute('aria-pressed', 'true');

    rerender(<Votes count={3} hasVoted={false} canVote={false} onToggle={onToggle} itemLabel="Honesty" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByTestId('vote-count')).toHaveTextContent('3 votes');
  });
});
