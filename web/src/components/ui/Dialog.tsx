import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useMemo, useRef, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { CloseIcon } from './icons';

type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** Text of the close button in the corner (its accessible name). */
  closeLabel: string;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' } as const;

/** The fields a dialog may open on: the first one that takes input. */
const firstFieldSelector = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog: focus is trapped inside, Escape and a click outside close it. It opens on
 * its first field (WCAG 2.4.3; a dialog without one, on itself, never on the close button),
 * and closing gives the focus back to what opened it.
 */
export function Dialog({ isOpen, onClose, title, description, closeLabel, children, size = 'md' }: DialogProps) {
  const content = useRef<HTMLDivElement>(null);
  // headlessui reads `initialFocus.current` when the dialog has opened: by then the content is there to look in.
  const firstField = useMemo(
    () => ({
      get current(): HTMLElement | null {
        const fields = content.current ? Array.from(content.current.querySelectorAll<HTMLElement>(firstFieldSelector)) : [];
        // Not one in a hidden part (a closed panel): focusing it would leave the focus behind the dialog.
        return fields.find((field) => !field.closest('[hidden]')) ?? null;
      },
    }),
    [],
  );
  return (
    <HeadlessDialog open={isOpen} onClose={onClose} initialFocus={firstField} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink-950/50" />
      {/* The bottom keeps free what the toasts take (--toast-space, set by the Toaster): they never cover the buttons. */}
      <div className="fixed inset-0 flex items-center justify-center p-4 pb-[calc(1rem+var(--toast-space,0px))] transition-[padding]">
        <DialogPanel className={cx('relative w-full rounded-card bg-surface p-6 shadow-pop', widths[size])}>
          <DialogTitle className="pr-10 font-display text-2xl font-semibold text-primary-800">{title}</DialogTitle>
          {description && <Description className="mt-2 text-ink-700">{description}</Description>}
          <button type="button" onClick={onClose} className="absolute top-4 right-4 rounded-control p-2 text-ink-700 hover:bg-ink-100" aria-label={closeLabel}>
            <CloseIcon />
          </button>
          {children && (
            <div ref={content} className="mt-4">
              {children}
            </div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
