import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateTakeawayRequest, type Goal, type LinkedItem, type Takeaway } from '../../../../../shared/contracts/canvas';
import { ErrorCodes } from '../../../../../shared/errors';
import { messageKeys } from '../../../../../shared/validation';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Dialog } from '../../../components/ui/Dialog';
import { TextArea, TextField } from '../../../components/ui/Field';
import { useProgressAction } from '../../../hooks/use-progress-action';
import { useZodForm } from '../../../hooks/use-zod-form';
import { isApiError } from '../../../lib/api-client';
import { t } from '../../../messages/en-US';
import { useToasts } from '../../../stores/toasts';
import { useArchiveTakeaway } from '../api/archive-takeaway';
import { useCreateTakeaway } from '../api/create-takeaway';
import { useDeleteTakeaway } from '../api/delete-takeaway';
import { useUpdateTakeaway } from '../api/update-takeaway';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { errorCodeOf, isFieldError, isHandledGlobally } from '../lib/errors';
import { goalOption, linkChoices, linkedItemOption, openLinkedGoals } from '../lib/links';
import { canDeleteItem, type CanvasScope } from '../lib/scope';
import { ChoiceDialog, CloseAndSaveButtons, DeleteButton, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';

/** The takeaway form over the API schema (spec 02 §5): title required, description optional. */
const TakeawayForm = z.object({
  title: CreateTakeawayRequest.shape.title,
  text: z.string().trim().max(canvasLimits.text, { error: messageKeys.tooLong }),
  initiatorId: z.string(),
});

type TakeawayModalProps = {
  scope: CanvasScope;
  categoryId: number;
  /** null: a new takeaway. */
  takeaway: Takeaway | null;
  /** The goals of the category, and goals elsewhere that its takeaways link to. */
  goals: readonly Goal[];
  goalsElsewhere: readonly LinkedItem[];
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * The takeaway form (spec 02 §2 Takeaway form, §4, §5): title, description, initiator and
 * linked goals. Archived takeaways open read-only with a banner; archiving asks first when
 * a linked goal is still open, and closes the modal.
 */
export function TakeawayModal({ scope, categoryId, takeaway, goals, goalsElsewhere, onClose, progressTiming }: TakeawayModalProps) {
  const people = useCanvasPeople(scope.familyId);
  const toasts = useToasts();
  const progress = useProgressAction(progressTiming);
  const createTakeaway = useCreateTakeaway();
  const updateTakeaway = useUpdateTakeaway();
  const archiveTakeaway = useArchiveTakeaway();
  const deleteTakeaway = useDeleteTakeaway();
  const [dialog, setDialog] = useState<'archive' | 'delete' | null>(null);

  const canEdit = scope.abilities.canEditCanvas;
  const isReadOnly = !canEdit || takeaway?.isArchived === true;
  const form = useZodForm({
    schema: TakeawayForm,
    initialValues: {
      title: takeaway?.title ?? '',
      text: takeaway?.text ?? '',
      initiatorId: takeaway ? (takeaway.initiatorId ?? '') : scope.abilities.accessKind === 'own' ? (people.userId ?? '') : '',
    },
  });
  const [linkedGoalIds, setLinkedGoalIds] = useState<string[]>(takeaway?.linkedGoalIds ?? []);
  const choices = linkChoices(goals.map(goalOption), linkedGoalIds, goalsElsewhere.map(linkedItemOption));

  const fail = (error: unknown, mode: 'create' | 'edit') => {
    if (isHandledGlobally(error)) return;
    const code = errorCodeOf(error);
    if (mode === 'create' && code === ErrorCodes.ITEM_NOT_FOUND) return;
    // Spec 02 §8: in edit, not found is treated like validation.
    if (isFieldError(error) || (mode === 'edit' && code === ErrorCodes.ITEM_NOT_FOUND)) {
      if (isApiError(error)) form.applyServerErrors(error.errors);
      toasts.show({ mode: 'error', title: t('canvas.takeaway.error.title'), text: t('canvas.takeaway.error.text') });
      return;
    }
    toasts.showSystemError();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (progress.isBusy || isReadOnly) return;
    const body = { title: values.title, text: values.text || null, initiatorId: values.initiatorId || null, linkedGoalIds, categoryId };
    try {
      if (takeaway) await progress.run(() => updateTakeaway.mutateAsync({ id: takeaway.id, ...body }));
      else await progress.run(() => createTakeaway.mutateAsync(body));
    } catch (error) {
      fail(error, takeaway ? 'edit' : 'create');
      return;
    }
    toasts.show({ mode: 'success', text: takeaway ? t('canvas.takeaway.success.edit') : t('canvas.takeaway.success.create') });
    onClose();
  });

  const setArchived = async (archived: boolean) => {
    if (!takeaway) return;
    setDialog(null);
    try {
      await archiveTakeaway.mutateAsync({ id: takeaway.id, archived });
    } catch (error) {
      if (isHandledGlobally(error)) return;
      toasts.show({ mode: 'error', text: t('canvas.takeaway.error.archive') });
      return;
    }
    toasts.show({ mode: 'success', text: archived ? t('canvas.takeaway.success.archive') : t('canvas.takeaway.success.unarchive') });
    onClose();
  };

  const onArchiveToggle = () => {
    if (!takeaway) return;
    if (takeaway.isArchived) return void setArchived(false);
    const known = [...goals, ...goalsElsewhere.map((item) => ({ id: item.id, isCompleted: item.isClosed }))];
    if (openLinkedGoals(takeaway, known).length > 0) setDialog('archive');
    else void setArchived(true);
  };

  const canDelete = takeaway !== null && canDeleteItem(scope, takeaway, people.userId);
  return (
    <Dialog
      isOpen
      onClose={() => !progress.isBusy && onClose()}
      title={takeaway ? t('canvas.takeaway.editTitle') : t('canvas.takeaway.createTitle')}
      closeLabel={t('canvas.form.close')}
      size="lg"
    >
      <form noValidate onSubmit={onSubmit} className="-mx-1 flex max-h-[calc(100dvh-10rem)] flex-col gap-4 overflow-y-auto px-1 pb-1" data-testid="takeaway-form">
        {takeaway?.isArchived && <Notice>{t('canvas.takeaway.archivedBanner')}</Notice>}
        {!canEdit && <Notice>{t('canvas.form.readOnly')}</Notice>}
        {form.formError && (
          <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
            {form.formError}
          </p>
        )}
        <TextField label={t('canvas.form.title')} required readOnly={isReadOnly} maxLength={canvasLimits.title} {...form.field('title')} />
        <TextArea label={t('canvas.form.text')} rows={3} readOnly={isReadOnly} maxLength={canvasLimits.text} {...form.field('text')} />
        <PersonSelect label={t('canvas.form.initiator')} people={people.familyMembers} nameOf={people.nameOf} disabled={isReadOnly} {...form.field('initiatorId')} />
        <LinkPicker
          legend={t('canvas.form.linkedGoals')}
          options={choices}
          selectedIds={linkedGoalIds}
          onChange={setLinkedGoalIds}
          categoryId={categoryId}
          isReadOnly={isReadOnly}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          {takeaway && canDelete && (
            <DeleteButton onClick={() => setDialog('delete')}>
              {t('canvas.form.delete')}
            </DeleteButton>
          )}
          {takeaway && canEdit && (
            <Button variant="secondary" onClick={onArchiveToggle} disabled={archiveTakeaway.isPending}>
              {takeaway.isArchived ? t('canvas.takeaway.unarchive') : t('canvas.takeaway.archive')}
            </Button>
          )}
          <CloseAndSaveButtons isReadOnly={isReadOnly} isValid={form.isValid} progress={progress} onClose={onClose} />
        </div>
      </form>
      <ChoiceDialog
        isOpen={dialog === 'archive'}
        title={t('canvas.takeaway.archiveConfirm.title')}
        lines={[t('canvas.takeaway.archiveConfirm.text')]}
        confirmLabel={t('canvas.takeaway.archiveConfirm.confirm')}
        onConfirm={() => void setArchived(true)}
        onClose={() => setDialog(null)}
      />
      {takeaway && (
        <ConfirmDialog
          isOpen={dialog === 'delete'}
          title={t('canvas.takeaway.deleteTitle')}
          description={t('canvas.takeaway.deleteText')}
          confirmLabel={t('canvas.form.delete')}
          onConfirm={() => deleteTakeaway.mutateAsync(takeaway.id)}
          onSuccess={() => {
            toasts.show({ mode: 'success', text: t('canvas.takeaway.success.delete') });
            onClose();
          }}
          onError={(error) => {
            if (!isHandledGlobally(error)) toasts.show({ mode: 'error', title: t('canvas.delete.errorTitle'), text: t('canvas.takeaway.error.delete') });
          }}
          onClose={() => setDialog(null)}
          progressTiming={progressTiming}
        />
      )}
    </Dialog>
  );
}
