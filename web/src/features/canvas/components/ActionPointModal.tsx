import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateActionPointRequest, type ActionPoint } from '../../../../../shared/contracts/canvas';
import { priorities } from '../../../../../shared/enums';
import { messageKeys } from '../../../../../shared/validation';
import { Button } from '../../../components/ui/Button';
import { TextArea, TextField } from '../../../components/ui/Field';
import { t } from '../../../messages/en-US';
import { useCompleteActionPoint } from '../api/complete-action-point';
import { useCreateActionPoint } from '../api/create-action-point';
import { useDeleteActionPoint } from '../api/delete-action-point';
import { useUpdateActionPoint } from '../api/update-action-point';
import {
  categoryIdRule,
  sharedFieldRules,
  hasChangedIds,
  useCanvasItemForm,
  useChosenCategory,
  type CanvasItemModalProps,
} from '../hooks/use-canvas-item-form';
import { goalOption, linkChoices, linkedItemOption, openLinkedGoals } from '../lib/links';
import { CanvasItemDialog } from './CanvasItemDialog';
import { CategorySelect, DueDateField, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';
import { SelectField } from '../../../components/ui/SelectField';
import { dueDateOfTyped, dueDateRule, typedDueDate } from '../lib/due-dates';

/** The action point form over the API schema (docs/product/canvas.md#validation). */
const ActionPointForm = z.object({
  categoryId: categoryIdRule,
  title: CreateActionPointRequest.shape.title,
  ...sharedFieldRules,
  assigneeId: z.string(),
  priority: z.enum(priorities, { error: messageKeys.invalidInput }),
  dueDate: dueDateRule,
});

type ActionPointModalProps = CanvasItemModalProps & {
  /** null: a new action point. */
  actionPoint: ActionPoint | null;
  fixedCategoryId?: number;
};

/**
 * Create and edit action point (docs/product/canvas.md#screens, #rules, #validation, #permissions): editable only for its
 * creator with edit rights and not while completed; anyone with edit rights ticks it off.
 * A completed action point with open linked goals says so.
 */
export function ActionPointModal({ scope, actionPoint, fixedCategoryId, onClose, progressTiming }: ActionPointModalProps) {
  const createActionPoint = useCreateActionPoint();
  const updateActionPoint = useUpdateActionPoint();
  const completeActionPoint = useCompleteActionPoint();
  const deleteActionPoint = useDeleteActionPoint();
  const [linkedGoalIds, setLinkedGoalIds] = useState<string[]>(actionPoint?.linkedGoalIds ?? []);

  const itemForm = useCanvasItemForm({
    kind: 'actionPoint',
    scope,
    item: actionPoint,
    isEditedByCreatorOnly: true,
    isClosed: actionPoint?.completed ?? false,
    schema: ActionPointForm,
    initialValues: ({ title, text, initiatorId }, userId) => ({
      categoryId: String(actionPoint?.categoryId ?? fixedCategoryId ?? ''),
      title,
      text,
      initiatorId,
      // The assignee starts as the user on any canvas, unlike the initiator.
      assigneeId: actionPoint ? (actionPoint.assigneeId ?? '') : userId,
      priority: actionPoint?.priority ?? 'NoPriority',
      dueDate: typedDueDate(actionPoint?.dueDate),
    }),
    save: (values, shared, version) => {
      const body = { ...shared, assigneeId: values.assigneeId || null, priority: values.priority, dueDate: dueDateOfTyped(values.dueDate), linkedGoalIds };
      return actionPoint
        ? updateActionPoint.mutateAsync({ id: actionPoint.id, ...body, version: version ?? actionPoint.version })
        : createActionPoint.mutateAsync({ ...body, categoryId: Number(values.categoryId) });
    },
    onClose,
    progressTiming,
    hasChangedLinks: hasChangedIds(actionPoint?.linkedGoalIds ?? [], linkedGoalIds),
  });
  const { form, people, isReadOnly } = itemForm;
  const isCategoryFixed = fixedCategoryId !== undefined || actionPoint !== null;

  const { category, linkPickerProps } = useChosenCategory(form.values.categoryId, isReadOnly);
  const goalChoices = linkChoices(category.data?.goals.map(goalOption) ?? [], linkedGoalIds, category.data?.linkedElsewhere.goals.map(linkedItemOption));
  const knownGoals = [
    ...(category.data?.goals ?? []),
    ...(category.data?.linkedElsewhere.goals ?? []).map((item) => ({ id: item.id, completed: item.isClosed })),
  ];
  const hasOpenGoals = actionPoint !== null && openLinkedGoals(actionPoint, knownGoals).length > 0;

  const toggleCompleted = async () => {
    if (!actionPoint) return;
    const completed = !actionPoint.completed;
    const isDone = await itemForm.runChange(
      (version) => completeActionPoint.mutateAsync({ id: actionPoint.id, completed, version }),
      completed ? t('canvas.actionPoint.success.complete') : t('canvas.actionPoint.success.uncomplete'),
    );
    if (isDone && completed) onClose();
  };

  return (
    <CanvasItemDialog
      itemForm={itemForm}
      testId="action-point-form"
      onDelete={actionPoint && itemForm.canDelete ? () => deleteActionPoint.mutateAsync(actionPoint.id) : undefined}
      notices={
        <>
          {actionPoint?.completed && <Notice>{t('canvas.actionPoint.completedBanner')}</Notice>}
          {actionPoint?.completed && hasOpenGoals && <Notice tone="warning">{t('canvas.actionPoint.openGoalsWarning')}</Notice>}
          {isReadOnly && !actionPoint?.completed && <Notice>{t('canvas.form.readOnly')}</Notice>}
        </>
      }
      actions={
        actionPoint &&
        itemForm.canEdit && (
          <Button variant="secondary" onClick={() => void toggleCompleted()} disabled={completeActionPoint.isPending}>
            {actionPoint.completed ? t('canvas.actionPoint.uncomplete') : t('canvas.actionPoint.complete')}
          </Button>
        )
      }
    >
      <CategorySelect
        categories={scope.categories}
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
        <PersonSelect
          label={t('canvas.form.initiator')}
          people={people.familyMembers}
          nameOf={people.nameOf}
          disabled={isReadOnly}
          {...form.field('initiatorId')}
        />
        <PersonSelect
          label={t('canvas.form.assignee')}
          people={people.assigneesIn(category.data?.sectionId)}
          nameOf={people.nameOf}
          disabled={isReadOnly}
          {...form.field('assigneeId')}
        />
        <SelectField
          label={t('canvas.form.priority')}
          options={priorities.map((priority) => ({ value: priority, label: t(`canvas.priority.${priority}`) }))}
          disabled={isReadOnly}
          {...form.field('priority')}
        />
      </div>
      <DueDateField readOnly={isReadOnly} {...form.field('dueDate')} />
      <LinkPicker legend={t('canvas.form.linkedGoals')} options={goalChoices} selectedIds={linkedGoalIds} onChange={setLinkedGoalIds} {...linkPickerProps} />
    </CanvasItemDialog>
  );
}
