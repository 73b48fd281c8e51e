import { describe, expect, it, vi } from 'vitest';
import type { HistoryEvent } from '../../shared/contracts/history';
import { canvasTemplateRecords } from '../domain/canvas/create-canvas';
import { keys } from '../lib/db/keys';
import { transactItemOf, type Write } from '../lib/db/table';
import { CanvasSnapshot } from '../domain/canvas/context';
import { changesSince, hasChangesSince, summaryFromRecord, summaryOf, summaryRecordOf, summaryRebuildOf, takeawaysPerCategory } from './canvas-summary';

// Planning a write needs only the table's name; nothing here talks to DynamoDB.
vi.mock('../lib/db/client', () => ({
  tableName: () => 'family-canvas-test',
  db: () => {
    throw new Error('no DynamoDB in a unit test');
  },
}));

const familyId = 7;
const owner = 'a0000000000000000000000000000001';
const other = 'b0000000000000000000000000000002';
const category = familyId * 1000 + 101;
const section = familyId * 1000 + 1;
const meta = { SK: 'C#META', type: 'Canvas', familyId, title: 'Seven Canvas', createdAt: '2026-01-01T00:00:00.000Z', createdByUserId: owner };

function takeaway(n: number, extra: Record<string, unknown> = {}) {
  return {
    ...keys.takeaway(familyId, `${familyId}.${String(n).padStart(32, '0')}`),
    type: 'Takeaway',
    id: `${familyId}.${String(n).padStart(32, '0')}`,
    categoryId: category,
    sectionId: section,
    createdByUserId: owner,
    createdAt: `2026-01-0${n}T00:00:00.000Z`,
    version: 1,
    title: `Takeaway ${n}`,
    text: null,
    initiatorId: null,
    archived: false,
    ...extra,
  };
}

/** A canvas with a stored summary (as runSteps finds it) and the given content. */
function canvasWith(content: Array<Record<string, unknown>>): CanvasSnapshot {
  const records = [meta, ...canvasTemplateRecords(familyId, owner), ...content];
  const summary = summaryRecordOf(summaryOf(familyId, CanvasSnapshot.fromItems(records)), 4);
  return CanvasSnapshot.fromItems([...records, summary]);
}

function event(
  itemId: string,
  itemType: HistoryEvent['itemType'],
  after: Record<string, unknown> | null,
  before: Record<string, unknown> | null = null,
): HistoryEvent {
  return {
    id: 'e1',
    createdDate: '2026-02-01T10:00:00.000Z',
    familyId,
    actor: { userId: other, firstName: 'O', lastName: 'T', entityId: familyId, entityName: 'Seven', entityTypeId: 1 },
    action: after ? 'updated' : 'deleted',
    itemType,
    itemId,
    sectionId: section,
    categoryId: category,
    title: 'x',
    batchId: 'e1',
    revertsEventId: null,
    before,
    after,
  };
}

/** The request a summary write becomes (functions/lib/db/table.ts builds every expression). */
const built = (write: Write | undefined) => (write ? transactItemOf(write) : undefined);

