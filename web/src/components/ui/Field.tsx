import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { dayIn, formatDay, parseDay } from '../../../../shared/dates';
import { cx } from '../../lib/cx';
import { t } from '../../messages/en-US';
import { CalendarIcon, EyeIcon, EyeOffIcon } from './icons';

/**
 * Labelled form controls. The label is always visible, the error sits under the control
 * and is tied to it (aria-describedby, aria-invalid), and required fields say so.
 */

type FieldShellProps = {
  id: string;
  label: string;
  error?: string | null;
  hint?: string;
  isRequired?: boolean;
  children: ReactNode;
  className?: string;
};

export function FieldShell({ id, label, error, hint, isRequired, children, className }: FieldShellProps) {
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
        {isRequired && (
          <span className="ml-1 text-error-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error-700">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClasses = (hasError: boolean) =>
  cx(
    'w-full rounded-control border bg-surface px-3 py-2.5 text-base text-ink-900 placeholder:text-ink-500',
    'focus-visible:outline-accent-500 read-only:bg-ink-100 disabled:bg-ink-100',
    hasError ? 'border-error-700 border-2' : 'border-ink-500',
  );

export function describedBy(id: string, error?: string | null, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  id?: string;
  containerClassName?: string;
};

export function TextField({ label, error, hint, id: givenId, required, containerClassName, className, ...props }: TextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} isRequired={required} className={containerClassName}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(controlClasses(Boolean(error)), className)}
        {...props}
      />
    </FieldShell>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A password input with a show/hide toggle (docs/product/sessions-and-sign-in.md#screens Login). The toggle is a
 * pressed/unpressed button after the input, so keyboard users reach it with Tab.
 */
export function PasswordField({ label, error, hint, id: givenId, required, containerClassName, className, ...props }: PasswordFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} isRequired={required} className={containerClassName}>
      <div className="relative">
        <input
          id={id}
          type={isVisible ? 'text' : 'password'}
          required={required}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(controlClasses(Boolean(error)), 'pr-14', className)}
          {...props}
        />
        <button
          type="button"
          aria-pressed={isVisible}
          aria-controls={id}
          aria-label={t('forms.password.show')}
          title={isVisible ? t('forms.password.hide') : t('forms.password.show')}
          onClick={() => setIsVisible((visible) => !visible)}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-control text-ink-700 hover:text-primary-700"
        >
          {isVisible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
    </FieldShell>
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  id?: string;
  containerClassName?: string;
};

export function TextArea({ label, error, hint, id: givenId, required, containerClassName, className, rows = 6, ...props }: TextAreaProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} isRequired={required} className={containerClassName}>
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(controlClasses(Boolean(error)), 'resize-y', className)}
        {...props}
      />
    </FieldShell>
  );
}

type CheckboxProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  label: ReactNode;
  error?: string | null;
  id?: string;
};

export function Checkbox({ label, error, id: givenId, className, ...props }: CheckboxProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-5 shrink-0 cursor-pointer rounded border-ink-500 accent-primary-700"
          {...props}
        />
        <label htmlFor={id} className="cursor-pointer text-ink-900">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error-700">
          {error}
        </p>
      )}
    </div>
  );
}

const CalendarPopup = lazy(() => import('./CalendarPopup'));

/** Sets an input's value as if typed, so the form's own onChange sees it (React listens to `input`). */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const localToday = () => dayIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * A calendar day (due dates, access end dates, the access log's period; YYYY-MM-DD on the
 * wire): typed in any form shared/dates.ts parseDay reads (31.12.2026, 2026-12-31,
 * 12/31/2026), or chosen in a calendar opened by the button beside it (./CalendarPopup.tsx,
 * loaded on first opening). A chosen day is written into the box as day.month.year, through
 * the box's own onChange, so forms see it as typed. Escape or a click outside closes the
 * calendar; focus returns to the button.
 */
export function DayField({ label, error, hint, id: givenId, required, containerClassName, className, ref, ...props }: Omit<TextFieldProps, 'placeholder'>) {
  const generated = useId();
  const id = givenId ?? generated;
  const [isOpen, setIsOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The form's own ref (web/src/hooks/use-zod-form.ts register) and this field's: the calendar reads and writes the box through it.
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  const toggle = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const isLocked = Boolean(props.readOnly || props.disabled);

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) toggle.current?.focus();
  };

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!frame.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  return (
    <FieldShell id={id} label={label} error={error} hint={hint} isRequired={required} className={cx('sm:max-w-64', containerClassName)}>
      <div ref={frame} className="relative">
        <input
          ref={setInput}
          id={id}
          required={required}
          placeholder="dd.mm.yyyy"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(controlClasses(Boolean(error)), !isLocked && 'pr-14', className)}
          {...props}
        />
        {!isLocked && (
          <button
            ref={toggle}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={isOpen}
            aria-label={t('datePicker.open', { field: label })}
            title={t('datePicker.open', { field: label })}
            onClick={() => setIsOpen((open) => !open)}
            className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-control text-ink-700 hover:text-primary-700"
            data-testid="date-picker-toggle"
          >
            <CalendarIcon className="size-5" />
          </button>
        )}
        {isOpen && (
          <Suspense fallback={null}>
            <CalendarPopup
              value={parseDay(input.current?.value ?? '')}
              today={localToday()}
              label={t('datePicker.dialog', { field: label })}
              onChoose={(day) => {
                if (input.current) typeInto(input.current, formatDay(day));
                close(true);
              }}
              onClose={() => close(true)}
            />
          </Suspense>
        )}
      </div>
    </FieldShell>
  );
}
