import type { ComponentProps, ReactNode } from 'react';
import { Button, SubmitButton } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { AlertIcon, InfoIcon } from '../../../components/ui/icons';
import type { useProgressAction } from '../../../hooks/use-progress-action';
import { cx } from '../../../lib/cx';
import { t } from '../../../messages/en-US';
import type { PersonOption } from '../hooks/use-canvas-people';
import type { CanvasScope } from '../lib/scope';
import { SelectField } from '../../../components/ui/SelectField';
import { DayField } from '../../../components/ui/Field';

type PersonSelectProps = Omit<ComponentProps<typeof SelectField>, 'options' | 'placeholder'> & {
  people: readonly PersonOption[];
  /** The name of a chosen person the list does not hold (someone who left). */
  nameOf: (id: string) => string | null;
};

/** Initiator or assignee (docs/product/canvas.md#validation), with the no-member option first. */
export function PersonSelect({ people, nameOf, value, ...props }: PersonSelectProps) {
  const current = typeof value === 'string' ? value : '';
  const options = people.map((person) => ({ value: person.id, label: person.name }));
  if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: nameOf(current) ?? t('canvas.people.unknown') });
  return <SelectField {...props} value={current} placeholder={t('canvas.people.none')} options={options} />;
}

type CategorySelectProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'options' | 'placeholder' | 'required'> & {
  categories: CanvasScope['categories'];
};

/** The category of a goal or action point (docs/product/canvas.md#validation): required, one of the canvas's categories. */
export function CategorySelect({ categories, ...props }: CategorySelectProps) {
  const options = categories.map((category) => ({ value: String(category.id), label: category.title }));
  return <SelectField label={t('canvas.form.category')} required placeholder={t('canvas.form.chooseCategory')} options={options} {...props} />;
}

/** A notice at the top of a form: archived, completed, read-only, a warning. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'warning'; children: ReactNode }) {
  const Icon = tone === 'warning' ? AlertIcon : InfoIcon;
  return (
    <p
      role="note"
      className={cx(
        'flex items-start gap-2 rounded-control border p-3 text-sm',
        tone === 'warning' ? 'border-warning-700 bg-warning-bg text-warning-700' : 'border-info-700 bg-info-bg text-info-700',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type ChoiceDialogProps = {
  isOpen: boolean;
  title: string;
  lines: readonly string[];
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** A plain yes-or-no question (completing a goal, archiving a takeaway): no challenge, nothing destroyed. */
export function ChoiceDialog({ isOpen, title, lines, confirmLabel, cancelLabel = t('canvas.form.cancel'), onConfirm, onClose }: ChoiceDialogProps) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={title}
      closeLabel={t('common.close')}
      size="sm"
      description={
        <span className="flex flex-col gap-2">
          {lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      }
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </Dialog>
  );
}

/** A quiet red button for deletes: the confirm dialog that follows is the loud part. */
export function DeleteButton({ size = 'md', className, ...props }: ComponentProps<'button'> & { size?: 'sm' | 'md' }) {
  return (
    <button
      type="button"
      className={cx(
        'inline-flex items-center justify-center gap-2 rounded-control font-semibold text-error-700 hover:bg-error-bg disabled:cursor-not-allowed disabled:text-ink-600',
        size === 'sm' ? 'min-h-9 px-3 text-sm' : 'min-h-11 px-4',
        className,
      )}
      {...props}
    />
  );
}

/** The footer of the item forms: Cancel (Close when read-only) and the progress Save button. */
export function CloseAndSaveButtons({
  isReadOnly,
  isValid,
  progress,
  onClose,
}: {
  isReadOnly: boolean;
  isValid: boolean;
  progress: ReturnType<typeof useProgressAction>;
  onClose: () => void;
}) {
  return (
    <div className="ml-auto flex flex-wrap gap-3">
      <Button variant="secondary" onClick={onClose} disabled={progress.isBusy}>
        {isReadOnly ? t('canvas.form.close') : t('canvas.form.cancel')}
      </Button>
      {!isReadOnly && (
        <SubmitButton
          progress={progress}
          loadingLabel={t('canvas.form.saving')}
          successLabel={t('canvas.form.saved')}
          disabled={!isValid && progress.status === 'idle'}
        >
          {t('canvas.form.save')}
        </SubmitButton>
      )}
    </div>
  );
}

/** The due date of a goal or action point, typed day.month.year (YYYY-MM-DD on the wire). */
export function DueDateField(props: Omit<ComponentProps<typeof DayField>, 'label' | 'hint'>) {
  return <DayField label={t('canvas.form.dueDate')} hint={t('canvas.form.dueDateHint')} {...props} />;
}

export { PendingSaveNote } from './PendingSaveNote';
