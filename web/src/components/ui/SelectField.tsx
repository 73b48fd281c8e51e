import { forwardRef, useId, type ComponentProps } from 'react';
import { cx } from '../../lib/cx';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first option without a value ("Choose member rights"). */
  placeholder?: string;
  containerClassName?: string;
};

/**
 * A labelled native select (prefix, country, member rights, privacy levels): the device's
 * own picker on phones, arrow keys and typeahead everywhere. The error sits under it and
 * is tied to it like the text fields' (Field.tsx).
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, options, placeholder, required, containerClassName, className, ...props },
  ref,
) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
        {required && (
          <span className="ml-1 text-error-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'w-full rounded-control border bg-surface px-3 py-2.5 text-base text-ink-900 focus-visible:outline-accent-500 disabled:bg-ink-100 disabled:text-ink-700',
          error ? 'border-2 border-error-700' : 'border-ink-500',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
});
