import { useId, type ComponentProps } from 'react';
import { cx } from '../../../lib/cx';

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: string;
  error?: string | null;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** A first option without a value ("Choose a category"). */
  placeholder?: string;
};

/** A labelled native select: keyboard and screen-reader friendly on every device. */
export function SelectField({ label, error, options, placeholder, required, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="font-medium text-ink-900">
        {label}
        {required && (
          <span className="ml-1 text-error-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          'w-full rounded-control border bg-surface px-3 py-2.5 text-base text-ink-900 disabled:bg-ink-100 disabled:text-ink-700',
          error ? 'border-2 border-error-700' : 'border-ink-500',
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
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error-700">
          {error}
        </p>
      )}
    </div>
  );
}
