import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { toastsAtom, useToasts, type Toast, type ToastMode } from '../../stores/toasts';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';

const modeClasses: Record<ToastMode, string> = {
  error: 'border-error-700 bg-error-bg text-error-700',
  success: 'border-success-700 bg-success-bg text-success-700',
  warning: 'border-warning-700 bg-warning-bg text-warning-700',
  info: 'border-info-700 bg-info-bg text-info-700',
  neutralGrey: 'border-neutral-700 bg-neutral-bg text-neutral-700',
};

const modeIcons: Record<ToastMode, typeof InfoIcon> = {
  error: AlertIcon,
  warning: AlertIcon,
  success: CheckIcon,
  info: InfoIcon,
  neutralGrey: InfoIcon,
};

/**
 * One toast. It closes itself after its duration, but the timer pauses while the
 * pointer or keyboard focus is on it, so nobody loses a message they are reading.
 */
function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [isPaused, setIsPaused] = useState(false);
  const remaining = useRef(toast.durationMs);
  const Icon = modeIcons[toast.mode];

  // A button added later (Undo) restarts the count, so there is time to press it.
  useEffect(() => {
    remaining.current = toast.durationMs;
  }, [toast.action, toast.durationMs]);

  useEffect(() => {
    if (isPaused || remaining.current === null) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(onClose, remaining.current);
    return () => {
      window.clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [isPaused, onClose, toast.action, toast.durationMs]);

  return (
    <div
      role={toast.mode === 'error' ? 'alert' : 'status'}
      className={cx('pointer-events-auto flex animate-toast-in items-start gap-3 rounded-card border-l-4 p-4 shadow-pop', modeClasses[toast.mode])}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      data-toast-mode={toast.mode}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <span className="sr-only">{t(`toast.mode.${toast.mode}` as const)}: </span>
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        {toast.lines.map((line, index) => (
          <p key={index} className="text-ink-900">
            {line}
          </p>
        ))}
      </div>
      {toast.action && (
        <button
          type="button"
          onClick={() => {
            toast.action?.onAction();
            onClose();
          }}
          className="-my-1 shrink-0 rounded-control border border-current bg-surface px-3 py-1 font-semibold text-ink-900 hover:bg-black/5"
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" onClick={onClose} className="-m-1 rounded-control p-1 text-ink-800 hover:bg-black/5" aria-label={t('toast.close')}>
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** Where toasts appear: bottom of the screen on phones, bottom right on wider screens. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToasts();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col gap-3 p-4 sm:right-0 sm:left-auto sm:w-[26rem]">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}
