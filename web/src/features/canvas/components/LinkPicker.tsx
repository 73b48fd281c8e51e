import { useId, useState } from 'react';
import { t } from '../../../messages/en-US';
import { linkPageSize, type LinkOption } from '../lib/links';

type LinkPickerProps = {
  legend: string;
  /** Linked items first, then the open ones that can be linked (lib/links linkChoices). */
  options: readonly LinkOption[];
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
  /** The category the form is in: items of another one say so. */
  categoryId: number | null;
  isReadOnly: boolean;
  /** docs/product/canvas.md#validation: nothing can be picked before a category is chosen. */
  needsCategory?: boolean;
  isLoading?: boolean;
};

/**
 * A list of items to link (docs/product/canvas.md#screens, #validation): checkboxes, 10 at first and 10 more on each
 * show-more. Read-only, it lists only what is linked.
 */
export function LinkPicker({ legend, options, selectedIds, onChange, categoryId, isReadOnly, needsCategory, isLoading }: LinkPickerProps) {
  const [shown, setShown] = useState(linkPageSize);
  const id = useId();
  const visibleOptions = isReadOnly ? options.filter((option) => selectedIds.includes(option.id)) : options;
  const page = visibleOptions.slice(0, shown);

  const describe = (option: LinkOption) =>
    [option.isClosed ? t('canvas.form.closedLink') : null, categoryId !== null && option.categoryId !== categoryId ? t('canvas.form.otherCategory') : null]
      .filter(Boolean)
      .join(' ');

  let body;
  if (needsCategory) body = <p className="text-sm text-ink-600">{t('canvas.form.linksNeedCategory')}</p>;
  else if (isLoading) body = <p className="text-sm text-ink-600">{t('canvas.form.loadingLinks')}</p>;
  else if (visibleOptions.length === 0) body = <p className="text-sm text-ink-600">{t('canvas.form.noLinkable')}</p>;
  else if (isReadOnly) {
    body = (
      <ul className="flex flex-col gap-1">
        {page.map((option) => (
          <li key={option.id} className="text-ink-900">
            {option.title} <span className="text-sm text-ink-600">{describe(option)}</span>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className="flex flex-col gap-1.5">
        {page.map((option) => {
          const checkboxId = `${id}-${option.id}`;
          const isChecked = selectedIds.includes(option.id);
          return (
            <li key={option.id} className="flex items-start gap-3">
              <input
                id={checkboxId}
                type="checkbox"
                checked={isChecked}
                onChange={(event) => onChange(event.target.checked ? [...selectedIds, option.id] : selectedIds.filter((selected) => selected !== option.id))}
                className="mt-1 size-5 shrink-0 cursor-pointer accent-primary-700"
              />
              <label htmlFor={checkboxId} className="cursor-pointer text-ink-900">
                {option.title} <span className="text-sm text-ink-600">{describe(option)}</span>
              </label>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-control border border-line p-3">
      <legend className="px-1 font-medium text-ink-900">{legend}</legend>
      {body}
      {!needsCategory && !isLoading && visibleOptions.length > shown && (
        <button
          type="button"
          onClick={() => setShown((value) => value + linkPageSize)}
          className="self-start rounded-control px-2 py-1 text-sm font-medium text-primary-700 underline hover:bg-primary-50"
        >
          {t('canvas.form.showMore')}
        </button>
      )}
    </fieldset>
  );
}
