import { describe, expect, it } from 'vitest';
import { historyEvent, me, sofia } from '../testing/fixtures';
import { describeEvent, latestUndoable } from './events';

describe('latestUndoable', () => {
  it('is the newest own change, never someone else’s', () => {
    const mine = historyEvent({ title: 'Mine' });
    const theirs = historyEvent({ actor: sofia, title: 'Theirs' });
    expect(latestUndoable([theirs, mine], me.userId)).toBe(mine);
    expect(latestUndoable([theirs], me.userId)).toBeNull();
  });

  it('walks back over changes already undone, so a second Ctrl+Z undoes the one before', () => {
    const first = historyEvent({ title: 'First' });
    const second = historyEvent({ title: 'Second' });
    const undo = historyEvent({ action: 'reverted', revertsEventId: second.id, title: 'Second' });
    expect(latestUndoable([undo, second, first], me.userId)).toBe(first);
  });

  it('skips the rest of a batch that was undone as a whole (a reset)', () => {
    const reset = historyEvent({ action: 'reset', itemType: 'canvas', title: 'Our canvas' });
    const deleted = historyEvent({ action: 'deleted', batchId: reset.id });
    const earlier = historyEvent({ title: 'Earlier' });
    const undo = historyEvent({ action: 'reverted', revertsEventId: reset.id, itemType: 'shares' });
    // Newest first: the undo, then the reset's delete (written after the reset's own event).
    expect(latestUndoable([undo, deleted, reset, earlier], me.userId)).toBe(earlier);
  });
});

describe('describeEvent', () => {
  it('names who did what to which item, "You" for oneself', () => {
    expect(describeEvent(historyEvent({ action: 'deleted', actor: sofia }), me.userId)).toBe('Sofia Rivera deleted the goal “Set up a family trust”');
    expect(describeEvent(historyEvent({ action: 'created', itemType: 'actionPoint', title: 'Call the notary' }), me.userId)).toBe(
      'You added the action point “Call the notary”',
    );
    expect(describeEvent(historyEvent({ action: 'reset', itemType: 'canvas' }), me.userId)).toBe('You reset the canvas');
  });
});
