import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateActionPointRequest, type ActionPoint } from '../../../../../shared/contracts/canvas';
import { priorities } from '../../../../../shared/enums';
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
import { useCompleteActionPoint } from '../api/complete-action-point';
import { useCreateActionPoint } from '../api/create-action-point';
import { useDeleteActionPoint } from '../api/delete-action-point';
import { useCategory } from '../api/get-category';
import { useUpdateActionPoint } from '../api/update-action-point';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { errorCodeOf, isFieldError, isHandledGlobally } from '../lib/errors';
import { goalOption, linkChoices, linkedItemOption, openLinkedGoals } from '../lib/links';
import { canDeleteItem, canEditOwnItem, type CanvasScope } from '../lib/scope';
import { CloseAndSaveButtons, DeleteButton, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';
import { SelectField } from '../../../components/ui/SelectField';

/** The action point form over the API schema (spec 02 §5). */
const ActionPointForm = z.object({
  categoryId: z.string().min(1, { error: messageKeys.required }),
  title: CreateActionPointRequest.shape.title,
  text: z.string().trim().max(canvasLimits.text, { error: messageKeys.tooLong }),
  initiatorId: z.string(),
  assigneeId: z.string(),
  priority: z.enum(priorities, { error: messageKeys.invalidInput }),
});

type ActionPointModalProps = {
  scope: CanvasScope;
  /** null: a new action point. */
  actionPoint: ActionPoint | null;
  fixedCategoryId?: number;
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Create and edit action point (spec 02 §2 Modals, §4, §5, §6): editable only for its
 * creator with edit rights and not while completed; anyone with edit rights ticks it off.
 * A completed action point with open linked goals says so.
 */
export function ActionPointModal({ scope, actionPoint, fixedCategoryId, onClose, progressTiming }: ActionPointModalProps) {
  const people = useCanvasPeople(scope.familyId);
  const toasts = useToasts();
  const progress = useProgressAction(progressTiming);
  const createActionPoint = useCreateActionPoint();
  const updateActionPoint = useUpdateActionPoint();
  const completeActionPoint = useCompleteActionPoint();
  const deleteActionPoint = useDeleteActionPoint();
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);

  const isCreate = actionPoint === null;
  const canEdit = scope.abilities.canEditCanvas;
  const isReadOnly = isCreate ? !canEdit : !canEditOwnItem(scope, actionPoint, people.userId) || actionPoint.isCompleted;
  const defaultPerson = scope.abilities.accessKind === 'own' ? (people.userId ?? '') : '';

  const form = useZodForm({
    schema: ActionPointForm,
    initialValues: {
      categoryId: String(actionPoint?.categoryId ?? fixedCategoryId ?? ''),
      title: actionPoint?.title ?? '',
      text: actionPoint?.text ?? '',
      initiatorId: actionPoint ? (actionPoint.initiatorId ?? '') : defaultPerson,
      assigneeId: actionPoint ? (actionPoint.assigneeId ?? '') : (people.userId ?? ''),
      priority: actionPoint?.priority ?? 'NoPriority',
    },
  });
  const [linkedGoalIds, setLinkedGoalIds] = useState<string[]>(actionPoint?.linkedGoalIds ?? []);

  const categoryId = form.values.categoryId ? Number(form.values.categoryId) : null;
  const category = useCategory(categoryId);
  const goalChoices = linkChoices(category.data?.goals.map(goalOption) ?? [], linkedGoalIds, category.data?.linkedElsewhere.goals.map(linkedItemOption));
  const knownGoals = [...(category.data?.goals ?? []), ...(category.data?.linkedElsewhere.goals ?? []).map((item) => ({ id: item.id, isCompleted: item.isClosed }))];
  const hasOpenGoals = actionPoint !== null && openLinkedGoals(actionPoint, knownGoals).length > 0;

  const fail = (error: unknown, mode: 'create' | 'edit') => {
    if (isHandledGlobally(error)) return;
    const code = errorCodeOf(error);
    if (mode === 'create' && code === ErrorCodes.ITEM_NOT_FOUND) return;
    if (isFieldError(error) || (mode === 'edit' && code === ErrorCodes.ITEM_NOT_FOUND)) {
      if (isApiError(error)) form.applyServerErrors(error.errors);
      toasts.show({
        mode: 'error',
        title: mode === 'create' ? t('canvas.actionPoint.error.createTitle') : t('canvas.actionPoint.error.editTitle'),
        text: t('canvas.actionPoint.error.text'),
      });
      return;
    }
    toasts.showSystemError();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (progress.isBusy || isReadOnly) return;
    const body = {
      title: values.title,
      text: values.text || null,
      initiatorId: values.initiatorId || null,
      assigneeId: values.assigneeId || null,
      priority: values.priority,
      linkedGoalIds,
    };
    try {
      if (actionPoint) await progress.run(() => updateActionPoint.mutateAsync({ id: actionPoint.id, ...body }));
      else await progress.run(() => createActionPoint.mutateAsync({ ...body, categoryId: Number(values.categoryId) }));
    } catch (error) {
      fail(error, actionPoint ? 'edit' : 'create');
      return;
    }
    toasts.show({ mode: 'success', text: actionPoint ? t('canvas.actionPoint.success.edit') : t('canvas.actionPoint.success.create') });
    onClose();
  });

  const toggleCompleted = async () => {
    if (!actionPoint) return;
    const completed = !actionPoint.isCompleted;
    try {
      await completeActionPoint.mutateAsync({ id: actionPoint.id, completed });
    } catch (error) {
      fail(error, 'edit');
      return;
    }
    toasts.show({ mode: 'success', text: completed ? t('canvas.actionPoint.success.complete') : t('canvas.actionPoint.success.uncomplete') });
    if (completed) onClose();
  };

  const title = isCreate ? t('canvas.actionPoint.createTitle') : t('canvas.actionPoint.editTitle');
  const categoryOptions = scope.categories.map((option) => ({ value: String(option.id), label: option.title }));
  const isCategoryFixed = fixedCategoryId !== undefined || !isCreate;
  const canDelete = actionPoint !== null && canDeleteItem(scope, actionPoint, people.userId);

  return (
    <Dialog isOpen onClose={() => !progress.isBusy && onClose()} title={title} closeLabel={t('canvas.form.close')} size="lg">
      <form noValidate onSubmit={onSubmit} className="-mx-1 flex max-h-[calc(100dvh-10rem)] flex-col gap-4 overflow-y-auto px-1 pb-1" data-testid="action-point-form">
        {actionPoint?.isCompleted && <Notice>{t('canvas.actionPoint.completedBanner')}</Notice>}
        {actionPoint?.isCompleted && hasOpenGoals && <Notice tone="warning">{t('canvas.actionPoint.openGoalsWarning')}</Notice>}
        {isReadOnly && !actionPoint?.isCompleted && <Notice>{t('canvas.form.readOnly')}</Notice>}
        {form.formError && (
          <p role="alert" className="rounded-control border border-error-700 bg-error-bg p-3 text-error-700">
            {form.formError}
          </p>
        )}
        <SelectField
          label={t('canvas.form.category')}
          required
          placeholder={t('canvas.form.chooseCategory')}
          options={categoryOptions}
          disabled={isReadOnly || isCategoryFixed}
          {...form.field('categoryId')}
          onChange={(event) => {
            form.setValue('categoryId', event.target.value);
            setLinkedGoalIds([]);
          }}
        />
        <TextField label={t('canvas.form.title')} required readOnly={isReadOnly} maxLength={canvasLimits.title} {...form.field('title')} />
        <TextArea label={t('canvas.form.text')} rows={3} readOnly={isReadOnly} maxLength={canvasLimits.text} {...form.field('text')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <PersonSelect label={t('canvas.form.initiator')} people={people.familyMembers} nameOf={people.nameOf} disabled={isReadOnly} {...form.field('initiatorId')} />
          <PersonSelect label={t('canvas.form.assignee')} people={people.canvasMembers} nameOf={people.nameOf} disabled={isReadOnly} {...form.field('assigneeId')} />
          <SelectField
            label={t('canvas.form.priority')}
            options={priorities.map((priority) => ({ value: priority, label: t(`canvas.priority.${priority}`) }))}
            disabled={isReadOnly}
            {...form.field('priority')}
          />
        </div>
        <LinkPicker
          legend={t('canvas.form.linkedGoals')}
          options={goalChoices}
          selectedIds={linkedGoalIds}
          onChange={setLinkedGoalIds}
          categoryId={categoryId}
          isReadOnly={isReadOnly}
          needsCategory={categoryId === null}
          isLoading={category.isPending && categoryId !== null}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          {actionPoint && canDelete && (
            <DeleteButton onClick={() => setIsDeleteOpen(true)}>
              {t('canvas.form.delete')}
            </DeleteButton>
          )}
          {actionPoint && canEdit && (
            <Button variant="secondary" onClick={() => void toggleCompleted()} disabled={completeActionPoint.isPending}>
              {actionPoint.isCompleted ? t('canvas.actionPoint.uncomplete') : t('canvas.actionPoint.complete')}
            </Button>
          )}
          <CloseAndSaveButtons isReadOnly={isReadOnly} isValid={form.isValid} progress={progress} onClose={onClose} />
        </div>
      </form>
      {actionPoint && (
        <ConfirmDialog
          isOpen={isDeleteOpen}
          title={t('canvas.actionPoint.deleteTitle')}
          description={t('canvas.actionPoint.deleteText')}
          confirmLabel={t('canvas.form.delete')}
          onConfirm={() => deleteActionPoint.mutateAsync(actionPoint.id)}
          onSuccess={() => {
            toasts.show({ mode: 'success', text: t('canvas.actionPoint.success.delete') });
            onClose();
          }}
          onError={(error) => {
            if (!isHandledGlobally(error)) toasts.show({ mode: 'error', title: t('canvas.delete.errorTitle'), text: t('canvas.actionPoint.error.delete') });
          }}
          onClose={() => setIsDeleteOpen(false)}
          progressTiming={progressTiming}
        />
      )}
    </Dialog>
  );
}