describe('the dashboard summary rebuilt after canvas writes', () => {
  it('lists the first active takeaway of a category and counts them all', () => {
    const summary = summaryOf(
      familyId,
      CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), takeaway(1, { archived: true }), takeaway(2), takeaway(3)]),
    );
    expect(summary.takeaways.map((item) => item.title)).toEqual(['Takeaway 2', 'Takeaway 3'].slice(0, takeawaysPerCategory));
    expect(summary.takeawayCounts[category]).toBe(2);
    expect(summary.sections).toHaveLength(7);
  });

  it('is rebuilt after a delete with the deleter still marked in the section (the item is gone, the change is not)', () => {
    const first = takeaway(1);
    const stored = canvasWith([first]).summary!;
    const afterDelete = CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), summaryRecordOf(stored, stored.rev)]);
    const rebuild = summaryRebuildOf(familyId, afterDelete, [event(first.id, 'takeaway', null, first)]);
    if (!('put' in rebuild)) throw new Error('expected a write');
    expect(rebuild.summary.takeawayCounts[category]).toBeUndefined();
    expect(rebuild.summary.sectionChanges[section]).toEqual({ [owner]: first.createdAt, [other]: '2026-02-01T10:00:00.000Z' });
    // Again with the same events (a stream batch delivered twice): nothing to write.
    const again = summaryRebuildOf(
      familyId,
      CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), summaryRecordOf(rebuild.summary, rebuild.summary.rev)]),
      [event(first.id, 'takeaway', null, first)],
    );
    expect('current' in again).toBe(true);
  });

  it('is put on the rev it read, and whole on its absence', () => {
    const first = takeaway(1);
    const renamed = { ...first, title: 'Renamed', version: 2 };
    const stored = canvasWith([first]).summary!;
    const rebuild = summaryRebuildOf(
      familyId,
      CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), renamed, summaryRecordOf(stored, 4)]),
    );
    if (!('put' in rebuild)) throw new Error('expected a write');
    const request = built(rebuild.put);
    expect(request?.Put?.ConditionExpression).toBe('#rev = :rev');
    expect(request?.Put?.ExpressionAttributeValues).toMatchObject({ ':rev': 4 });
    // The card's lists are one stored string (summary.ts encodeCard): read back as the code reads them.
    expect(summaryFromRecord(request?.Put?.Item ?? {}).takeaways[0]?.title).toBe('Renamed');

    const created = summaryRebuildOf(familyId, CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), first]));
    if (!('put' in created)) throw new Error('expected a write');
    expect(built(created.put)?.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(created.summary.takeawayCounts[category]).toBe(1);
  });

  it('records the newest event it was built after: a newer one alone is written, not counted as a change of the card', () => {
    const first = takeaway(1);
    const items = [meta, ...canvasTemplateRecords(familyId, owner), first];
    const stored = { ...canvasWith([first]).summary!, throughEventId: 'a' };
    const record = summaryRecordOf(stored, 2);
    const same = summaryRebuildOf(familyId, CanvasSnapshot.fromItems([...items, record]), [], 'a');
    expect('current' in same).toBe(true);
    const behind = summaryRebuildOf(familyId, CanvasSnapshot.fromItems([...items, record]), [], 'b');
    if (!('put' in behind)) throw new Error('expected a write');
    expect(behind).toMatchObject({ changed: false, summary: { throughEventId: 'b' } });
    // An older id never moves the mark back.
    expect('current' in summaryRebuildOf(familyId, CanvasSnapshot.fromItems([...items, record]), [], '0')).toBe(true);
    const renamed = summaryRebuildOf(familyId, CanvasSnapshot.fromItems([...items.slice(0, -1), { ...first, title: 'Renamed' }, record]), [], 'a');
    expect(renamed).toMatchObject({ changed: true });
  });

  it('reads its stored card back with votes and links as sets, as the dashboard shows them', () => {
    const goalId = `${familyId}.${'9'.padStart(32, '0')}`;
    const voted = takeaway(1, { voterIds: new Set([other, owner]), linkedGoalIds: new Set([goalId]) });
    const goal = {
      ...takeaway(2),
      ...keys.goal(familyId, goalId),
      type: 'Goal',
      id: goalId,
      title: 'A goal',
      linkedTakeawayIds: new Set([voted.id]),
    };
    const stored = summaryRecordOf(summaryOf(familyId, CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), voted, goal])), 1);
    const read = summaryFromRecord(JSON.parse(JSON.stringify(stored)) as Record<string, unknown>);
    expect(read.takeaways[0]?.voterIds).toEqual(new Set([owner, other]));
    expect(read.takeaways[0]?.linkedGoalIds).toEqual(new Set([goalId]));
    expect(read.linkedGoals.map((item) => item.id)).toEqual([goalId]);
    expect(read.sections).toHaveLength(7);
  });

  it('counts changes by others after a visit in the sections the reader sees', () => {
    const summary = summaryOf(
      familyId,
      CanvasSnapshot.fromItems([
        meta,
        ...canvasTemplateRecords(familyId, owner),
        takeaway(1),
        takeaway(2, { changedAt: '2026-03-01T00:00:00.000Z', changedByUserId: other }),
      ]),
    );
    const everywhere = () => true;
    expect(changesSince(summary, '', other, everywhere)).toBe(1);
    expect(changesSince(summary, '', owner, everywhere)).toBe(1);
    expect(changesSince(summary, '2026-02-01T00:00:00.000Z', owner, everywhere)).toBe(1);
    expect(changesSince(summary, '2026-03-02T00:00:00.000Z', owner, everywhere)).toBe(0);
    expect(changesSince(summary, '', owner, () => false)).toBe(0);
    expect(hasChangesSince(summary, '2026-02-01T00:00:00.000Z', owner, everywhere)).toBe(true);
    expect(hasChangesSince(summary, '2026-02-01T00:00:00.000Z', other, everywhere)).toBe(false);
  });
});
