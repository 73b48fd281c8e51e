import { useEffect, useState } from 'react';
import { lazyPart } from '../../../components/ui/lazy-dialog';
import type { ActionPoint, Goal } from '../../../../../shared/contracts/canvas';
import { t } from '../../../messages/en-US';
import { useCanvasPeople } from '../hooks/use-canvas-people';
import { actionPointColumns, goalColumns } from '../lib/grouping';
import type { CanvasScope } from '../lib/scope';
import { ItemBoard } from './ItemBoard';
import { DueDate } from './DueDate';
import { ItemCard, ItemOpenHint } from './ItemCard';

// The goal and action point forms (with the link picker) load when one is first opened.
const CanvasItemModal = lazyPart(() => import('./CanvasItemModal').then((module) => module.CanvasItemModal));

/** Which item form is open: a new one (item null) or an existing one, kept so a deleted item can finish its dialog. */
export type OpenItem = { kind: 'goal'; item: Goal | null } | { kind: 'actionPoint'; item: ActionPoint | null } | null;

type GoalsAndActionsProps = {
  scope: CanvasScope;
  goals: readonly Goal[];
  actionPoints: readonly ActionPoint[];
  /** The category page fixes the category of new items. */
  fixedCategoryId?: number;
  /** Ids lit up by the hover of a takeaway (category page). */
  highlight?: { goalIds: ReadonlySet<string>; actionPointIds: ReadonlySet<string> } | null;
  /** Board ids, so two pages' boards never share ids. */
  idPrefix?: string;
  /** A goal or action point a link asks to open (`?open=`); `onOpenedRequest` clears the request. */
  openRequestId?: string | null;
  onOpenedRequest?: () => void;
};

/**
 * The goals and the action points in columns (docs/product/canvas.md#goals-and-actions-tab), with
 * their create and edit modals. Used on the overview tab and on the category page.
 */
export function GoalsAndActions({
  scope,
  goals,
  actionPoints,
  fixedCategoryId,
  highlight,
  idPrefix = 'canvas',
  openRequestId,
  onOpenedRequest,
}: GoalsAndActionsProps) {
  const [open, setOpen] = useState<OpenItem>(null);
  useEffect(() => {
    if (!openRequestId) return;
    const goal = goals.find((item) => item.id === openRequestId);
    const actionPoint = actionPoints.find((item) => item.id === openRequestId);
    if (goal) setOpen({ kind: 'goal', item: goal });
    else if (actionPoint) setOpen({ kind: 'actionPoint', item: actionPoint });
    else return;
    onOpenedRequest?.();
  }, [openRequestId, goals, actionPoints, onOpenedRequest]);
  const people = useCanvasPeople(scope.familyId);
  const canEdit = scope.abilities.canEditCanvas;
  const colorOf = (categoryId: number) => scope.categories.find((category) => category.id === categoryId)?.colorCode ?? '';
  const categoryTitle = (categoryId: number) => scope.categories.find((category) => category.id === categoryId)?.title;
  const showCategory = fixedCategoryId === undefined;

  // The open item as the server has it now; the snapshot while it is gone (just deleted).
  const freshGoal = open?.kind === 'goal' && open.item ? (goals.find((goal) => goal.id === open.item?.id) ?? open.item) : null;
  const freshActionPoint = open?.kind === 'actionPoint' && open.item ? (actionPoints.find((item) => item.id === open.item?.id) ?? open.item) : null;

  const linkCount = (count: number) => (count > 0 ? <span>{t('canvas.item.linked', { count })}</span> : null);

  return (
    <div className="flex flex-col gap-10">
      <ItemOpenHint />
      <ItemBoard
        testId={`${idPrefix}-goals`}
        title={t('canvas.goals.title')}
        info={{ label: t('canvas.goals.infoLabel'), text: t('canvas.goals.info') }}
        addLabel={t('canvas.goals.add')}
        onAdd={canEdit ? () => setOpen({ kind: 'goal', item: null }) : null}
        columns={goalColumns(goals)}
        columnTitle={(term) => t(`canvas.goalTerm.${term}`)}
        emptyText={t('canvas.goals.empty')}
        itemKey={(goal) => goal.id}
        renderItem={(goal) => (
          <ItemCard
            title={goal.title}
            color={colorOf(goal.categoryId)}
            completed={goal.completed}
            isHighlighted={highlight?.goalIds.has(goal.id)}
            onOpen={() => setOpen({ kind: 'goal', item: goal })}
            testId="goal-card"
            item={goal}
            details={
              <>
                {showCategory && <span>{t('canvas.item.category', { title: categoryTitle(goal.categoryId) ?? '' })}</span>}
                <DueDate dueDate={goal.dueDate} isClosed={goal.completed} />
                {linkCount(goal.linkedTakeawayIds.length + goal.linkedActionPointIds.length)}
              </>
            }
          />
        )}
      />
      <ItemBoard
        testId={`${idPrefix}-action-points`}
        title={t('canvas.actionPoints.title')}
        info={{ label: t('canvas.actionPoints.infoLabel'), text: t('canvas.actionPoints.info') }}
        addLabel={t('canvas.actionPoints.add')}
        onAdd={canEdit ? () => setOpen({ kind: 'actionPoint', item: null }) : null}
        columns={actionPointColumns(actionPoints)}
        columnTitle={(priority) => t(`canvas.priority.${priority}`)}
        emptyText={t('canvas.actionPoints.empty')}
        itemKey={(actionPoint) => actionPoint.id}
        renderItem={(actionPoint) => {
          const assignee = people.nameOf(actionPoint.assigneeId);
          return (
            <ItemCard
              title={actionPoint.title}
              color={colorOf(actionPoint.categoryId)}
              completed={actionPoint.completed}
              isHighlighted={highlight?.actionPointIds.has(actionPoint.id)}
              onOpen={() => setOpen({ kind: 'actionPoint', item: actionPoint })}
              testId="action-point-card"
              item={actionPoint}
              details={
                <>
                  {showCategory && <span>{t('canvas.item.category', { title: categoryTitle(actionPoint.categoryId) ?? '' })}</span>}
                  {assignee && <span>{t('canvas.item.assignee', { name: assignee })}</span>}
                  <DueDate dueDate={actionPoint.dueDate} isClosed={actionPoint.completed} />
                  {linkCount(actionPoint.linkedGoalIds.length)}
                </>
              }
            />
          );
        }}
      />
      <>
        {open?.kind === 'goal' && (
          <CanvasItemModal kind="goal" scope={scope} item={freshGoal} fixedCategoryId={fixedCategoryId} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'actionPoint' && (
          <CanvasItemModal kind="actionPoint" scope={scope} item={freshActionPoint} fixedCategoryId={fixedCategoryId} onClose={() => setOpen(null)} />
        )}
      </>
    </div>
  );
}
