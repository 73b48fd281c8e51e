import type { Canvas } from '../../../shared/contracts/canvas';
import { expandCanvasTemplate } from '../../../shared/canvas-template';
import { canCreateCanvas } from '../../../shared/permissions';
import { canvasContextOf, CanvasSnapshot, maxTransactionItems } from './context';
import { now } from '../../lib/clock';
import { toCanvas } from './views';
import { batchPut, transactWrites } from '../../lib/db/table';
import { canvasMetaRecord, categoryRecord, putOp, questionRecord, sectionRecord, type CanvasMetaItem } from './items';
import { defaultCanvasName, getEntity } from '../organisations/entities';
import { fail } from '../../lib/errors';
import type { Session } from '../sessions/session';
import { summaryOf, summaryRecordOf } from './summary';

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
 * Creates the current family's canvas from the default template (shared/canvas-template.ts):
 * every section, category and question, titled with the family's canvas name. The current
 * entity must be a family and the caller an owner or admin or hold CreateCanvas
 * (FORBIDDEN, 8); a second canvas → ITEM_FOUND (9). The canvas item is put conditionally
 * in the same transaction as the template (one transaction for the default template;
 * anything beyond 100 items follows in batches).
 */
export async function createCanvas(session: Session): Promise<Canvas> {
  const membership = session.membership;
  if (!membership || !canCreateCanvas(membership)) throw fail('FORBIDDEN');
  const familyId = membership.entityId;
  const entity = await getEntity(familyId);
  if (!entity) throw fail('ITEM_NOT_FOUND');
  const meta: CanvasMetaItem = {
    type: 'Canvas',
    familyId,
    title: entity.canvasName ?? defaultCanvasName(entity.entityName),
    createdAt: now().toISOString(),
    createdByUserId: session.userId,
  };
  const records = canvasTemplateRecords(familyId, session.userId);
  // The dashboard card of the new canvas goes with it (a card of "no canvas yet" is replaced).
  const summary = summaryRecordOf(summaryOf(familyId, CanvasSnapshot.fromItems([canvasMetaRecord(meta), ...records])), Date.now());
  const inTransaction = records.slice(0, maxTransactionItems - 2);
  await transactWrites(
    [{ ...putOp(canvasMetaRecord(meta), { mustBeNew: true }), name: 'canvasIsNew' }, putOp(summary), ...inTransaction.map((record) => putOp(record))],
    { canvasIsNew: () => fail('ITEM_FOUND') },
  );
  await batchPut(records.slice(inTransaction.length));

  const snapshot = CanvasSnapshot.fromItems([canvasMetaRecord(meta), ...records]);
  return toCanvas(canvasContextOf(session, familyId, { kind: 'own', membership }, snapshot));
}
