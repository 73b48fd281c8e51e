import { familyOfContentId } from '../../../shared/canvas-ids';
import { canvasLimits } from '../../../shared/contracts/canvas';
import { messageKeys } from '../../../shared/validation';
import { contentKey, updateOp, type LinkableKind, type LinkField } from './items';
import type { UpdateSpec } from '../../lib/db/write';
import { fail } from '../../lib/errors';
import type { CanvasContext } from './context';
import type { Step } from './transaction';

/**
 * Links between takeaways, goals and action points (docs/product/canvas.md#rules): a takeaway links goals,
 * a goal links takeaways and action points, an action point links goals. Both sides hold
 * the link, and both change in the one transaction of the write. Only items of the same
 * canvas can be linked, and only open ones: no archived takeaway, no completed goal or
 * action point (INCORRECT_INPUT, 6, naming the field). An advisor limited to some
 * sections neither sees nor changes links into the others.
 */

/** The field on the other item that points back at an item of this kind. */
export const backLinkField: Record<LinkableKind, LinkField> = {
  takeaway: 'linkedTakeawayIds',
  goal: 'linkedGoalIds',
  actionPoint: 'linkedActionPointIds',
};

const closedAttribute: Record<LinkableKind, 'archived' | 'completed'> = {
  takeaway: 'archived',
  goal: 'completed',
  actionPoint: 'completed',
};

/** The link fields an item of each kind has, with the kind they point at. */
export const linkFieldsOf: Record<LinkableKind, ReadonlyArray<{ field: LinkField; targetKind: LinkableKind }>> = {
  takeaway: [{ field: 'linkedGoalIds', targetKind: 'goal' }],
  goal: [
    { field: 'linkedTakeawayIds', targetKind: 'takeaway' },
    { field: 'linkedActionPointIds', targetKind: 'actionPoint' },
  ],
  actionPoint: [{ field: 'linkedGoalIds', targetKind: 'goal' }],
};

export type LinkPlan = {
  field: LinkField;
  targetKind: LinkableKind;
  /** The item's own set after the write. */
  final: Set<string>;
  added: string[];
  removed: string[];
  changed: boolean;
};

function isClosed(item: { archived?: boolean; completed?: boolean }, kind: LinkableKind): boolean {
  return item[closedAttribute[kind]] === true;
}

const linkError = (field: LinkField, message: string) => fail('INCORRECT_INPUT', { errors: { [field]: [messageKeys.invalidInput] }, message });

/**
 * The new links of one field: the requested ids the caller can see, plus the existing
 * links the caller cannot see (kept untouched). `requested` undefined keeps the field.
 * Links that already exist may stay even if their target closed since.
 */
export function planLinks(
  context: CanvasContext,
  field: LinkField,
  targetKind: LinkableKind,
  requested: readonly string[] | undefined,
  existing: ReadonlySet<string> | undefined,
): LinkPlan {
  const before = new Set(existing ?? []);
  if (requested === undefined) return { field, targetKind, final: before, added: [], removed: [], changed: false };
  const targets = context.snapshot.contentMap(targetKind);
  const final = new Set<string>();
  for (const id of requested) {
    const target = familyOfContentId(id) === context.familyId ? targets.get(id) : undefined;
    if (!target || !context.canSee(target.sectionId)) throw linkError(field, `Cannot link ${id}: no such item on this canvas.`);
    if (isClosed(target, targetKind) && !before.has(id)) throw linkError(field, `Cannot link ${id}: archived and completed items cannot be linked.`);
    final.add(id);
  }
  for (const id of before) {
    const target = targets.get(id);
    // Links the caller cannot see stay; links to items that no longer exist go.
    if (target && !context.canSee(target.sectionId)) final.add(id);
  }
  if (final.size > canvasLimits.links) throw linkError(field, `At most ${canvasLimits.links} links.`);
  const added = [...final].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !final.has(id) && targets.has(id));
  const changed = added.length > 0 || removed.length > 0 || [...before].some((id) => !final.has(id));
  return { field, targetKind, final, added, removed, changed };
}

/** The own item's part of a link change: SET the new set, or REMOVE it when empty (DynamoDB has no empty sets). */
export function ownLinkUpdate(plans: readonly LinkPlan[]): Pick<UpdateSpec, 'set' | 'remove'> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const plan of plans) {
    if (!plan.changed) continue;
    if (plan.final.size) set[plan.field] = new Set(plan.final);
    else remove.push(plan.field);
  }
  return { set, remove };
}

/**
 * The other sides of a link change: each newly linked item gets this item's id (only while
 * it is open and under the link limit), each unlinked one loses it.
 */
export function otherSideSteps(familyId: number, ownKind: LinkableKind, ownId: string, plans: readonly LinkPlan[]): Step[] {
  const back = backLinkField[ownKind];
  const steps: Step[] = [];
  for (const plan of plans) {
    const closed = closedAttribute[plan.targetKind];
    for (const id of plan.added) {
      steps.push({
        op: updateOp(
          contentKey(familyId, plan.targetKind, id),
          { add: { [back]: new Set([ownId]) } },
          {
            expression: `#${closed} = :open AND (attribute_not_exists(#${back}) OR size(#${back}) < :maxLinks)`,
            values: { ':open': false, ':maxLinks': canvasLimits.links },
          },
        ),
        onConditionFailed: () => linkError(plan.field, `Cannot link ${id}: it was archived, completed, removed or has too many links.`),
      });
    }
    for (const id of plan.removed) {
      steps.push({
        op: updateOp(contentKey(familyId, plan.targetKind, id), { deleteFromSet: { [back]: new Set([ownId]) } }),
        onConditionFailed: () => 'retry',
      });
    }
  }
  return steps;
}

/** When an item is deleted: every item it links to, visible to the caller or not, loses the link. */
export function unlinkAllSteps(context: CanvasContext, kind: LinkableKind, item: { id: string } & Partial<Record<LinkField, Set<string>>>): Step[] {
  const back = backLinkField[kind];
  const steps: Step[] = [];
  for (const { field, targetKind } of linkFieldsOf[kind]) {
    for (const targetId of item[field] ?? []) {
      if (!context.snapshot.contentMap(targetKind).has(targetId)) continue;
      steps.push({
        op: updateOp(contentKey(context.familyId, targetKind, targetId), { deleteFromSet: { [back]: new Set([item.id]) } }),
        onConditionFailed: () => 'retry',
      });
    }
  }
  return steps;
}
