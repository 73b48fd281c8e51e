import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateGoalRequest, type Goal } from '../../../../../shared/contracts/canvas';
import { goalTerms } from '../../../../../shared/enums';
import { messageKeys } from '../../../../../shared/validation';
import { Button } from '../../../components/ui/Button';
import { TextArea, TextField } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';
import { useCompleteGoal } from '../api/complete-goal';
import { useCreateGoal } from '../api/create-goal';
import { useDeleteGoal } from '../api/delete-goal';
import { useUpdateGoal } from '../api/update-goal';
import {
  categoryIdRule,
  sharedFieldRules,
  hasChangedIds,
  useCanvasItemForm,
  useChosenCategory,
  type CanvasItemModalProps,
} from '../hooks/use-canvas-item-form';
import { actionPointOption, linkChoices, linkedItemOption, openLinkedActionPoints, takeawayOption } from '../lib/links';
import { CanvasItemDialog } from './CanvasItemDialog';
import { CategorySelect, ChoiceDialog, DueDateField, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';
import { SelectField } from '../../../components/ui/SelectField';
import { dueDateOfTyped, dueDateRule, typedDueDate } from '../lib/due-dates';

/** The goal form over the API schema (docs/product/canvas.md#validation): selects are strings here, the category is required. */
const GoalForm = z.object({
  categoryId: categoryIdRule,
  title: CreateGoalRequest.shape.title,
  ...sharedFieldRules,
  goalTerm: z.enum(goalTerms, { error: messageKeys.invalidInput }),
  dueDate: dueDateRule,
});

type GoalModalProps = CanvasItemModalProps & {
  /** null: a new goal. */
  goal: Goal | null;
  /** The category page fixes the category (docs/product/canvas.md#validation "category required when not fixed by context"). */
  fixedCategoryId?: number;
};

/**
 * Create goal and edit goal (docs/product/canvas.md#screens, #rules, #validation, #permissions). Editable only for its creator
 * with edit rights, and not while completed; completing with open linked action points
 * asks first with a two-line warning, then the modal closes.
 */
export function GoalModal({ scope, goal, fixedCategoryId, onClose, progressTiming }: GoalModalProps) {
  const createGoal = useCreateGoal();
  const updateGoal = useUpdateGoal();
  const completeGoal = useCompleteGoal();
  const deleteGoal = useDeleteGoal();
  const [isCompleteAsked, setIsCompleteAsked] = useState(false);
  const [linkedTakeawayIds, setLinkedTakeawayIds] = useState<string[]>(goal?.linkedTakeawayIds ?? []);
  const [linkedActionPointIds, setLinkedActionPointIds] = useState<string[]>(goal?.linkedActionPointIds ?? []);

  const itemForm = useCanvasItemForm({
    kind: 'goal',
    scope,
    item: goal,
    isEditedByCreatorOnly: true,
    isClosed: goal?.completed ?? false,
    schema: GoalForm,
    initialValues: ({ title, text, initiatorId }) => ({
      categoryId: String(goal?.categoryId ?? fixedCategoryId ?? ''),
      title,
      text,
      initiatorId,
      goalTerm: goal?.goalTerm ?? 'NoTerm',
      dueDate: typedDueDate(goal?.dueDate),
    }),
    save: (values, shared, version) => {
      const body = { ...shared, goalTerm: values.goalTerm, dueDate: dueDateOfTyped(values.dueDate), linkedTakeawayIds, linkedActionPointIds };
      return goal
        ? updateGoal.mutateAsync({ id: goal.id, ...body, version: version ?? goal.version })
        : createGoal.mutateAsync({ ...body, categoryId: Number(values.categoryId) });
    },
    onClose,
    progressTiming,
    hasChangedLinks: hasChangedIds(goal?.linkedTakeawayIds ?? [], linkedTakeawayIds) || hasChangedIds(goal?.linkedActionPointIds ?? [], linkedActionPointIds),
  });
  const { form, people, isReadOnly } = itemForm;
  const isCategoryFixed = fixedCategoryId !== undefined || goal !== null;

  const { category, linkPickerProps } = useChosenCategory(form.values.categoryId, isReadOnly);
  const elsewhere = category.data?.linkedElsewhere;
  const takeawayChoices = linkChoices(category.data?.takeaways.map(takeawayOption) ?? [], linkedTakeawayIds, elsewhere?.takeaways.map(linkedItemOption));
  const actionPointChoices = linkChoices(
    category.data?.actionPoints.map(actionPointOption) ?? [],
    linkedActionPointIds,
    elsewhere?.actionPoints.map(linkedItemOption),
  );

  const setCompleted = async (completed: boolean) => {
    if (!goal) return;
    setIsCompleteAsked(false);
    const isDone = await itemForm.runChange(
      (version) => completeGoal.mutateAsync({ id: goal.id, completed, version }),
      completed ? t('canvas.goal.success.complete') : t('canvas.goal.success.uncomplete'),
    );
    if (isDone && completed) onClose();
  };

  const onToggleComplete = () => {
    if (!goal) return;
    if (goal.completed) return void setCompleted(false);
    const known = [...(category.data?.actionPoints ?? []), ...(elsewhere?.actionPoints ?? []).map((item) => ({ id: item.id, completed: item.isClosed }))];
    if (openLinkedActionPoints(goal, known).length > 0) setIsCompleteAsked(true);
    else void setCompleted(true);
  };

  return (
    <CanvasItemDialog
      itemForm={itemForm}
      testId="goal-form"
      onDelete={goal && itemForm.canDelete ? () => deleteGoal.mutateAsync(goal.id) : undefined}
      notices={
        <>
          {goal?.completed && <Notice>{t('canvas.goal.completedBanner')}</Notice>}
          {isReadOnly && !goal?.completed && <Notice>{t('canvas.form.readOnly')}</Notice>}
        </>
      }
      actions={
        goal &&
        itemForm.canEdit && (
          <Button variant="secondary" onClick={onToggleComplete} disabled={completeGoal.isPending || category.isPending}>
            {goal.completed ? t('canvas.goal.uncomplete') : t('canvas.goal.complete')}
          </Button>
        )
      }
      dialogs={
        <ChoiceDialog
          isOpen={isCompleteAsked}
          title={t('canvas.goal.completeConfirm.title')}
          lines={[t('canvas.goal.completeConfirm.line1'), t('canvas.goal.completeConfirm.line2')]}
          confirmLabel={t('canvas.goal.completeConfirm.confirm')}
          onConfirm={() => void setCompleted(true)}
          onClose={() => setIsCompleteAsked(false)}
        />
      }
    >
      <CategorySelect
        categories={scope.categories}
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
        <PersonSelect
          label={t('canvas.form.initiator')}
          people={people.familyMembers}
          nameOf={people.nameOf}
          disabled={isReadOnly}
          {...form.field('initiatorId')}
        />
        <SelectField
          label={t('canvas.form.goalTerm')}
          options={goalTerms.map((term) => ({ value: term, label: t(`canvas.goalTerm.${term}`) }))}
          disabled={isReadOnly}
          {...form.field('goalTerm')}
        />
      </div>
      <DueDateField readOnly={isReadOnly} {...form.field('dueDate')} />
      <LinkPicker
        legend={t('canvas.form.linkedTakeaways')}
        options={takeawayChoices}
        selectedIds={linkedTakeawayIds}
        onChange={setLinkedTakeawayIds}
        {...linkPickerProps}
      />
      <LinkPicker
        legend={t('canvas.form.linkedActionPoints')}
        options={actionPointChoices}
        selectedIds={linkedActionPointIds}
        onChange={setLinkedActionPointIds}
        {...linkPickerProps}
      />
    </CanvasItemDialog>
  );
}
