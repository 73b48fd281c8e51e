import { forwardRef, useId, type ComponentProps } from 'react';
import { cx } from '../../lib/cx';
import { describedBy, FieldShell } from './Field';

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
 * is tied to it like the text fields' (the same shell, Field.tsx).
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, hint, options, placeholder, required, containerClassName, className, ...props },
  ref,
) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} isRequired={required} className={containerClassName}>
      <select
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
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
    </FieldShell>
  );
});
