import { beforeAll, describe, expect, it, vi } from 'vitest';
import { canSeeSection, type CanvasAccess } from '../../../shared/permissions';
import type { GoalItem } from '../../records/items';
import { otherSideSteps, planLinks } from './references';
import { transactItemOf, type Write } from '../../lib/db/table';
import { resetConfigForTests } from '../../lib/config';
import { type CanvasContext } from './context';
import { CanvasSnapshot } from './context';
import { sectionAdvisorAccess } from './testing/access';

beforeAll(() => {
  // Transaction items name the table; no table is touched here.
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'unit',
    APP_URL: 'http://localhost',
    MAIL_FROM: 'a@b.c',
    CONTACT_TO: 'a@b.c',
    SERVER_SECRET: 'unit',
  })) {
    vi.stubEnv(name, value);
  }
  resetConfigForTests();
  return () => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  };
});

const id = (n: number) => `5.${String(n).padStart(32, '0')}`;
const goal = (n: number, sectionId: number, completed = false): GoalItem => ({
  type: 'Goal',
  id: id(n),
  categoryId: 5101,
  sectionId,
  title: `Goal ${n}`,
  text: null,
  initiatorId: null,
  goalTerm: 'NoTerm',
  completed,
  createdByUserId: 'u',
  createdAt: '2025-01-01',
  version: 1,
});

function contextWith(goals: GoalItem[], sharedSectionIds: number[]): CanvasContext {
  const snapshot = CanvasSnapshot.fromItems(goals.map((g) => ({ PK: 'CANVAS#5', SK: `C#GOAL#${g.id}`, ...g })));
  const access: CanvasAccess = sectionAdvisorAccess(sharedSectionIds);
  return {
    familyId: 5,
    userId: 'u',
    access,
    snapshot,
    canSee: (sectionId) => canSeeSection(access, sectionId),
    actor: () => Promise.reject(new Error('planning writes no event')),
  };
}

describe('link planning', () => {
  const context = contextWith([goal(1, 5001), goal(2, 5002), goal(3, 5001, true), goal(4, 5001)], [5001]);

  it('keeps links the caller cannot see and changes only the visible ones', () => {
    const plan = planLinks(context, 'linkedGoalIds', 'goal', [id(4)], new Set([id(1), id(2)]));
    expect([...plan.final].sort()).toEqual([id(2), id(4)]);
    expect(plan.added).toEqual([id(4)]);
    expect(plan.removed).toEqual([id(1)]);
  });

  it('refuses hidden, unknown, foreign and completed targets with 6 on the field', () => {
    for (const target of [id(2), id(99), `6.${'0'.repeat(32)}`, id(3)]) {
      expect(() => planLinks(context, 'linkedGoalIds', 'goal', [target], undefined), target).toThrowError(
        expect.objectContaining({ errorName: 'INCORRECT_INPUT', errors: { linkedGoalIds: ['forms.errorMessages.invalidInput'] } }),
      );
    }
  });

  it('lets an existing link to a since-completed item stay, and drops links to vanished items', () => {
    const plan = planLinks(context, 'linkedGoalIds', 'goal', [id(3)], new Set([id(3), id(77)]));
    expect([...plan.final]).toEqual([id(3)]);
    expect(plan.added).toEqual([]);
    expect(plan.removed).toEqual([]);
    expect(plan.changed).toBe(true);
  });

  it('leaves the field alone when no list is sent', () => {
    const plan = planLinks(context, 'linkedGoalIds', 'goal', undefined, new Set([id(1)]));
    expect(plan.changed).toBe(false);
    expect(otherSideSteps(5, 'takeaway', id(50), [plan])).toEqual([]);
  });

  it('conditions a new link on the other side being open and under the limit', () => {
    const plan = planLinks(context, 'linkedGoalIds', 'goal', [id(1)], undefined);
    const [step] = otherSideSteps(5, 'takeaway', id(50), [plan]);
    const request = step ? transactItemOf(step.op as Write) : undefined;
    expect(request?.Update?.ConditionExpression).toContain('#completed = :open');
    expect(request?.Update?.UpdateExpression).toMatch(/#linkedTakeawayIds :v\d+/);
  });
});
