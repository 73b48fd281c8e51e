import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type BadgeTone = 'family' | 'advisor' | 'grey' | 'success' | 'warning' | 'info';

const tones: Record<BadgeTone, string> = {
  family: 'bg-accent-100 text-accent-800',
  advisor: 'bg-primary-100 text-primary-800',
  grey: 'bg-neutral-bg text-neutral-700',
  success: 'bg-success-bg text-success-700',
  warning: 'bg-warning-bg text-warning-700',
  info: 'bg-info-bg text-info-700',
};

/** A small label: entity types (family, advisor, grey) and invitation statuses. Colours all reach AA. */
export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return (
    <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap', tones[tone], className)}>
      {children}
    </span>
  );
}
