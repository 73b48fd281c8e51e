import { describe, expect, it, vi } from 'vitest';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { canvasTemplateRecords } from './create-canvas';
import { keys } from '../../lib/db/keys';
import { transactItemOf, type Write } from '../../lib/db/write';
import { CanvasSnapshot } from './context';
import {
  changesSince,
  hasChangesSince,
  markKey,
  summaryFromRecord,
  summaryOf,
  summaryRecordOf,
  summaryWriteOf,
  takeawaysPerCategory,
  type CanvasSummaryItem,
} from './summary';

// Planning a write needs only the table's name; nothing here talks to DynamoDB.
vi.mock('../../lib/db/client', () => ({
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

/** The request a summary write becomes (functions/lib/db/write.ts builds every expression). */
const built = (write: Write | undefined) => (write ? transactItemOf(write) : undefined);
/** The value placeholder an update's SET gives an attribute. */
const placeholderOf = (item: ReturnType<typeof built>, attribute: string) =>
  new RegExp(`#${attribute} = (:v\\d+)`).exec(item?.Update?.UpdateExpression ?? '')?.[1] ?? '';

describe('the dashboard summary kept by canvas writes', () => {
  it('lists the first active takeaway of a category and counts them all', () => {
    const summary = summaryOf(
      familyId,
      CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner), takeaway(1, { archived: true }), takeaway(2), takeaway(3)]),
    );
    expect(summary.takeaways.map((item) => item.title)).toEqual(['Takeaway 2', 'Takeaway 3'].slice(0, takeawaysPerCategory));
    expect(summary.takeawayCounts[category]).toBe(2);
    expect(summary.sections).toHaveLength(7);
  });

  it('marks an answer change per item and writer, with no condition that another write could break', () => {
    const snapshot = canvasWith([takeaway(1)]);
    const answerId = `${familyId}.${'f'.repeat(32)}`;
    const write = built(
      summaryWriteOf(familyId, snapshot, [
        event(answerId, 'answer', {
          id: answerId,
          type: 'Answer',
          categoryId: category,
          sectionId: section,
          createdByUserId: other,
          createdAt: '2026-02-01T10:00:00.000Z',
          version: 1,
          questionId: 'q',
          text: 'Yes',
        }),
      ]),
    );
    expect(write?.Update?.UpdateExpression).toMatch(
      new RegExp(`^SET #recentChanges\\.#${markKey(answerId)} = :v1, #sectionChanges\\.#${section}\\.#${other} = :v2$`),
    );
    expect(write?.Update?.ConditionExpression).toBe('attribute_exists(PK)');
    expect(write?.Update?.ExpressionAttributeNames).toMatchObject({
      [`#${markKey(answerId)}`]: markKey(answerId),
      [`#${section}`]: String(section),
      [`#${other}`]: other,
    });
  });

  it('replaces the card on the rev it read when a takeaway changes, and puts a whole one where there is none', () => {
    const first = takeaway(1);
    const write = built(summaryWriteOf(familyId, canvasWith([first]), [event(first.id, 'takeaway', { ...first, title: 'Renamed', version: 2 }, first)]));
    expect(write?.Update?.ConditionExpression).toBe('#rev = :rev');
    expect(write?.Update?.ExpressionAttributeValues).toMatchObject({ ':rev': 4, [placeholderOf(write, 'rev')]: 5 });
    // The card's lists are one stored string (summary.ts encodeCard): read back as the code reads them.
    const stored = summaryFromRecord({ card: write?.Update?.ExpressionAttributeValues?.[placeholderOf(write, 'card')] });
    expect(stored.takeaways[0]?.title).toBe('Renamed');

    const bare = CanvasSnapshot.fromItems([meta, ...canvasTemplateRecords(familyId, owner)]);
    const created = built(summaryWriteOf(familyId, bare, [event(first.id, 'takeaway', first)]));
    expect(created?.Put?.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect((created?.Put?.Item as CanvasSummaryItem).takeawayCounts[category]).toBe(1);
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
