import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { AlertIcon, InfoIcon } from './icons';
import { Spinner } from './Spinner';

/** The loading state of a section: a spinner and its words (announced politely). */
export function LoadingState({ text, className }: { text?: string; className?: string }) {
  return (
    <div className={cx('flex items-center gap-3 py-8 text-primary-700', className)}>
      <Spinner label={text ?? t('common.loading')} />
      {text && (
        <p className="text-ink-700" aria-hidden="true">
          {text}
        </p>
      )}
    </div>
  );
}

/** An empty list or a section with nothing to show yet: says so, honestly. */
export function EmptyState({ title, children, className }: { title: string; children?: ReactNode; className?: string }) {
  return (
    <div className={cx('flex items-start gap-3 rounded-card border border-dashed border-ink-300 bg-surface p-6', className)}>
      <InfoIcon className="mt-0.5 size-5 shrink-0 text-info-700" />
      <div>
        <p className="font-semibold text-ink-900">{title}</p>
        {children && <div className="mt-1 text-ink-700">{children}</div>}
      </div>
    </div>
  );
}

/** A section that could not load: what happened, and a way on (usually "Try again"). */
export function ErrorState({ title, text, action, className }: { title: string; text?: string; action?: ReactNode; className?: string }) {
  return (
    <div role="alert" className={cx('flex items-start gap-3 rounded-card border border-error-700 bg-error-bg p-6', className)}>
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-error-700" />
      <div>
        <p className="font-semibold text-error-700">{title}</p>
        {text && <p className="mt-1 text-ink-900">{text}</p>}
        {action && <div className="mt-4">{action}</div>}
      </div>
    </div>
  );
}
