import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { voteDisplay } from '../lib/votes';
import { StarIcon } from './icons';

// Its own module: the canvas overview's category cards show the count without the vote buttons (./Votes.tsx).

const voteLabel = (count: number) => (count === 0 ? t('canvas.votes.none') : count === 1 ? t('canvas.votes.one') : t('canvas.votes.count', { count }));

/** docs/product/canvas.md#screens: up to 3 votes as that many stars; more as the number and one star. */
export function VoteCount({ count, className }: { count: number; className?: string }) {
  const display = voteDisplay(count);
  return (
    <span className={cx('inline-flex items-center gap-0.5 text-accent-700', className)} data-testid="vote-count" data-votes={count}>
      <span className="sr-only">{voteLabel(count)}</span>
      {display.number !== null && (
        <span aria-hidden="true" className="text-sm font-semibold">
          {display.number}
        </span>
      )}
      {Array.from({ length: display.stars }, (_, index) => (
        <StarIcon key={index} className="size-4" />
      ))}
    </span>
  );
}
