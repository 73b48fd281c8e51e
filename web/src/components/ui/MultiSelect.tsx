import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useId } from 'react';
import { cx } from '../../lib/cx';
import { CheckIcon, ChevronDownIcon } from './icons';

type MultiSelectProps<V extends string | number> = {
  label: string;
  options: ReadonlyArray<{ value: V; label: string }>;
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** What the closed control says (e.g. "All sections", "2 of 8 sections"). */
  summary: string;
  hint?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Shown instead of the options when there are none (spec 02 §9 'no data available'). */
  emptyText?: string;
  className?: string;
};

/**
 * A labelled multi-select over a list (headlessui Listbox with `multiple`): arrow keys
 * move, Enter or Space toggles an option and the list stays open, Escape closes. The
 * closed control shows a summary; the error and hint sit under it like the text fields'.
 */
export function MultiSelect<V extends string | number>({
  label,
  options,
  value,
  onChange,
  summary,
  hint,
  error,
  required,
  disabled,
  emptyText,
  className,
}: MultiSelectProps<V>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <Field className={cx('flex flex-col gap-1.5', className)} disabled={disabled}>
      <Label className="font-medium text-ink-900">
        {label}
        {required && (
          <span className="ml-1 text-error-700" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      <Listbox value={[...value]} onChange={(next: V[]) => onChange(next)} multiple>
        <ListboxButton
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'flex w-full items-center justify-between gap-2 rounded-control border bg-surface px-3 py-2.5 text-left text-base text-ink-900',
            'focus-visible:outline-accent-500 data-disabled:bg-ink-100 data-disabled:text-ink-700',
            error ? 'border-2 border-error-700' : 'border-ink-500',
          )}
        >
          <span className="truncate">{summary}</span>
          <ChevronDownIcon className="size-5 shrink-0 text-ink-700" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          className="z-50 mt-1 max-h-72 w-(--button-width) overflow-auto rounded-card border border-line bg-surface py-1 shadow-pop focus:outline-none"
        >
          {options.length === 0 && emptyText && <p className="px-4 py-2.5 text-ink-700">{emptyText}</p>}
          {options.map((option) => (
            <ListboxOption
              key={option.value}
              value={option.value}
              className="group flex cursor-pointer items-center gap-3 px-4 py-2.5 text-ink-900 data-focus:bg-primary-50"
            >
              <span
                aria-hidden="true"
                className="flex size-5 shrink-0 items-center justify-center rounded border border-ink-500 bg-surface group-data-selected:border-primary-700 group-data-selected:bg-primary-700"
              >
                <CheckIcon className="invisible size-4 text-white group-data-selected:visible" />
              </span>
              <span>{option.label}</span>
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
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
    </Field>
  );
}
