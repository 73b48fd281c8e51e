import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import type { ProgressStatus } from '../../hooks/use-progress-action';
import { cx } from '../../lib/cx';
import { CheckIcon } from './icons';
import { t } from '../../messages/en-US';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg' | 'sm';

const base =
  'relative inline-flex items-center justify-center gap-2 overflow-hidden rounded-control font-semibold transition-colors select-none ' +
  'disabled:cursor-not-allowed aria-disabled:cursor-progress';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary-700 text-white hover:bg-primary-800 disabled:bg-ink-300 disabled:text-ink-900',
  secondary: 'border border-primary-700 bg-surface text-primary-700 hover:bg-primary-50 disabled:border-ink-300 disabled:text-ink-600',
  ghost: 'text-primary-700 hover:bg-primary-50 disabled:text-ink-600',
  danger: 'bg-error-700 text-white hover:bg-error-800 disabled:bg-ink-300 disabled:text-ink-900',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cx(base, variants[variant], sizes[size], className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A link that looks like a button: navigation stays a link for assistive technology. */
export function ButtonLink({ variant = 'primary', size = 'md', className, ...props }: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

type ProgressButtonProps = Omit<ButtonProps, 'children'> & {
  status: ProgressStatus;
  /** 0–100, advanced by useProgressAction. */
  progress: number;
  children: ReactNode;
  loadingLabel: string;
  successLabel: string;
};

/**
 * The progress button of docs/product/accounts.md#signup: idle, then loading with a progress bar, then a
 * success check. While busy it stays focusable but ignores clicks (aria-disabled), so
 * keyboard focus is not lost; a polite live region announces the change.
 */
export function ProgressButton({ status, progress, children, loadingLabel, successLabel, onClick, className, ...props }: ProgressButtonProps) {
  const isBusy = status !== 'idle';
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (isBusy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <>
      <Button {...props} className={cx('min-w-40', className)} aria-disabled={isBusy || undefined} onClick={handleClick}>
        {status === 'loading' && <Spinner size="sm" decorative />}
        {status === 'success' && <CheckIcon className="size-5" />}
        <span>{status === 'loading' ? loadingLabel : status === 'success' ? successLabel : children}</span>
        {status !== 'idle' && (
          <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-white/30">
            <span className="block h-full bg-accent-400 transition-[width] duration-75" style={{ width: `${progress}%` }} data-testid="progress-bar" />
          </span>
        )}
      </Button>
      <span role="status" className="sr-only">
        {status === 'loading' ? loadingLabel : status === 'success' ? successLabel : ''}
      </span>
    </>
  );
}

type SubmitButtonProps = Omit<ProgressButtonProps, 'type' | 'status' | 'progress' | 'loadingLabel' | 'successLabel'> & {
  /** The progress of what the form sends (useProgressAction). */
  progress: { status: ProgressStatus; progress: number };
  /** While it runs and when it is done: a save's words unless given. */
  loadingLabel?: string;
  successLabel?: string;
};

/** The submit button of a form, showing the progress of what the form sends. */
export function SubmitButton({ progress, loadingLabel = t('common.saving'), successLabel = t('common.saved'), ...props }: SubmitButtonProps) {
  return (
    <ProgressButton type="submit" status={progress.status} progress={progress.progress} loadingLabel={loadingLabel} successLabel={successLabel} {...props} />
  );
}
