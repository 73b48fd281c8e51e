import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateGoalRequest, type Goal } from '../../../../../shared/contracts/canvas';
import { goalTerms } from '../../../../../shared/enums';
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
import { useCompleteGoal } from '../api/complete-goal';
import { useCreateGoal } from '../api/create-goal';
import { useDeleteGoal } from '../api/delete-goal';
import { useCategory } from '../api/get-category';
import { useUpdateGoal } from '../api/update-goal';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { errorCodeOf, isFieldError, isHandledGlobally } from '../lib/errors';
import { actionPointOption, linkChoices, linkedItemOption, openLinkedActionPoints, takeawayOption } from '../lib/links';
import { canDeleteItem, canEditOwnItem, type CanvasScope } from '../lib/scope';
import { ChoiceDialog, CloseAndSaveButtons, DeleteButton, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';
import { SelectField } from '../../../components/ui/SelectField';

/** The goal form over the API schema (spec 02 §5): selects are strings here, the category is required. */
const GoalForm = z.object({
  categoryId: z.string().min(1, { error: messageKeys.required }),
  title: CreateGoalRequest.shape.title,
  text: z.string().trim().max(canvasLimits.text, { error: messageKeys.tooLong }),
  initiatorId: z.string(),
  goalTerm: z.enum(goalTerms, { error: messageKeys.invalidInput }),
});

type GoalModalProps = {
  scope: CanvasScope;
  /** null: a new goal. */
  goal: Goal | null;
  /** The category page fixes the category (spec 02 §5 "category required when not fixed by context"). */
  fixedCategoryId?: number;
  onClose: () => void;
  progressTiming?: { stepMs?: number; successMs?: number };
};

/**
 * Create goal and edit goal (spec 02 §2 Modals, §4, §5, §6). Editable only for its creator
 * with edit rights, and not while completed; completing with open linked action points
 * asks first with a two-line warning, then the modal closes.
 */
export function GoalModal({ scope, goal, fixedCategoryId, onClose, progressTiming }: GoalModalProps) {
  const people = useCanvasPeople(scope.familyId);
  const toasts = useToasts();
  const progress = useProgressAction(progressTiming);
  const createGoal = useCreateGoal();
  const updateGoal = useUpdateGoal();
  const completeGoal = useCompleteGoal();
  const deleteGoal = useDeleteGoal();
  const [dialog, setDialog] = useState<'complete' | 'delete' | null>(null);

  const isCreate = goal === null;
  const canEdit = scope.abilities.canEditCanvas;
  const isReadOnly = isCreate ? !canEdit : !canEditOwnItem(scope, goal, people.userId) || goal.isCompleted;
  const defaultInitiator = scope.abilities.accessKind === 'own' ? (people.userId ?? '') : '';

  const form = useZodForm({
    schema: GoalForm,
    initialValues: {
      categoryId: String(goal?.categoryId ?? fixedCategoryId ?? ''),
      title: goal?.title ?? '',
      text: goal?.text ?? '',
      initiatorId: goal ? (goal.initiatorId ?? '') : defaultInitiator,
      goalTerm: goal?.goalTerm ?? 'NoTerm',
    },
  });
  const [linkedTakeawayIds, setLinkedTakeawayIds] = useState<string[]>(goal?.linkedTakeawayIds ?? []);
  const [linkedActionPointIds, setLinkedActionPointIds] = useState<string[]>(goal?.linkedActionPointIds ?? []);

  const categoryId = form.values.categoryId ? Number(form.values.categoryId) : null;
  const category = useCategory(categoryId);
  const elsewhere = category.data?.linkedElsewhere;
  const takeawayChoices = linkChoices(category.data?.takeaways.map(takeawayOption) ?? [], linkedTakeawayIds, elsewhere?.takeaways.map(linkedItemOption));
  const actionPointChoices = linkChoices(category.data?.actionPoints.map(actionPointOption) ?? [], linkedActionPointIds, elsewhere?.actionPoints.map(linkedItemOption));

  const fail = (error: unknown, mode: 'create' | 'edit') => {
    if (isHandledGlobally(error)) return;
    const code = errorCodeOf(error);
    if (mode === 'create' && code === ErrorCodes.ITEM_NOT_FOUND) return;
    const isEditProblem = mode === 'edit' && code === ErrorCodes.ITEM_NOT_FOUND;
    if (isFieldError(error) || isEditProblem) {
      if (isApiError(error)) form.applyServerErrors(error.errors);
      toasts.show({
        mode: 'error',
        title: mode === 'create' ? t('canvas.goal.error.createTitle') : t('canvas.goal.error.editTitle'),
        text: t('canvas.goal.error.text'),
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
      goalTerm: values.goalTerm,
      linkedTakeawayIds,
      linkedActionPointIds,
    };
    try {
      if (goal) await progress.run(() => updateGoal.mutateAsync({ id: goal.id, ...body }));
      else await progress.run(() => createGoal.mutateAsync({ ...body, categoryId: Number(values.categoryId) }));
    } catch (error) {
      fail(error, goal ? 'edit' : 'create');
      return;
    }
    toasts.show({ mode: 'success', text: goal ? t('canvas.goal.success.edit') : t('canvas.goal.success.create') });
    onClose();
  });

  const setCompleted = async (completed: boolean) => {
    if (!goal) return;
    setDialog(null);
    try {
      await completeGoal.mutateAsync({ id: goal.id, completed });
    } catch (error) {
      fail(error, 'edit');
      return;
    }
    toasts.show({ mode: 'success', text: completed ? t('canvas.goal.success.complete') : t('canvas.goal.success.uncomplete') });
    if (completed) onClose();
  };

  const onToggleComplete = () => {
    if (!goal) return;
    if (goal.isCompleted) return void setCompleted(false);
    const known = [...(category.data?.actionPoints ?? []), ...(elsewhere?.actionPoints ?? []).map((item) => ({ id: item.id, isCompleted: item.isClosed }))];
    if (openLinkedActionPoints(goal, known).length > 0) setDialog('complete');
    else void setCompleted(true);
  };

  const title = isCreate ? t('canvas.goal.createTitle') : t('canvas.goal.editTitle');
  const categoryOptions = scope.categories.map((option) => ({ value: String(option.id), label: option.title }));
  const isCategoryFixed = fixedCategoryId !== undefined || !isCreate;
  const canDelete = goal !== null && canDeleteItem(scope, goal, people.userId);

  return (
    <Dialog isOpen onClose={() => !progress.isBusy && onClose()} title={title} closeLabel={t('canvas.form.close')} size="lg">
      <form noValidate onSubmit={onSubmit} className="-mx-1 flex max-h-[calc(100dvh-10rem)] flex-col gap-4 overflow-y-auto px-1 pb-1" data-testid="goal-form">
        {goal?.isCompleted && <Notice>{t('canvas.goal.completedBanner')}</Notice>}
        {isReadOnly && !goal?.isCompleted && <Notice>{t('canvas.form.readOnly')}</Notice>}
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
            setLinkedTakeawayIds([]);
            setLinkedActionPointIds([]);
          }}
        />
        <TextField label={t('canvas.form.title')} required readOnly={isReadOnly} maxLength={canvasLimits.title} {...form.field('title')} />
        <TextArea label={t('canvas.form.text')} rows={3} readOnly={isReadOnly} maxLength={canvasLimits.text} {...form.field('text')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PersonSelect label={t('canvas.form.initiator')} people={people.familyMembers} nameOf={people.nameOf} disabled={isReadOnly} {...form.field('initiatorId')} />
          <SelectField
            label={t('canvas.form.goalTerm')}
            options={goalTerms.map((term) => ({ value: term, label: t(`canvas.goalTerm.${term}`) }))}
            disabled={isReadOnly}
            {...form.field('goalTerm')}
          />
        </div>
        <LinkPicker
          legend={t('canvas.form.linkedTakeaways')}
          options={takeawayChoices}
          selectedIds={linkedTakeawayIds}
          onChange={setLinkedTakeawayIds}
          categoryId={categoryId}
          isReadOnly={isReadOnly}
          needsCategory={categoryId === null}
          isLoading={category.isPending && categoryId !== null}
        />
        <LinkPicker
          legend={t('canvas.form.linkedActionPoints')}
          options={actionPointChoices}
          selectedIds={linkedActionPointIds}
          onChange={setLinkedActionPointIds}
          categoryId={categoryId}
          isReadOnly={isReadOnly}
          needsCategory={categoryId === null}
          isLoading={category.isPending && categoryId !== null}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-4">
          {goal && canDelete && (
            <DeleteButton onClick={() => setDialog('delete')}>
              {t('canvas.form.delete')}
            </DeleteButton>
          )}
          {goal && canEdit && (
            <Button variant="secondary" onClick={onToggleComplete} disabled={completeGoal.isPending || category.isPending}>
              {goal.isCompleted ? t('canvas.goal.uncomplete') : t('canvas.goal.complete')}
            </Button>
          )}
          <CloseAndSaveButtons isReadOnly={isReadOnly} isValid={form.isValid} progress={progress} onClose={onClose} />
        </div>
      </form>
      <ChoiceDialog
        isOpen={dialog === 'complete'}
        title={t('canvas.goal.completeConfirm.title')}
        lines={[t('canvas.goal.completeConfirm.line1'), t('canvas.goal.completeConfirm.line2')]}
        confirmLabel={t('canvas.goal.completeConfirm.confirm')}
        onConfirm={() => void setCompleted(true)}
        onClose={() => setDialog(null)}
      />
      {goal && (
        <ConfirmDialog
          isOpen={dialog === 'delete'}
          title={t('canvas.goal.deleteTitle')}
          description={t('canvas.goal.deleteText')}
          confirmLabel={t('canvas.form.delete')}
          onConfirm={() => deleteGoal.mutateAsync(goal.id)}
          onSuccess={() => {
            toasts.show({ mode: 'success', text: t('canvas.goal.success.delete') });
            onClose();
          }}
          onError={(error) => {
            if (!isHandledGlobally(error)) toasts.show({ mode: 'error', title: t('canvas.delete.errorTitle'), text: t('canvas.goal.error.delete') });
          }}
          onClose={() => setDialog(null)}
          progressTiming={progressTiming}
        />
      )}
    </Dialog>
  );
}
