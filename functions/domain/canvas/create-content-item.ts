import { contentIdOf, familyOfCategoryId } from '../../../shared/canvas-ids';
import type { ActionPoint, CreateActionPointRequest, CreateGoalRequest, CreateTakeawayRequest, Goal, Takeaway } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation-keys';
import { now } from '../../lib/clock';
import { contentRecord, putOp, type ActionPointItem, type GoalItem, type LinkableKind, type TakeawayItem } from '../../records/items';
import { newId } from '../../lib/db/keys';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { journalOf, loadCanvas, requireEditRights, requireVisibleCategory, type CanvasContext, runSteps, withCanvasRetry } from './context';
import { contentEntry } from '../../records/journal-recording';
import { otherSideSteps, planLinks, type LinkPlan, initiatorNamesOf, resolveAssignee, resolveInitiator } from './references';
import { toActionPoint, toGoal, toTakeaway } from './views';

/**
 * The create operations of takeaways, goals and action points (one per kind, below), which
 * share one flow (createInCategory) and differ only in their own fields and links.
 */

type LinkableItem = TakeawayItem | GoalItem | ActionPointItem;

/** What the create routes of takeaways, goals and action points all take. */
export type NewItemInput = { categoryId: number; title: string; text?: string | null; initiatorId?: string | null };

/** The fields every new takeaway, goal and action point starts with. */
type CommonFields = 'id' | 'categoryId' | 'sectionId' | 'title' | 'text' | 'initiatorId' | 'createdByUserId' | 'createdAt' | 'version';

/** A kind's own part of a new item: its fields (type, term, priority, links…) and its link plans. */
export type OwnPart<I extends LinkableItem> = { fields: Omit<I, CommonFields>; links: LinkPlan[] };

/**
 * Creates a takeaway, goal or action point in a category (docs/product/canvas.md#rules, #validation), the flow they
 * share: the path's category is the body's (2); edit rights (8) in a category the caller
 * can see (4); the kind's own fields and link plans (`ownPart`); the initiator a family
 * member (2); then one transaction that puts the item, proves the initiator and links the
 * other sides — planned again on a fresh read when the canvas changed meanwhile.
 */
export async function createInCategory<I extends LinkableItem>(
  session: Session,
  kind: LinkableKind,
  categoryId: number,
  input: NewItemInput,
  ownPart: (context: CanvasContext, initiatorId: string | null) => OwnPart<I> | Promise<OwnPart<I>>,
): Promise<{ context: CanvasContext; item: I }> {
  if (input.categoryId !== categoryId) throw fail('INCORRECT_INPUT', { errors: { categoryId: [messageKeys.invalidInput] } });
  const familyId = familyOfCategoryId(categoryId);
  if (familyId === undefined) throw fail('INCORRECT_INPUT');
  return withCanvasRetry(async () => {
    const context = await loadCanvas(session, familyId);
    const category = requireVisibleCategory(context, categoryId);
    requireEditRights(context);
    const id = contentIdOf(familyId, newId());
    const initiator = resolveInitiator(context, input.initiatorId);
    const own = await ownPart(context, initiator.initiatorId);
    const item = {
      ...own.fields,
      id,
      categoryId,
      sectionId: category.sectionId,
      title: input.title,
      text: input.text ?? null,
      initiatorId: initiator.initiatorId,
      createdByUserId: context.userId,
      createdAt: now().toISOString(),
      version: 1,
    } as I;
    await runSteps(
      [
        { op: putOp(contentRecord(familyId, item), { mustBeNew: true }), onConditionFailed: () => 'retry' },
        ...initiator.steps,
        ...otherSideSteps(familyId, kind, id, own.links),
      ],
      journalOf(context, contentEntry('created', null, item)),
    );
    return { context, item };
  });
}

/**
 * Creates a takeaway in a category (docs/product/canvas.md#rules, #validation; the shared rules in createInCategory):
 * the linked goals open items of this canvas (6, on linkedGoalIds), linked on both sides
 * in the same transaction; the initiator's names are kept beside the id.
 */
export async function createTakeaway(session: Session, categoryId: number, input: CreateTakeawayRequest): Promise<Takeaway> {
  const { context, item } = await createInCategory<TakeawayItem>(session, 'takeaway', categoryId, input, async (context, initiatorId) => {
    const links = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    const initiator = await initiatorNamesOf(context, initiatorId);
    return {
      fields: { type: 'Takeaway', archived: false, ...(initiator ? { initiator } : {}), ...(links.final.size ? { linkedGoalIds: links.final } : {}) },
      links: [links],
    };
  });
  return toTakeaway(context, item);
}

/**
 * Creates a goal in a category (docs/product/canvas.md#rules, #validation; the shared rules in createInCategory):
 * linked takeaways unarchived and linked action points uncompleted items of this canvas
 * (6), linked on both sides in the same transaction. The term defaults to NoTerm.
 */
export async function createGoal(session: Session, categoryId: number, input: CreateGoalRequest): Promise<Goal> {
  const { context, item } = await createInCategory<GoalItem>(session, 'goal', categoryId, input, (context) => {
    const takeawayLinks = planLinks(context, 'linkedTakeawayIds', 'takeaway', input.linkedTakeawayIds ?? [], undefined);
    const actionPointLinks = planLinks(context, 'linkedActionPointIds', 'actionPoint', input.linkedActionPointIds ?? [], undefined);
    return {
      fields: {
        type: 'Goal',
        goalTerm: input.goalTerm ?? 'NoTerm',
        dueDate: input.dueDate ?? null,
        completed: input.completed ?? false,
        ...(takeawayLinks.final.size ? { linkedTakeawayIds: takeawayLinks.final } : {}),
        ...(actionPointLinks.final.size ? { linkedActionPointIds: actionPointLinks.final } : {}),
      },
      links: [takeawayLinks, actionPointLinks],
    };
  });
  return toGoal(context, item);
}

/**
 * Creates an action point in a category (docs/product/canvas.md#rules, #validation; the shared rules in
 * createInCategory): the assignee a canvas member who can see the section, or nobody (2); linked goals uncompleted
 * goals of this canvas (6), linked on both sides in the same transaction. The priority
 * defaults to NoPriority, the assignee to the caller.
 */
export async function createActionPoint(session: Session, categoryId: number, input: CreateActionPointRequest): Promise<ActionPoint> {
  const { context, item } = await createInCategory<ActionPointItem>(session, 'actionPoint', categoryId, input, async (context) => {
    const goalLinks = planLinks(context, 'linkedGoalIds', 'goal', input.linkedGoalIds ?? [], undefined);
    return {
      fields: {
        type: 'ActionPoint',
        assigneeId: await resolveAssignee(context, input.assigneeId, context.snapshot.categories.get(categoryId)!.sectionId),
        priority: input.priority ?? 'NoPriority',
        dueDate: input.dueDate ?? null,
        completed: input.completed ?? false,
        ...(goalLinks.final.size ? { linkedGoalIds: goalLinks.final } : {}),
      },
      links: [goalLinks],
    };
  });
  return toActionPoint(context, item);
}
