import type { PlanBookRequest } from '../../../shared/contracts/plan-book';
import { canExportPlanBook } from '../../../shared/permissions';
import { loadCanvas, ownFamilyId } from '../canvas/context';
import { now } from '../../lib/clock';
import { batchGetItems, maxTransactionItems, transactWrites } from '../../lib/db/table';
import type { EntityItem } from '../../records/entities';
import { isUserPartition, keys } from '../../lib/db/keys';
import type { UserItem } from '../../records/users';
import { fail } from '../../lib/errors';
import { accessRecordOp } from '../../records/visits';
import { countMetric } from '../../lib/observability';
import { businessMetrics } from '../../../shared/metrics';
import type { Session } from '../sessions/session';
import { planBookDocument } from './document';
import { buildPlanBook, userIdsOf, type PlanBook } from './model';
import { renderPdf } from './render';

export type PlanBookFile = { fileName: string; content: Buffer; book: PlanBook };

/** Latin letters that do not decompose into a base letter and an accent. */
const plainLetters: Record<string, string> = { Ł: 'L', ł: 'l', Ø: 'O', ø: 'o', ß: 'ss', Æ: 'AE', æ: 'ae', Œ: 'OE', œ: 'oe', Đ: 'D', đ: 'd', Þ: 'Th', þ: 'th' };

/** `<family>-plan-book-<YYYY-MM-DD>.pdf` in letters a file system and a header both take. */
export function planBookFileName(familyName: string, exportedAt: string): string {
  const family = familyName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ŁłØøßÆæŒœĐđÞþ]/g, (letter) => plainLetters[letter] ?? letter)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${family ? `${family}-` : ''}plan-book-${exportedAt.slice(0, 10)}.pdf`;
}

/**
 * POST /api/canvas/plan-book[/{familyId}]: the plan book of the caller's own family (no
 * family id) or of a family an advisor reads. The canvas is read as any read is
 * (loadCanvas: a canvas the caller may not read is not found); a section id that is not a
 * visible section of that canvas is not found either (4), so a limited advisor cannot learn
 * which ids exist. An advisor's export writes one 'export' record per section to the
 * family's access log, after the PDF is made and before it is handed out. A family's own
 * export writes none: the log is about advisors (the family's own reads are not logged).
 */
export async function exportPlanBook(session: Session, familyIdParam: number | undefined, request: PlanBookRequest): Promise<PlanBookFile> {
  const familyId = familyIdParam ?? ownFamilyId(session);
  const context = await loadCanvas(session, familyId);
  if (!canExportPlanBook(context.access)) throw fail('ITEM_NOT_FOUND');

  const visible = [...context.snapshot.sections.keys()].filter((id) => context.canSee(id));
  const sectionIds = request.sectionIds ?? visible;
  if (sectionIds.some((id) => !visible.includes(id))) throw fail('ITEM_NOT_FOUND');

  const isAdvisor = context.access.kind === 'workRelation';
  const companyId = context.access.membership.entityId;
  const userIds = new Set([...userIdsOf(context, sectionIds)].filter((id) => !context.otherCompanyPeople?.has(id)));
  userIds.add(session.userId);
  const found = await batchGetItems<(UserItem | EntityItem) & { PK: string }>([
    ...[...userIds].map((id) => keys.user(id)),
    keys.entity(familyId),
    ...(isAdvisor ? [keys.entity(companyId)] : []),
  ]);
  const users = new Map<string, UserItem>();
  const entities = new Map<number, EntityItem>();
  for (const item of found) {
    if (isUserPartition(item.PK)) users.set((item as UserItem).id, item as UserItem);
    else entities.set((item as EntityItem).id, item as EntityItem);
  }
  const nameOf = (userId: string | null | undefined) => {
    if (!userId) return null;
    // Another advisor company's person, in an advisor's book: nobody by name (shared/permissions.ts isOtherAdvisorCompany).
    if (context.otherCompanyPeople?.has(userId)) return 'Another advisor';
    const user = users.get(userId);
    // Someone whose account is gone still wrote what they wrote.
    return user ? `${user.firstName} ${user.lastName}`.trim() : 'Former member';
  };

  const exportedAt = now().toISOString();
  const familyName = entities.get(familyId)?.entityName ?? '';
  const book = buildPlanBook(
    context,
    {
      sectionIds,
      includeAnswers: request.includeAnswers ?? true,
      leaveOutEmptyCategories: request.leaveOutEmptyCategories ?? true,
      familyName,
      exportedAt,
      exportedBy: nameOf(session.userId) ?? '',
      advisorCompanyName: isAdvisor ? (entities.get(companyId)?.entityName ?? '') : null,
    },
    { nameOf },
  );
  const content = await renderPdf(planBookDocument(book, { pageSize: request.pageSize ?? 'A4' }));

  if (isAdvisor) {
    const hour = exportedAt.slice(0, 13);
    const records = book.sections.map((section) => accessRecordOp(context, { sectionId: section.id, hour, at: exportedAt, kind: 'export' }));
    // DynamoDB's limit of actions per transaction: a canvas has far fewer sections.
    for (let start = 0; start < records.length; start += maxTransactionItems) await transactWrites(records.slice(start, start + maxTransactionItems));
  }
  countMetric(businessMetrics.planBooks);
  return { fileName: planBookFileName(familyName, exportedAt), content, book };
}
