import { useState } from 'react';
import * as z from 'zod';
import { canvasLimits, CreateGoalRequest, type ActionPoint, type Goal, type LinkedItem, type Takeaway } from '../../../../../shared/contracts/canvas';
import { goalTerms, priorities } from '../../../../../shared/enums';
import { messageKeys } from '../../../../../shared/validation';
import { Button } from '../../../components/ui/Button';
import { TextArea, TextField } from '../../../components/ui/Field';
import { SelectField } from '../../../components/ui/SelectField';
import { t } from '../../../messages/en-US';
import { useItemWrites } from '../api/item-writes';
import { createActionPoint } from '../api/create-action-point';
import { createGoal } from '../api/create-goal';
import { createTakeaway } from '../api/create-takeaway';
import { updateActionPoint } from '../api/update-action-point';
import { updateGoal } from '../api/update-goal';
import { updateTakeaway } from '../api/update-takeaway';
import {
  categoryIdRule,
  sharedFieldRules,
  hasChangedIds,
  useCanvasItemForm,
  useChosenCategory,
  type CanvasItemModalProps,
  type SharedFieldsBody,
} from '../hooks/use-canvas-item-form';
import { dueDateOfTyped, dueDateRule, typedDueDate } from '../lib/due-dates';
import {
  actionPointOption,
  goalOption,
  linkChoices,
  linkedItemOption,
  openLinkedActionPoints,
  openLinkedGoals,
  takeawayOption,
  type LinkOption,
} from '../lib/links';
import { CanvasItemDialog } from './CanvasItemDialog';
import { CategorySelect, ChoiceDialog, DueDateField, Notice, PersonSelect } from './form-parts';
import { LinkPicker } from './LinkPicker';

/**
 * The item form over the API schemas (docs/product/canvas.md#validation): selects are strings here. Every kind holds every
 * field; a kind shows and sends only its own (a takeaway's category is the page's, so never missing).
 */
const ItemForm = z.object({
  categoryId: categoryIdRule,
  title: CreateGoalRequest.shape.title,
  ...sharedFieldRules,
  goalTerm: z.enum(goalTerms, { error: messageKeys.invalidInput }),
  assigneeId: z.string(),
  priority: z.enum(priorities, { error: messageKeys.invalidInput }),
  dueDate: dueDateRule,
});
type ItemValues = z.output<typeof ItemForm>;

/** Goals and action points choose their category; the category page fixes it (docs/product/canvas.md#validation). */
type ChosenCategory = { fixedCategoryId?: number };

/** The item to edit (null: a new one) and where it belongs. */
export type ItemModalProps = CanvasItemModalProps &
  (
    | ({ kind: 'goal'; item: Goal | null } & ChosenCategory)
    | ({ kind: 'actionPoint'; item: ActionPoint | null } & ChosenCategory)
    | {
        kind: 'takeaway';
        item: Takeaway | null;
        categoryId: number;
        /** The goals of the category, and goals elsewhere that its takeaways link to. */
        goals: readonly Goal[];
        goalsElsewhere: readonly LinkedItem[];
      }
  );

/** The lists an item links to: a goal links takeaways and action points, the others link goals. */
type LinkList = 'goals' | 'takeaways' | 'actionPoints';
type Links = Record<LinkList, string[]>;

const linkListsOf = { goal: ['takeaways', 'actionPoints'], actionPoint: ['goals'], takeaway: ['goals'] } as const;
const linkLegendOf = { goals: 'canvas.form.linkedGoals', takeaways: 'canvas.form.linkedTakeaways', actionPoints: 'canvas.form.linkedActionPoints' } as const;
const testIdOf = { goal: 'goal-form', actionPoint: 'action-point-form', takeaway: 'takeaway-form' } as const;

function savedLinks(props: ItemModalProps): Links {
  const links: Links = { goals: [], takeaways: [], actionPoints: [] };
  if (props.kind === 'goal') return { ...links, takeaways: props.item?.linkedTakeawayIds ?? [], actionPoints: props.item?.linkedActionPointIds ?? [] };
  return { ...links, goals: props.item?.linkedGoalIds ?? [] };
}

const isClosedItem = (item: Goal | ActionPoint | Takeaway | null): boolean => (item ? ('archived' in item ? item.archived : item.completed) : false);

/** The create or update call of the item, with the fields its kind sends. */
function saveCall(props: ItemModalProps, values: ItemValues, shared: SharedFieldsBody, links: Links, version: number | undefined) {
  const categoryId = Number(values.categoryId);
  const dueDate = dueDateOfTyped(values.dueDate);
  switch (props.kind) {
    case 'goal': {
      const { item } = props;
      const body = { ...shared, goalTerm: values.goalTerm, dueDate, linkedTakeawayIds: links.takeaways, linkedActionPointIds: links.actionPoints };
      return () => (item ? updateGoal({ id: item.id, ...body, version: version ?? item.version }) : createGoal({ ...body, categoryId }));
    }
    case 'actionPoint': {
      const { item } = props;
      const body = { ...shared, assigneeId: values.assigneeId || null, priority: values.priority, dueDate, linkedGoalIds: links.goals };
      return () => (item ? updateActionPoint({ id: item.id, ...body, version: version ?? item.version }) : createActionPoint({ ...body, categoryId }));
    }
    case 'takeaway': {
      const { item } = props;
      const body = { ...shared, linkedGoalIds: links.goals, categoryId: props.categoryId };
      return () => (item ? updateTakeaway({ id: item.id, ...body, version: version ?? item.version }) : createTakeaway(body));
    }
  }
}

