import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';

/**
 * An e-mail address in a table cell. On a phone it may break anywhere, in a column kept
 * wide enough (12rem) to read it in two or three lines; from the sm breakpoint up it stays
 * on one line (never split mid-word), and the table's ScrollRegion scrolls should the row
 * get too wide.
 */
export const emailCellClassName = 'min-w-48 break-all sm:min-w-0 sm:break-normal sm:whitespace-nowrap';

type Overflow = { left: boolean; right: boolean };

/** Which sides of a scroll frame hide content (a pixel of slack for sub-pixel widths). */
function overflowOf(element: HTMLElement): Overflow {
  const hidden = element.scrollWidth - element.clientWidth;
  return { left: element.scrollLeft > 1, right: hidden - element.scrollLeft > 1 };
}

/**
 * A wide table's frame, the one every table uses: on a narrow screen (a phone at 375 px)
 * the table scrolls sideways inside it instead of widening the page. While content is
 * hidden, a shaded edge on that side and a "scroll" hint above the frame say so, since a
 * phone shows no scroll bar until one scrolls. The frame is a named, focusable region, so
 * keyboard users can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  children,
  className,
  isBusy,
  testId,
}: {
  label: string;
  children: ReactNode;
  className?: string;
  isBusy?: boolean;
  testId?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  const measure = useCallback(() => {
    const element = frame.current;
    if (!element) return;
    const next = overflowOf(element);
    setOverflow((previous) => (previous.left === next.left && previous.right === next.right ? previous : next));
  }, []);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    measure();
    // The table grows as rows load and the window turns; re-measure then (not in jsdom, which has no ResizeObserver).
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [measure, children]);

  const isScrollable = overflow.left || overflow.right;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      {isScrollable && (
        // Seen, not read: a screen reader moves through the table's cells whatever is scrolled.
        <p className="self-end text-sm text-ink-600" aria-hidden="true" data-testid="scroll-hint">
          {overflow.right ? t('common.scrollMore') : t('common.scrollBack')}
        </p>
      )}
      <div className="relative min-w-0">
        <div
          ref={frame}
          role="region"
          aria-label={label}
          tabIndex={0}
          aria-busy={isBusy || undefined}
          onScroll={measure}
          // relative: screen-reader-only text in the table (position absolute) is clipped here too, not left to widen the page.
          className={cx('relative overflow-x-auto rounded-card border border-line bg-surface', className)}
        >
          {children}
        </div>
        <span
          aria-hidden="true"
          className={cx(
            'pointer-events-none absolute inset-y-px left-px w-8 rounded-l-card bg-linear-to-r from-ink-900/20 to-transparent transition-opacity',
            overflow.left ? 'opacity-100' : 'opacity-0',
          )}
        />
        <span
          aria-hidden="true"
          data-testid={overflow.right ? 'scroll-edge-right' : undefined}
          className={cx(
            'pointer-events-none absolute inset-y-px right-px w-8 rounded-r-card bg-linear-to-l from-ink-900/20 to-transparent transition-opacity',
            overflow.right ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}
