import { useEffect, useRef, useState } from 'react';
import { canvasLimits, UpdateCanvasTitleRequest } from '../../../../../shared/contracts/canvas';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/Field';
import { useZodForm } from '../../../hooks/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useUpdateCanvasTitle } from '../api/update-canvas-title';
import { connectionSaveErrorOf, isFieldError, isHandledGlobally } from '../lib/errors';
import { PendingSaveNote } from './PendingSaveNote';
import { PencilIcon } from '../../../components/ui/icons';

/** The canvas title, edited in place by those allowed (docs/product/canvas.md#validation: required, at least 3 characters). */
export function CanvasTitle({ title, canEdit }: { title: string; canEdit: boolean }) {
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    // Focus returns to the edit button when the editor closes.
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  if (isEditing) return <TitleEditor title={title} onDone={() => setIsEditing(false)} />;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 className="min-w-0 font-display text-3xl font-semibold break-words text-primary-800 sm:text-4xl" data-testid="canvas-title">
        {title}
      </h1>
      {canEdit && (
        <button
          ref={editButton}
          type="button"
          onClick={() => setIsEditing(true)}
          aria-label={t('canvas.title.edit')}
          title={t('canvas.title.edit')}
          className="shrink-0 rounded-control p-2 text-ink-700 hover:bg-primary-50 hover:text-primary-700"
        >
          <PencilIcon />
        </button>
      )}
    </div>
  );
}

function TitleEditor({ title, onDone }: { title: string; onDone: () => void }) {
  const form = useZodForm({ schema: UpdateCanvasTitleRequest, initialValues: { title } });
  const updateTitle = useUpdateCanvasTitle();
  const toasts = useToasts();
  const input = useRef<HTMLInputElement | null>(null);
  const field = form.field('title');
  /** Why the last save failed, beside the field (the typed title stays). */
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const onSubmit = form.handleSubmit(async (data) => {
    if (data.title === title) return onDone();
    setSaveError(null);
    try {
      await updateTitle.mutateAsync(data);
      onDone();
    } catch (error) {
      if (isHandledGlobally(error)) return;
      if (isFieldError(error) && isApiError(error) && form.applyServerErrors(error.errors)) return;
      const text = connectionSaveErrorOf(error) ?? t('canvas.title.saveError');
      setSaveError(text);
      toasts.show({ mode: 'error', text });
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex w-full flex-col gap-2 sm:flex-row sm:items-start"
      onKeyDown={(event) => event.key === 'Escape' && onDone()}
    >
      <h1 className="sr-only">{title}</h1>
      <TextField
        label={t('canvas.title.label')}
        required
        maxLength={canvasLimits.canvasTitle}
        containerClassName="flex-1"
        {...field}
        error={field.error ?? saveError}
        ref={(element) => {
          field.ref(element);
          input.current = element;
        }}
      />
      <div className="flex gap-2 sm:mt-8">
        <Button type="submit" disabled={!form.isValid || updateTitle.isPending}>
          {t('canvas.title.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('canvas.title.cancel')}
        </Button>
      </div>
      <PendingSaveNote isSaving={updateTitle.isPending} />
    </form>
  );
}
