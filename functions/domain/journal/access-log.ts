import type { AccessLogAdvisor, AccessLogPage, AccessLogQuery, AccessLogRow } from '../../../shared/contracts/history';
import { EntityType } from '../../../shared/enums';
import { canReadAccessLog, isAdmin } from '../../../shared/permissions';
import { batchGetItems } from '../../lib/db/table';
import type { EntityItem } from '../../records/entities';
import { isUserPartition, keys } from '../../lib/db/keys';
import type { UserItem } from '../../records/users';
import { fail } from '../../lib/errors';
import { openCursor, sealCursor } from '../../lib/input/cursor';
import { recordsPage, type AccessRecordItem } from '../../records/visits';
import type { Session } from '../sessions/session';

/**
 * The advisor access log (written by recordRead and the plan book): which advisors read
 * which sections of a family's canvas, when and how often, one row per visit, newest first. The family's
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
  `access-log:${'familyId' in owner ? `family:${owner.familyId}` : `company:${owner.advisorId}`}:${query.from ?? ''}:${query.to ?? ''}:${query.advisor ?? ''}:${query.company ?? ''}`;

/** A period that ends before it starts is no period: VALIDATION_ERROR (2) naming `from`. */
function requirePeriod(query: AccessLogQuery): void {
  if (query.from && query.to && query.from > query.to)
    throw fail('VALIDATION_ERROR', { message: 'The period ends before it starts.', errors: { from: ['forms.errorMessages.invalidInput'] } });
}

/** At most this many records are grouped into visits for one answer (a period of years; as the CSV). */
const recordLimit = 20_000;

/** The records of the period, newest hour first, up to `recordLimit`. */
async function periodRecords(owner: { familyId: number } | { advisorId: number }, query: AccessLogQuery): Promise<AccessRecordItem[]> {
  const records: AccessRecordItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await recordsPage(owner, query, 1000, startKey);
    records.push(...page.records);
    startKey = page.next;
  } while (startKey && records.length < recordLimit);
  return records.slice(0, recordLimit);
}

/** Reads less than this far apart are one visit (as the canvas's own visit, ./visits.ts). */
export const visitGapMs = 30 * 60_000;

type Visit = Omit<AccessLogRow, 'firstName' | 'lastName' | 'entityName' | 'familyName'>;

/**
 * Records grouped into visits: one advisor's records in one family whose spans (first to
 * last read of a section in an hour) lie less than 30 minutes apart are one visit. Newest
 * visit first; ties by family and user, so the order (and the cursor) is stable.
 */
export function groupVisits(records: readonly AccessRecordItem[]): Visit[] {
  const byReader = new Map<string, AccessRecordItem[]>();
  for (const record of records) {
    const key = `${record.familyId}#${record.userId}`;
    byReader.set(key, [...(byReader.get(key) ?? []), record]);
  }
  const visits: Visit[] = [];
  for (const own of byReader.values()) {
    own.sort((a, b) => a.firstDate.localeCompare(b.firstDate));
    let current: Visit | undefined;
    for (const record of own) {
      if (!current || Date.parse(record.firstDate) - Date.parse(current.lastDate) >= visitGapMs) {
        current = {
          userId: record.userId,
          entityId: record.entityId,
          familyId: record.familyId,
          sections: [],
          firstDate: record.firstDate,
          lastDate: record.lastDate,
          count: 0,
        };
        visits.push(current);
      }
      if (record.lastDate > current.lastDate) current.lastDate = record.lastDate;
      current.count += record.count;
      if (!current.sections.some((section) => section.sectionId === record.sectionId && section.kind === record.kind))
        current.sections.push({ sectionId: record.sectionId, sectionTitle: record.sectionTitle, kind: record.kind });
    }
  }
  for (const visit of visits)
    visit.sections.sort((a, b) => a.sectionTitle.localeCompare(b.sectionTitle) || a.sectionId - b.sectionId || a.kind.localeCompare(b.kind));
  return visits.sort((a, b) => compareVisits(visitPosition(a), visitPosition(b)));
}

