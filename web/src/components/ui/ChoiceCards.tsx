import { useId, useState } from 'react';
import { cx } from '../../lib/cx';

export type Choice<V extends string | number> = { value: V; label: string; description: string };

type ChoiceCardsProps<V extends string | number> = {
  /** The question the choices answer; names the radio group. */
  legend: string;
  choices: ReadonlyArray<Choice<V>>;
  value: V | null;
  onChange: (value: V) => void;
  /** What the description panel says before any choice is pointed at, focused or chosen. */
  hint: string;
  /** Test id of the description panel. */
  descriptionTestId?: string;
};

/**
 * Radio cards whose description shows while the pointer is on a card or it has keyboard
 * focus (else the chosen one's): the type step of create-entity (docs/product/organisations-and-members.md#screens). Screen
 * readers hear each description as its option's description.
 */
export function ChoiceCards<V extends string | number>({ legend, choices, value, onChange, hint, descriptionTestId }: ChoiceCardsProps<V>) {
  const id = useId();
  const [hovered, setHovered] = useState<V | null>(null);
  const [focused, setFocused] = useState<V | null>(null);
  const shown = choices.find((choice) => choice.value === (hovered ?? focused ?? value));
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">{legend}</legend>
        {choices.map((choice) => (
          <label
            key={choice.value}
            onMouseEnter={() => setHovered(choice.value)}
            onMouseLeave={() => setHovered(null)}
            className={cx(
              'flex min-h-16 cursor-pointer items-center gap-3 rounded-card border-2 bg-surface p-4 text-lg font-semibold text-ink-900 hover:border-primary-500',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500',
              value === choice.value ? 'border-primary-700 bg-primary-50' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={`${id}-choice`}
              value={String(choice.value)}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              onFocus={() => setFocused(choice.value)}
              onBlur={() => setFocused(null)}
              aria-describedby={`${id}-description-${choice.value}`}
              className="size-5 shrink-0 cursor-pointer accent-primary-700"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      {choices.map((choice) => (
        <p key={choice.value} id={`${id}-description-${choice.value}`} hidden>
          {choice.description}
        </p>
      ))}
      <p aria-hidden="true" data-testid={descriptionTestId} className="min-h-20 rounded-card bg-primary-50 p-4 text-ink-800">
        {shown ? shown.description : hint}
      </p>
    </div>
  );
}
