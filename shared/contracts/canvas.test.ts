import { describe, expect, it } from 'vitest';
import { CategoryIdPath, ContentIdPath, CreateActionPointRequest, CreateGoalRequest, CreateTakeawayRequest, UpdateCanvasTitleRequest } from './canvas';

const goalId = `7.${'b'.repeat(32)}`;

describe('canvas contracts', () => {
  it('trim titles and texts, and turn an empty description into null', () => {
    const parsed = CreateTakeawayRequest.parse({ title: '  Keep Sundays  ', text: '   ', categoryId: 7101, linkedGoalIds: [goalId, goalId] });
    expect(parsed).toEqual({ title: 'Keep Sundays', text: null, categoryId: 7101, linkedGoalIds: [goalId] });
  });

  it('require a title and refuse unknown fields', () => {
    const result = CreateTakeawayRequest.safeParse({ title: '   ', categoryId: 7101, color: 'red' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => (issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]));
    expect(paths).toEqual(expect.arrayContaining(['title', 'color']));
  });

  it('read none and null as NoTerm and NoPriority', () => {
    expect(CreateGoalRequest.parse({ title: 'Goal', categoryId: 7101, goalTerm: 'none' }).goalTerm).toBe('NoTerm');
    expect(CreateGoalRequest.parse({ title: 'Goal', categoryId: 7101, goalTerm: null }).goalTerm).toBe('NoTerm');
    expect(CreateGoalRequest.parse({ title: 'Goal', categoryId: 7101, goalTerm: 'MidTerm' }).goalTerm).toBe('MidTerm');
    expect(CreateGoalRequest.safeParse({ title: 'Goal', categoryId: 7101, goalTerm: 'Someday' }).success).toBe(false);
    expect(CreateActionPointRequest.parse({ title: 'Act', categoryId: 7101, priority: null }).priority).toBe('NoPriority');
    expect(CreateActionPointRequest.safeParse({ title: 'Act', categoryId: 7101, priority: 'Urgent' }).success).toBe(false);
  });

  it('accept only category ids, and content ids that carry a family', () => {
    expect(CategoryIdPath.parse({ id: '7101' })).toEqual({ id: 7101 });
    expect(CategoryIdPath.safeParse({ id: '7001' }).success).toBe(false);
    expect(CategoryIdPath.safeParse({ id: 'abc' }).success).toBe(false);
    expect(ContentIdPath.safeParse({ id: goalId }).success).toBe(true);
    expect(ContentIdPath.safeParse({ id: 'b'.repeat(32) }).success).toBe(false);
    expect(CreateGoalRequest.safeParse({ title: 'Goal', categoryId: 7003 }).success).toBe(false);
  });

  it('needs three characters for a canvas title', () => {
    expect(UpdateCanvasTitleRequest.safeParse({ title: ' ab ' }).success).toBe(false);
    expect(UpdateCanvasTitleRequest.parse({ title: ' Our Canvas ' })).toEqual({ title: 'Our Canvas' });
  });
});