/** Where a visit stands in the log's order: the cursor's position. */
type VisitPosition = [lastDate: string, familyId: number, userId: string, firstDate: string];
const visitPosition = (visit: Visit): VisitPosition => [visit.lastDate, visit.familyId, visit.userId, visit.firstDate];
const isVisitPosition = (value: unknown): value is VisitPosition =>
  Array.isArray(value) &&
  value.length === 4 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'number' &&
  typeof value[2] === 'string' &&
  typeof value[3] === 'string';
/** Newest last read first, then family, user and first read: negative when `a` comes first. */
function compareVisits(a: VisitPosition, b: VisitPosition): number {
  return b[0].localeCompare(a[0]) || a[1] - b[1] || a[2].localeCompare(b[2]) || b[3].localeCompare(a[3]);
}

/**
 * One page of the log as the routes answer it: visits and the sealed cursor of the next page.
 * The period's records are grouped on the server, whole, so a visit is never cut between two
 * pages; the cursor is the position of the last visit sent, and the next page starts after it.
 */
async function logPage(owner: { familyId: number } | { advisorId: number }, query: AccessLogQuery): Promise<AccessLogPage> {
  requirePeriod(query);
  const scope = cursorScope(owner, query);
  const after = await openCursor(scope, query.cursor, isVisitPosition);
  const records = await periodRecords(owner, query);
  const names = await namesOf(records);
  const visits = groupVisits(records).filter(
    (visit) =>
      (query.advisor === undefined || visit.userId === query.advisor) &&
      (query.company === undefined || visit.entityId === query.company) &&
      (after === undefined || compareVisits(after, visitPosition(visit)) < 0),
  );
  const limit = query.limit ?? defaultLimit;
  const page = visits.slice(0, limit);
  const last = page[page.length - 1];
  return {
    results: page.map((visit) => ({
      ...visit,
      ...names.person(visit.userId),
      entityName: names.entity(visit.entityId),
      familyName: names.entity(visit.familyId),
    })),
    next: await sealCursor(scope, visits.length > limit && last ? visitPosition(last) : null),
    advisors: advisorsOf(records, names),
  };
}

type Names = { person: (userId: string) => { firstName: string; lastName: string }; entity: (entityId: number) => string };

/** Each advisor (and the company they read for) with records in the period, by name. */
function advisorsOf(records: readonly AccessRecordItem[], names: Names): AccessLogAdvisor[] {
  const seen = new Map<string, AccessLogAdvisor>();
  for (const record of records) {
    const key = `${record.userId}#${record.entityId}`;
    if (!seen.has(key))
      seen.set(key, { userId: record.userId, ...names.person(record.userId), entityId: record.entityId, entityName: names.entity(record.entityId) });
  }
  return [...seen.values()].sort(
    (a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`) || a.entityName.localeCompare(b.entityName),
  );
}

/** The names of the records' people, companies and families (one BatchGet per 100 names). */
async function namesOf(records: readonly AccessRecordItem[]): Promise<Names> {
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
  return {
    person: (userId) => ({ firstName: users.get(userId)?.firstName ?? '', lastName: users.get(userId)?.lastName ?? '' }),
    entity: (entityId) => entities.get(entityId)?.entityName ?? '',
  };
}

/** Records as the CSV's rows: one per user, section, hour and kind. */
async function csvRowsOf(records: AccessRecordItem[]) {
  const names = await namesOf(records);
  return records.map((record) => ({
    ...record,
    ...names.person(record.userId),
    entityName: names.entity(record.entityId),
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
  const records = (await periodRecords({ familyId }, query)).filter(
    (record) => (query.advisor === undefined || record.userId === query.advisor) && (query.company === undefined || record.entityId === query.company),
  );
  const rows = await csvRowsOf(records.slice(0, csvRowLimit));
  const lines = [csvColumns.join(','), ...rows.map((row) => csvColumns.map((column) => csvCell(row[column])).join(','))];
  const period = [query.from, query.to].filter(Boolean).join('-to-');
  return { fileName: `advisor-access-log${period ? `-${period}` : ''}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
