import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/**
 * A wide table's frame: on a narrow screen the table scrolls sideways inside it instead
 * of widening the page. The frame is a named, focusable region, so keyboard users can
 * scroll it too (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children, className, isBusy }: { label: string; children: ReactNode; className?: string; isBusy?: boolean }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} aria-busy={isBusy || undefined} className={cx('overflow-x-auto rounded-card border border-line bg-surface', className)}>
      {children}
    </div>
  );
}
