import { Link } from 'react-router';
import type { CanvasCategory } from '../../../../../shared/contracts/canvas';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { useCanvasJournal } from '../hooks/use-canvas-journal';
import { useCanvasLinks } from '../hooks/use-canvas-links';
import { categoryColor, categoryHighlight } from '../lib/colors';
import { ExpandIcon } from './icons';
import { VoteCount } from './VoteCount';

type CategoryCardProps = {
  category: CanvasCategory;
  canEdit: boolean;
  className?: string;
};

/**
 * A category on the overview (docs/product/canvas.md#section-types): its title, its active takeaways
 * and a button to the full-screen category page, in the category's colour with the
 * highlight background at 10 percent. Empty: a link to add takeaways for editors, a
 * 'check later' note for the others.
 */
export function CategoryCard({ category, canEdit, className }: CategoryCardProps) {
  const links = useCanvasLinks();
  const journal = useCanvasJournal();
  const color = categoryColor(category.colorCode);
  const titleId = `category-${category.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cx('flex min-h-40 flex-col rounded-card border-2 bg-surface shadow-card', className)}
      style={{ borderColor: color }}
      data-testid="category-card"
    >
      <div
        className="flex items-start gap-2 rounded-t-[calc(var(--radius-card)-2px)] px-4 pt-3 pb-2"
        style={{ backgroundColor: categoryHighlight(category.colorCode) }}
      >
        <span aria-hidden="true" className="mt-1.5 size-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />
        <h3 id={titleId} className="flex-1 font-display text-lg font-semibold text-ink-900">
          {category.title}
        </h3>
        {journal.renderCategoryPeople?.(category.id)}
        <Link
          to={links.category(category.id)}
          aria-label={t('canvas.card.openFullscreen', { title: category.title })}
          title={t('canvas.card.openFullscreen', { title: category.title })}
          className="-mr-1 rounded-control p-2 text-ink-700 hover:bg-white/70 hover:text-primary-700"
        >
          <ExpandIcon />
        </Link>
      </div>
      <div className="flex flex-1 flex-col px-4 py-3">
        {category.takeaways.length > 0 ? (
          <ul aria-label={t('canvas.card.takeaways')} className="flex flex-col gap-2">
            {category.takeaways.map((takeaway) => (
              <li key={takeaway.id} className="flex items-start justify-between gap-3 border-l-4 pl-2 text-ink-900" style={{ borderColor: color }}>
                <span className="flex min-w-0 flex-col break-words">
                  <span>{takeaway.title}</span>
                  {/* Just added or changed by someone else (live): who it was. */}
                  {journal.renderItemNote?.(takeaway.id)}
                </span>
                <VoteCount count={takeaway.voteCount} className="shrink-0 pt-0.5" />
              </li>
            ))}
          </ul>
        ) : canEdit ? (
          <Link
            to={links.category(category.id)}
            aria-label={t('canvas.card.addTakeawaysLabel', { title: category.title })}
            className="m-auto rounded-control px-3 py-2 font-medium text-primary-700 underline hover:bg-primary-50"
          >
            {t('canvas.card.addTakeaways')}
          </Link>
        ) : (
          <p className="m-auto text-ink-600">{t('canvas.card.empty')}</p>
        )}
      </div>
    </article>
  );
}
