import type { AccessLogPage, AccessLogQuery, AccessLogRow } from '../../../shared/contracts/history';
import { EntityType } from '../../../shared/enums';
import { canReadAccessLog, isAdmin } from '../../../shared/permissions';
import { batchGetItems } from '../../lib/db/table';
import type { EntityItem } from '../organisations/entities';
import { isUserPartition, keys } from '../../lib/db/keys';
import type { UserItem } from '../accounts/users';
import { fail } from '../../lib/errors';
import { isStringKey, openCursor, sealCursor } from '../../lib/input/cursor';
import { recordsPage, type AccessRecordItem } from './visits';
import type { Session } from '../sessions/session';

/**
 * The advisor access log (written by recordRead and the plan book): which advisors read
 * which sections of a family's canvas, when and how often, newest first. The family's
 * owners and admins or holders of ReadSensitiveData read their family's; an advisor
 * company's owners and admins read their own members' records across families. Nobody
 * else (FORBIDDEN, 8).
 */

const defaultLimit = 100;
/** The CSV holds at most this many rows (a period of years; the screen pages). */
const csvRowLimit = 20_000;

/**
 * A page's cursor is sealed (lib/input/cursor.ts) for the list it pages: whose log (the
 * family's partition or the company's index) and the period asked, so the key it carries
 * always lies inside the query it is sent back with.
 */
const cursorScope = (owner: { familyId: number } | { advisorId: number }, query: AccessLogQuery) =>
  `access-log:${'familyId' in owner ? `family:${owner.familyId}` : `company:${owner.advisorId}`}:${query.from ?? ''}:${query.to ?? ''}`;

/** A period that ends before it starts is no period: VALIDATION_ERROR (2) naming `from`. */
function requirePeriod(query: AccessLogQuery): void {
  if (query.from && query.to && query.from > query.to)
    throw fail('VALIDATION_ERROR', { message: 'The period ends before it starts.', errors: { from: ['forms.errorMessages.invalidInput'] } });
}

/** One page of the log as the routes answer it: rows and the sealed cursor of the next page. */
async function logPage(owner: { familyId: number } | { advisorId: number }, query: AccessLogQuery): Promise<AccessLogPage> {
  requirePeriod(query);
  const scope = cursorScope(owner, query);
  const page = await recordsPage(owner, query, query.limit ?? defaultLimit, await openCursor(scope, query.cursor, isStringKey));
  return { results: await rowsOf(page.records), next: await sealCursor(scope, page.next) };
}

/** Records with the names of their people, companies and families (one BatchGet per 100 names). */
async function rowsOf(records: AccessRecordItem[]): Promise<AccessLogRow[]> {
  const userIds = [...new Set(records.map((record) => record.userId))];
  const entityIds = [...new Set(records.flatMap((record) => [record.entityId, record.familyId]))];
  const found = await batchGetItems<(UserItem | EntityItem) & { PK: string }>([
    ...userIds.map((id) => keys.user(id)),
    ...entityIds.map((id) => keys.entity(id)),
  ]);
  const users = new Map<string, UserItem>();
  const entities = new Map<number, EntityItem>();
  for (const item of found) {
    if (isUserPartition(item.PK)) users.set((item as UserItem).id, item as UserItem);
    else entities.set((item as EntityItem).id, item as EntityItem);
  }
  return records.map((record) => ({
    userId: record.userId,
    firstName: users.get(record.userId)?.firstName ?? '',
    lastName: users.get(record.userId)?.lastName ?? '',
    entityId: record.entityId,
    entityName: entities.get(record.entityId)?.entityName ?? '',
    familyId: record.familyId,
    familyName: entities.get(record.familyId)?.entityName ?? '',
    sectionId: record.sectionId,
    sectionTitle: record.sectionTitle,
    kind: record.kind,
    firstDate: record.firstDate,
    lastDate: record.lastDate,
    count: record.count,
  }));
}

function requireFamilyReader(session: Session): number {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.Family || !canReadAccessLog(membership)) throw fail('FORBIDDEN');
  return membership.entityId;
}

/** GET /api/canvas/access-log: the current family's log, a page at a time. */
export async function getFamilyAccessLog(session: Session, query: AccessLogQuery): Promise<AccessLogPage> {
  return logPage({ familyId: requireFamilyReader(session) }, query);
}

/** GET /api/entities/access-log: an advisor company's own members' reads, across families. */
export async function getCompanyAccessLog(session: Session, query: AccessLogQuery): Promise<AccessLogPage> {
  const membership = session.membership;
  if (!membership || membership.entityTypeId !== EntityType.AdvisorCompany || !isAdmin(membership)) throw fail('FORBIDDEN');
  return logPage({ advisorId: membership.entityId }, query);
}

const csvColumns = ['lastDate', 'firstDate', 'count', 'kind', 'firstName', 'lastName', 'entityName', 'sectionTitle', 'sectionId', 'userId'] as const;

/** A CSV cell: quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  let text = String(value ?? '');
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** GET /api/canvas/access-log.csv: the same log, whole (up to 20,000 rows), as CSV. */
export async function getFamilyAccessLogCsv(session: Session, query: AccessLogQuery): Promise<{ fileName: string; csv: string }> {
  const familyId = requireFamilyReader(session);
  requirePeriod(query);
  const records: AccessRecordItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await recordsPage({ familyId }, query, 1000, startKey);
    records.push(...page.records);
    startKey = page.next;
  } while (startKey && records.length < csvRowLimit);
  const rows = await rowsOf(records.slice(0, csvRowLimit));
  const lines = [csvColumns.join(','), ...rows.map((row) => csvColumns.map((column) => csvCell(row[column])).join(','))];
  const period = [query.from, query.to].filter(Boolean).join('-to-');
  return { fileName: `advisor-access-log${period ? `-${period}` : ''}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
