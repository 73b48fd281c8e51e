import { describe, expect, it } from 'vitest';
import { aGoal, anActionPoint } from '../testing/fixtures';
import { categoryColor, categoryHighlight } from './colors';
import { highlightOf, linkChoices, openLinkedActionPoints, openLinkedGoals, type LinkOption } from './links';

const option = (id: string, isClosed = false): LinkOption => ({ id, title: id, categoryId: 1, isClosed });

describe('links (docs/product/canvas.md#rules, #validation)', () => {
  it('offers the linked items first, then only the open ones not linked yet', () => {
    const candidates = [option('a'), option('b', true), option('c'), option('d', true)];
    expect(linkChoices(candidates, ['d', 'x']).map((choice) => choice.id)).toEqual(['d', 'a', 'c']);
    expect(linkChoices(candidates, ['x'], [option('x', true)]).map((choice) => choice.id)).toEqual(['x', 'a', 'c']);
  });

  it('finds the open linked action points of a goal and the open linked goals of a takeaway', () => {
    const open = anActionPoint();
    const done = anActionPoint({ completed: true });
    expect(openLinkedActionPoints(aGoal({ linkedActionPointIds: [open.id, done.id] }), [open, done])).toEqual([open.id]);
    expect(openLinkedActionPoints(aGoal({ linkedActionPointIds: [done.id] }), [open, done])).toEqual([]);
    const goal = aGoal();
    expect(openLinkedGoals({ linkedGoalIds: [goal.id] }, [goal])).toEqual([goal.id]);
    expect(openLinkedGoals({ linkedGoalIds: [goal.id] }, [{ ...goal, completed: true }])).toEqual([]);
  });

  it('lights up the linked goals of a takeaway and their action points', () => {
    const actionPoint = anActionPoint();
    const linked = aGoal({ linkedActionPointIds: [actionPoint.id] });
    const unlinked = aGoal({ linkedActionPointIds: ['other'] });
    const { goalIds, actionPointIds } = highlightOf({ linkedGoalIds: [linked.id] }, [linked, unlinked]);
    expect([...goalIds]).toEqual([linked.id]);
    expect([...actionPointIds]).toEqual([actionPoint.id]);
  });
});

describe('category colours (docs/product/limits.md#canvas-limits)', () => {
  it('falls back to grey and highlights at 10 percent', () => {
    expect(categoryColor('3a6ea5')).toBe('#3A6EA5');
    expect(categoryColor('nonsense')).toBe('#A5A5A5');
    expect(categoryHighlight('FF0000')).toBe('rgba(255, 0, 0, 0.1)');
  });
});
