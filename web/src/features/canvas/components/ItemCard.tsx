import type { KeyboardEvent, ReactNode } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { useIsTouchScreen, useTapToOpen } from '../../../hooks/use-touch';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import { useCanvasJournal } from '../hooks/use-canvas-journal';
import { ChangedBadge, changedClasses, useChangedHighlight } from '../hooks/use-changed-highlight';
import { categoryColor, categoryHighlight } from '../lib/colors';

type ItemCardProps = {
  title: string;
  color: string;
  details?: ReactNode;
  completed?: boolean;
  /** Lit up by the hover of a linked takeaway (docs/product/canvas.md#screens). */
  isHighlighted?: boolean;
  /** docs/product/canvas.md#screens: double-click (or Enter on focus, or one tap on a touch screen) opens the edit view. */
  onOpen: () => void;
  testId?: string;
  /** The item, so that one changed by others since the last visit is lit until seen. */
  item: { id: string };
};

/** A goal or action point card: focusable, opened with a double-click, Enter or a tap. */
export function ItemCard({ title, color, details, completed, isHighlighted, onOpen: open, testId, item }: ItemCardProps) {
  const changed = useChangedHighlight<HTMLElement>(item.id, item);
  const journal = useCanvasJournal();
  const onOpen = () => {
    changed.onOpened();
    open();
  };
  const tap = useTapToOpen(onOpen);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <li>
      <article
        ref={changed.ref}
        tabIndex={0}
        aria-label={title}
        aria-describedby="canvas-item-open-hint"
        onDoubleClick={onOpen}
        {...tap}
        onKeyDown={onKeyDown}
        className={cx(
          'cursor-pointer touch-manipulation rounded-control border border-line border-l-4 bg-surface p-3 shadow-card transition-shadow select-none hover:shadow-pop',
          isHighlighted && 'ring-4 ring-accent-400',
          !isHighlighted && changed.isLit && changedClasses,
        )}
        style={{ borderLeftColor: categoryColor(color), backgroundColor: isHighlighted ? categoryHighlight(color, 0.18) : undefined }}
        data-testid={testId}
        data-highlighted={isHighlighted ? 'true' : undefined}
        data-changed={changed.isLit ? 'true' : undefined}
      >
        <p className={cx('flex items-start gap-2 font-medium break-words text-ink-900', completed && 'line-through decoration-ink-500')}>
          {completed && <CheckIcon className="mt-0.5 size-4 shrink-0 text-success-700" />}
          <span className="min-w-0">{title}</span>
          {completed && <span className="sr-only">({t('canvas.completed.badge')})</span>}
          {changed.isLit && <ChangedBadge />}
        </p>
        {journal.renderItemNote?.(item.id)}
        {details && <div className="mt-1 flex flex-col gap-0.5 text-sm text-ink-600">{details}</div>}
      </article>
    </li>
  );
}

/** The hint every item card points at (aria-describedby), rendered once per page. */
export function ItemOpenHint() {
  const isTouch = useIsTouchScreen();
  return (
    <p id="canvas-item-open-hint" className="sr-only">
      {t(isTouch ? 'canvas.item.openHintTouch' : 'canvas.item.openHint')}
    </p>
  );
}
