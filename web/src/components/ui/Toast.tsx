import { useAtomValue } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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

type Box = { top: number; bottom: number; left: number; right: number };

/** Whether a box overlaps any of the others (touching edges do not count). */
export function overlapsAny(box: Box, others: readonly Box[]): boolean {
  return others.some((other) => box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom);
}

/**
 * Controls toasts must not cover: a row's actions (table rows, or anything marked
 * data-toast-avoid). An open dialog makes room for the toasts itself (--toast-space).
 */
const avoidSelector = 'tr button, tr a, [data-toast-avoid]';

function visibleBoxes(root: Document): Box[] {
  const height = root.documentElement.clientHeight;
  return Array.from(root.querySelectorAll(avoidSelector))
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < height);
}

/**
 * Where toasts appear: bottom of the screen on phones, bottom right on wider screens, or
 * the top when at the bottom they would cover a row's actions. Their height is published
 * as --toast-space, which dialogs keep free, so a toast never covers a modal's buttons.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToasts();
  const region = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<'bottom' | 'top'>('bottom');

  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = element.ownerDocument;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const height = toasts.length ? element.getBoundingClientRect().height : 0;
        root.documentElement.style.setProperty('--toast-space', `${Math.round(height)}px`);
        if (!toasts.length) return setPlacement('bottom');
        // Measured where the toasts would stand at the bottom (the region's size does not depend on the side).
        const box = element.getBoundingClientRect();
        const viewport = root.documentElement.clientHeight;
        const atBottom = { left: box.left, right: box.right, top: viewport - box.height, bottom: viewport };
        const atTop = { left: box.left, right: box.right, top: 0, bottom: box.height };
        const obstacles = root.querySelector('[role="dialog"]') ? [] : visibleBoxes(root);
        setPlacement(overlapsAny(atBottom, obstacles) && !overlapsAny(atTop, obstacles) ? 'top' : 'bottom');
      });
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [toasts]);

  return (
    <div
      ref={region}
      data-placement={placement}
      className={cx(
        'pointer-events-none fixed inset-x-0 z-[60] flex flex-col gap-3 p-4 sm:right-0 sm:left-auto sm:w-[26rem]',
        placement === 'top' ? 'top-0' : 'bottom-0',
      )}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}