/**
 * Create and edit a goal, action point or takeaway (docs/product/canvas.md#screens, #takeaways, #rules, #validation,
 * #permissions): title, description and initiator, and per kind its category, goal term or assignee and priority, due
 * date and linked items. Goals and action points are edited only by their creator with edit rights, takeaways by
 * everyone with edit rights; a completed or archived item opens read-only with a banner. Completing a goal with an open
 * linked action point, or archiving a takeaway with an open linked goal, asks first; completing or archiving closes the
 * modal. A modal keeps its kind while it is open.
 */
export function CanvasItemModal(props: ItemModalProps) {
  const { kind, item, scope, onClose, progressTiming } = props;
  const writes = useItemWrites(kind);
  const [isCloseAsked, setIsCloseAsked] = useState(false);
  const saved = savedLinks(props);
  const [links, setLinks] = useState(saved);
  const isClosed = isClosedItem(item);
  const fixedCategoryId = props.kind === 'takeaway' ? props.categoryId : props.fixedCategoryId;

  const itemForm = useCanvasItemForm({
    kind,
    scope,
    item,
    isEditedByCreatorOnly: kind !== 'takeaway',
    isClosed,
    schema: ItemForm,
    initialValues: ({ title, text, initiatorId }, userId) => ({
      categoryId: String(item?.categoryId ?? fixedCategoryId ?? ''),
      title,
      text,
      initiatorId,
      goalTerm: item && 'goalTerm' in item ? item.goalTerm : 'NoTerm',
      // The assignee starts as the user on any canvas, unlike the initiator.
      assigneeId: item && 'assigneeId' in item ? (item.assigneeId ?? '') : userId,
      priority: item && 'priority' in item ? item.priority : 'NoPriority',
      dueDate: typedDueDate(item && 'dueDate' in item ? item.dueDate : null),
    }),
    save: (values, shared, version) => writes.save.mutateAsync(saveCall(props, values, shared, links, version)),
    onClose,
    progressTiming,
    hasChangedLinks: linkListsOf[kind].some((list) => hasChangedIds(saved[list], links[list])),
  });
  const { form, people, isReadOnly, canEdit } = itemForm;
  const choosesCategory = props.kind !== 'takeaway';
  const isCategoryFixed = fixedCategoryId !== undefined || item !== null;

  // A takeaway's linkable goals come with the category page; the others' from the chosen category.
  const chosen = useChosenCategory(choosesCategory ? form.values.categoryId : '', isReadOnly);
  const linkable =
    props.kind === 'takeaway'
      ? { goals: props.goals.map(goalOption), takeaways: [], actionPoints: [], elsewhere: { goals: props.goalsElsewhere, takeaways: [], actionPoints: [] } }
      : {
          goals: chosen.category.data?.goals.map(goalOption) ?? [],
          takeaways: chosen.category.data?.takeaways.map(takeawayOption) ?? [],
          actionPoints: chosen.category.data?.actionPoints.map(actionPointOption) ?? [],
          elsewhere: chosen.category.data?.linkedElsewhere ?? { goals: [], takeaways: [], actionPoints: [] },
        };
  const linkPickerProps = props.kind === 'takeaway' ? { categoryId: props.categoryId, isReadOnly } : chosen.linkPickerProps;
  const known = (list: LinkList): LinkOption[] => [...linkable[list], ...linkable.elsewhere[list].map(linkedItemOption)];
  const asCompletable = (options: LinkOption[]) => options.map((option) => ({ id: option.id, completed: option.isClosed }));
  // docs/product/canvas.md#rules: a goal asks about its open action points, a takeaway and an action point about their open goals.
  const openLinked = !item
    ? []
    : 'linkedActionPointIds' in item
      ? openLinkedActionPoints(item, asCompletable(known('actionPoints')))
      : openLinkedGoals(item, asCompletable(known('goals')));

  const words =
    kind === 'takeaway'
      ? {
          close: t('canvas.takeaway.archive'),
          reopen: t('canvas.takeaway.unarchive'),
          closed: t('canvas.takeaway.success.archive'),
          reopened: t('canvas.takeaway.success.unarchive'),
          banner: t('canvas.takeaway.archivedBanner'),
          // Archiving has its own failure text: nothing in the form is to blame.
          failure: t('canvas.takeaway.error.archive'),
          ask: {
            title: t('canvas.takeaway.archiveConfirm.title'),
            lines: [t('canvas.takeaway.archiveConfirm.text')],
            confirm: t('canvas.takeaway.archiveConfirm.confirm'),
          },
        }
      : {
          close: t(`canvas.${kind}.complete`),
          reopen: t(`canvas.${kind}.uncomplete`),
          closed: t(`canvas.${kind}.success.complete`),
          reopened: t(`canvas.${kind}.success.uncomplete`),
          banner: t(`canvas.${kind}.completedBanner`),
          failure: undefined,
          // An action point never asks.
          ask: {
            title: t('canvas.goal.completeConfirm.title'),
            lines: [t('canvas.goal.completeConfirm.line1'), t('canvas.goal.completeConfirm.line2')],
            confirm: t('canvas.goal.completeConfirm.confirm'),
          },
        };

  const setClosed = async (closed: boolean) => {
    if (!item) return;
    setIsCloseAsked(false);
    const isDone = await itemForm.runChange(
      (version) => writes.setClosed.mutateAsync({ id: item.id, closed, version }),
      closed ? words.closed : words.reopened,
      words.failure,
    );
    // A takeaway's modal closes when it is brought back too.
    if (isDone && (closed || kind === 'takeaway')) onClose();
  };

  const onToggleClosed = () => {
    if (isClosed) return void setClosed(false);
    if (kind !== 'actionPoint' && openLinked.length > 0) setIsCloseAsked(true);
    else void setClosed(true);
  };

  const setLinksOf = (list: LinkList) => (ids: string[]) => setLinks((current) => ({ ...current, [list]: ids }));
  const initiator = (
    <PersonSelect
      label={t('canvas.form.initiator')}
      people={people.familyMembers}
      nameOf={people.nameOf}
      disabled={isReadOnly}
      {...form.field('initiatorId')}
    />
  );

  return (
    <CanvasItemDialog
      itemForm={itemForm}
      testId={testIdOf[kind]}
      onDelete={item && itemForm.canDelete ? () => writes.remove.mutateAsync(item.id) : undefined}
      notices={
        <>
          {isClosed && <Notice>{words.banner}</Notice>}
          {kind === 'actionPoint' && isClosed && openLinked.length > 0 && <Notice tone="warning">{t('canvas.actionPoint.openGoalsWarning')}</Notice>}
          {(kind === 'takeaway' ? !canEdit : isReadOnly && !isClosed) && <Notice>{t('canvas.form.readOnly')}</Notice>}
        </>
      }
      actions={
        item &&
        canEdit && (
          <Button variant="secondary" onClick={onToggleClosed} disabled={writes.setClosed.isPending || (kind === 'goal' && chosen.category.isPending)}>
            {isClosed ? words.reopen : words.close}
          </Button>
        )
      }
      dialogs={
        kind !== 'actionPoint' && (
          <ChoiceDialog
            isOpen={isCloseAsked}
            title={words.ask.title}
            lines={words.ask.lines}
            confirmLabel={words.ask.confirm}
            onConfirm={() => void setClosed(true)}
            onClose={() => setIsCloseAsked(false)}
          />
        )
      }
    >
      {choosesCategory && (
        <CategorySelect
          categories={scope.categories}
          disabled={isReadOnly || isCategoryFixed}
          {...form.field('categoryId')}
          onChange={(event) => {
            form.setValue('categoryId', event.target.value);
            setLinks({ goals: [], takeaways: [], actionPoints: [] });
          }}
        />
      )}
      <TextField label={t('canvas.form.title')} required readOnly={isReadOnly} maxLength={canvasLimits.title} {...form.field('title')} />
      <TextArea label={t('canvas.form.text')} rows={3} readOnly={isReadOnly} maxLength={canvasLimits.text} {...form.field('text')} />
      {kind === 'takeaway' && initiator}
      {kind === 'goal' && (
        <div className="grid gap-4 sm:grid-cols-2">
          {initiator}
          <SelectField
            label={t('canvas.form.goalTerm')}
            options={goalTerms.map((term) => ({ value: term, label: t(`canvas.goalTerm.${term}`) }))}
            disabled={isReadOnly}
            {...form.field('goalTerm')}
          />
        </div>
      )}
      {kind === 'actionPoint' && (
        <div className="grid gap-4 sm:grid-cols-3">
          {initiator}
          <PersonSelect
            label={t('canvas.form.assignee')}
            people={people.assigneesIn(chosen.category.data?.sectionId)}
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
      )}
      {choosesCategory && <DueDateField readOnly={isReadOnly} {...form.field('dueDate')} />}
      {linkListsOf[kind].map((list) => (
        <LinkPicker
          key={list}
          legend={t(linkLegendOf[list])}
          options={linkChoices(linkable[list], links[list], linkable.elsewhere[list].map(linkedItemOption))}
          selectedIds={links[list]}
          onChange={setLinksOf(list)}
          {...linkPickerProps}
        />
      ))}
    </CanvasItemDialog>
  );
}
