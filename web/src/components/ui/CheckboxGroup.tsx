import { useId, type ReactNode } from 'react';
import { cx } from '../../lib/cx';

export type CheckboxOption<V extends string | number> = { value: V; label: string };

type CheckboxGroupProps<V extends string | number> = {
  legend: string;
  description?: ReactNode;
  options: ReadonlyArray<CheckboxOption<V>>;
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string | null;
  disabled?: boolean;
  /** Extra controls after the legend (select all, clear). */
  tools?: ReactNode;
  className?: string;
};

/**
 * A multi-select as a group of checkboxes (canvas sections to share, docs/product/canvas.md#screens): every
 * option visible at once, Space toggles, Tab moves on; the legend names the group and an
 * error sits under it, tied to the group. The value keeps the options' order.
 */
export function CheckboxGroup<V extends string | number>({
  legend,
  description,
  options,
  value,
  onChange,
  error,
  disabled,
  tools,
  className,
}: CheckboxGroupProps<V>) {
  const id = useId();
  const selected = new Set<V>(value);
  const toggle = (option: V) => {
    const next = new Set(selected);
    if (next.has(option)) next.delete(option);
    else next.add(option);
    onChange(options.map((item) => item.value).filter((item) => next.has(item)));
  };
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={cx('flex flex-col gap-3', className)} aria-describedby={describedBy} disabled={disabled}>
      <legend className="font-semibold text-ink-900">{legend}</legend>
      {description && (
        <p id={`${id}-description`} className="-mt-1 text-sm text-ink-700">
          {description}
        </p>
      )}
      {tools && <div className="flex flex-wrap gap-2">{tools}</div>}
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${String(option.value)}`;
          return (
            <li key={String(option.value)}>
              <label
                htmlFor={optionId}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border px-3 py-2 text-ink-900',
                  selected.has(option.value) ? 'border-primary-700 bg-primary-50' : 'border-ink-300 bg-surface hover:bg-canvas',
                  disabled && 'cursor-not-allowed opacity-70',
                )}
              >
                <input
                  id={optionId}
                  type="checkbox"
                  checked={selected.has(option.value)}
                  onChange={() => toggle(option.value)}
                  className="size-5 shrink-0 cursor-pointer accent-primary-700"
                />
                <span>{option.label}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-error-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
