import { anotherAdvisorId } from '../../../../../shared/another-advisor';
import type { HistoryAction, HistoryEvent, HistoryItemType } from '../../../../../shared/contracts/history';
import { t, type MessageKey } from '../../../messages/en-US';

/** Items a reader can open on the canvas (the others are settings of the whole canvas). */
const contentTypes: ReadonlySet<HistoryItemType> = new Set(['answer', 'takeaway', 'goal', 'actionPoint']);

export function isContentEvent(event: Pick<HistoryEvent, 'itemType'>): boolean {
  return contentTypes.has(event.itemType);
}

/**
 * An undo or a restore: undoing it again is a redo, never what Ctrl+Z means. A restored
 * version ("Restore this version") is a change like an edit: Ctrl+Z undoes it.
 */
export function isRevertEvent(event: Pick<HistoryEvent, 'action' | 'revertsEventId'>): boolean {
  if (event.action === 'versionRestored') return false;
  return event.revertsEventId !== null || event.action === 'reverted' || event.action === 'restored';
}

export function actorName(event: Pick<HistoryEvent, 'actor'>, userId: string | null): string {
  if (event.actor.userId === userId) return t('history.you');
  if (event.actor.userId === anotherAdvisorId) return t('history.anotherAdvisor');
  return `${event.actor.firstName} ${event.actor.lastName}`.trim() || t('history.someone');
}

export function initialsOf(event: Pick<HistoryEvent, 'actor'>): string {
  return `${event.actor.firstName.charAt(0)}${event.actor.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** What happened, without who: "deleted the goal "Fund the foundation"". */
export function describeChange(event: Pick<HistoryEvent, 'action' | 'itemType' | 'title'>): string {
  const title = event.title;
  if (event.itemType === 'canvas') {
    if (event.action === 'reset') return t('history.event.reset');
    if (event.action === 'reverted') return t('history.event.canvasReverted', { title });
    return t('history.event.titleChanged', { title });
  }
  if (event.itemType === 'shares') {
    if (event.action === 'relationEnded') return t('history.event.relationEnded', { title });
    return t(event.action === 'reverted' ? 'history.event.sharesReverted' : 'history.event.sharesChanged', { title });
  }
  if (event.itemType === 'advisor') {
    const key: MessageKey =
      event.action === 'advisorAdded'
        ? 'history.event.advisorAdded'
        : event.action === 'advisorRemoved'
          ? 'history.event.advisorRemoved'
          : 'history.event.advisorChanged';
    return t(key, { title });
  }
  const type = t(`history.type.${event.itemType as 'answer' | 'takeaway' | 'goal' | 'actionPoint'}`);
  return t(`history.event.${contentAction(event.action)}`, { type, title });
}

type ContentAction = Exclude<
  HistoryAction,
  'titleChanged' | 'reset' | 'sharesChanged' | 'advisorAdded' | 'advisorChanged' | 'advisorRemoved' | 'relationEnded'
>;

function contentAction(action: HistoryAction): ContentAction {
  switch (action) {
    case 'titleChanged':
    case 'reset':
    case 'sharesChanged':
    case 'advisorAdded':
    case 'advisorChanged':
    case 'advisorRemoved':
    case 'relationEnded':
      return 'updated';
    default:
      return action;
  }
}

/** "Maria Rivera deleted the goal …" or "You deleted …". */
export function describeEvent(event: HistoryEvent, userId: string | null): string {
  return `${actorName(event, userId)} ${describeChange(event)}`;
}

/**
 * The user's own change that Ctrl+Z undoes: the newest of their events (newest first)
 * that is not itself an undo and was not undone yet. Following the undos back gives a
 * multi-step undo; events of another person never qualify.
 */
export function latestUndoable(events: readonly HistoryEvent[], userId: string): HistoryEvent | null {
  const undone = new Set<string>();
  const undoneBatches = new Set<string>();
  const byId = new Map(events.map((event) => [event.id, event]));
  for (const event of events) {
    // An ended work relation is not undone (a new invitation starts a new one).
    if (event.actor.userId !== userId || event.action === 'relationEnded') continue;
    if (isRevertEvent(event)) {
      if (event.revertsEventId) {
        undone.add(event.revertsEventId);
        const original = byId.get(event.revertsEventId);
        if (original) undoneBatches.add(original.batchId);
      }
      continue;
    }
    if (undone.has(event.id) || undoneBatches.has(event.batchId)) continue;
    return event;
  }
  return null;
}
