import { VoteCount } from './VoteCount';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { StarIcon } from './icons';

type VoteButtonProps = {
  count: number;
  hasVoted: boolean;
  /** docs/product/canvas.md#permissions: no button on one's own item, nor without edit rights. */
  canVote: boolean;
  onToggle: () => void;
  isBusy?: boolean;
  /** What is voted for, for the accessible name. */
  itemLabel: string;
  /** Why the last vote could not be saved, said beside the button. */
  error?: string | null;
};

/** The votes of an item, with a toggle for someone else's item. */
export function Votes({ count, hasVoted, canVote, onToggle, isBusy, itemLabel, error }: VoteButtonProps) {
  const failure = error ? (
    <span role="alert" className="text-sm font-medium text-error-700" data-testid="vote-error">
      {error}
    </span>
  ) : null;
  if (!canVote) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <VoteCount count={count} />
        {failure}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <VoteCount count={count} />
      <button
        type="button"
        aria-pressed={hasVoted}
        aria-label={`${hasVoted ? t('canvas.votes.remove') : t('canvas.votes.add')}: ${itemLabel}`}
        // Not `disabled` while the vote is saved: a disabled button drops the focus to the page (WCAG 2.4.3).
        aria-disabled={isBusy || undefined}
        onClick={() => {
          if (!isBusy) onToggle();
        }}
        className={cx(
          'inline-flex min-h-9 items-center gap-1 rounded-control border px-2 text-sm font-medium',
          hasVoted ? 'border-accent-700 bg-accent-100 text-accent-800' : 'border-ink-300 text-ink-700 hover:bg-primary-50',
          isBusy && 'cursor-progress opacity-70',
        )}
      >
        <StarIcon className="size-4" filled={hasVoted} />
        <span aria-hidden="true">{hasVoted ? t('canvas.votes.remove') : t('canvas.votes.add')}</span>
      </button>
      {failure}
    </span>
  );
}

export { VoteCount };
