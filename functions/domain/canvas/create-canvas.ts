import type { Canvas } from '../../../shared/contracts/canvas';
import { expandCanvasTemplate } from '../../../shared/canvas-template';
import { canCreateCanvas } from '../../../shared/permissions';
import { canvasContextOf, maxTransactionItems } from './context';
import { CanvasSnapshot } from './context';
import { now } from '../../lib/clock';
import { toCanvas } from './views';
import { batchPut, transactWrites, type Write } from '../../lib/db/table';
import { canvasMetaRecord, categoryRecord, putOp, questionRecord, sectionRecord, type CanvasMetaItem } from '../../records/items';
import { defaultCanvasName, getEntity, type EntityItem } from '../../records/entities';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { summaryOf, summaryRecordOf } from '../../records/canvas-summary';

/** The sections, categories and questions of a new canvas from the default template (shared/canvas-template.ts). */
export function canvasTemplateRecords(familyId: number, userId: string): Array<Record<string, unknown>> {
  const template = expandCanvasTemplate(familyId);
  return [
    ...template.sections.map(({ id, sectionTypeId, title, sequenceNumber }) =>
      sectionRecord(familyId, { type: 'Section', id, sectionTypeId, title, sequenceNumber, createdByUserId: userId }),
    ),
    ...template.categories.map(({ id, sectionId, categoryTypeId, title, colorCode, sequenceNumber }) =>
      categoryRecord(familyId, { type: 'Category', id, sectionId, categoryTypeId, title, colorCode, sequenceNumber, createdByUserId: userId }),
    ),
    ...template.questions.map((question) => questionRecord(familyId, { type: 'Question', ...question })),
  ];
}

/**
 * The writes of a new family's canvas from the default template: the canvas item (put only
 * if there is none, named `canvasIsNew`), its dashboard summary, and every section, category
 * and question. 84 writes for the default template, so a signup or a new family puts them in
 * its own transaction (docs/product/accounts.md#a-new-family-starts-on-its-canvas); `rest`
 * holds whatever would not fit one transaction beside `reserve` other writes (none today).
 */
export function newCanvasWrites(
  familyId: number,
  entity: Pick<EntityItem, 'entityName' | 'canvasName'>,
  userId: string,
  at: string,
  reserve = 0,
): { meta: CanvasMetaItem; records: Array<Record<string, unknown>>; writes: Write[]; rest: Array<Record<string, unknown>> } {
  const meta: CanvasMetaItem = {
    type: 'Canvas',
    familyId,
    title: entity.canvasName ?? defaultCanvasName(entity.entityName),
    createdAt: at,
    createdByUserId: userId,
  };
  const records = canvasTemplateRecords(familyId, userId);
  // The dashboard card of the new canvas goes with it (a card of "no canvas yet" is replaced).
  const summary = summaryRecordOf(summaryOf(familyId, CanvasSnapshot.fromItems([canvasMetaRecord(meta), ...records])), Date.now());
  const inTransaction = records.slice(0, maxTransactionItems - 2 - reserve);
  return {
    meta,
    records,
    writes: [{ ...putOp(canvasMetaRecord(meta), { mustBeNew: true }), name: 'canvasIsNew' }, putOp(summary), ...inTransaction.map((record) => putOp(record))],
    rest: records.slice(inTransaction.length),
  };
}

/**
 * Creates the current family's canvas from the default template (shared/canvas-template.ts):
 * every section, category and question, titled with the family's canvas name. The current
 * entity must be a family and the caller an owner or admin or hold CreateCanvas
 * (FORBIDDEN, 8); a second canvas → ITEM_FOUND (9). The canvas item is put conditionally
 * in the same transaction as the template (one transaction for the default template;
 * anything beyond 100 items follows in batches). A family signed up or created since
 * this change (2026-11-26) has its canvas already; this is the offer for families made before.
 */
export async function createCanvas(session: Session): Promise<Canvas> {
  const membership = session.membership;
  if (!membership || !canCreateCanvas(membership)) throw fail('FORBIDDEN');
  const familyId = membership.entityId;
  const entity = await getEntity(familyId);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const { meta, records, writes, rest } = newCanvasWrites(familyId, entity, session.userId, now().toISOString());
  await transactWrites(writes, { canvasIsNew: () => fail('ITEM_FOUND') });
  await batchPut(rest);

  const snapshot = CanvasSnapshot.fromItems([canvasMetaRecord(meta), ...records]);
  return toCanvas(canvasContextOf(session, familyId, { kind: 'own', membership }, snapshot));
}
