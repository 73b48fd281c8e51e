import { useId, useState, type Ref } from 'react';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../lib/cx';
import { t, type MessageKey } from '../../../messages/en-US';

const entityTypeOptions: ReadonlyArray<{ id: EntityTypeId; label: MessageKey; description: MessageKey }> = [
  { id: EntityType.Family, label: 'register.type.family', description: 'register.type.familyDescription' },
  { id: EntityType.AdvisorCompany, label: 'register.type.advisor', description: 'register.type.advisorDescription' },
];

type EntityTypeStepProps = {
  value: EntityTypeId | null;
  onChange: (value: EntityTypeId) => void;
  onContinue: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * Step 1 of the signup (docs/product/accounts.md#screens): a family or an advisor company. The description
 * of an option shows while the pointer is on it or it has keyboard focus (else the
 * chosen one's); screen readers hear it as the option's description.
 */
export function EntityTypeStep({ value, onChange, onContinue, headingRef }: EntityTypeStepProps) {
  const id = useId();
  const [hovered, setHovered] = useState<EntityTypeId | null>(null);
  const [focused, setFocused] = useState<EntityTypeId | null>(null);
  const shown = entityTypeOptions.find((option) => option.id === (hovered ?? focused ?? value));

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-5">
      <div>
        <p className="text-sm font-semibold tracking-wide text-ink-600 uppercase">{t('register.step', { step: 1 })}</p>
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="mt-1 font-display text-2xl font-semibold text-primary-800 focus:outline-none">
          {t('register.type.title')}
        </h2>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-2" aria-labelledby={`${id}-heading`}>
        {entityTypeOptions.map((option) => (
          <label
            key={option.id}
            onMouseEnter={() => setHovered(option.id)}
            onMouseLeave={() => setHovered(null)}
            className={cx(
              'flex min-h-16 cursor-pointer items-center gap-3 rounded-card border-2 bg-surface p-4 text-lg font-semibold text-ink-900 hover:border-primary-500',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500',
              value === option.id ? 'border-primary-700 bg-primary-50' : 'border-line',
            )}
          >
            <input
              type="radio"
              name={`${id}-entity-type`}
              value={option.id}
              checked={value === option.id}
              onChange={() => onChange(option.id)}
              onFocus={() => setFocused(option.id)}
              onBlur={() => setFocused(null)}
              aria-describedby={`${id}-description-${option.id}`}
              className="size-5 shrink-0 cursor-pointer accent-primary-700"
            />
            {t(option.label)}
          </label>
        ))}
      </fieldset>
      {entityTypeOptions.map((option) => (
        <p key={option.id} id={`${id}-description-${option.id}`} hidden>
          {t(option.description)}
        </p>
      ))}
      {/* The same descriptions for sighted users; assistive technology reads them from the options. */}
      <p aria-hidden="true" data-testid="entity-type-description" className="min-h-20 rounded-card bg-primary-50 p-4 text-ink-800">
        {shown ? t(shown.description) : t('register.type.hint')}
      </p>
      <div>
        <Button size="lg" disabled={value === null} onClick={onContinue}>
          {t('register.type.continue')}
        </Button>
      </div>
    </section>
  );
}
