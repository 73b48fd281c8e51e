import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccessLogQuery } from '../../shared/contracts/history';
import { now } from '../lib/clock';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { transactWrites, type Write } from '../lib/db/table';
import type { CanvasAccess } from '../../shared/permissions';

/**
 * Reads leave two traces, both written by at most one small transaction per read and
 * mostly none (docs/data-model.md "Visits and the access log"):
 * - the caller's visit of the canvas (`C#VISIT#<userId>`, read with the canvas Query):
 *   reads less than 30 minutes apart are one visit; what others changed since the end of
 *   the previous visit is "changed since your last visit";
 * - for a member of an advisor company, the access log: one record per user, section and
 *   hour (`L#<hour>#…`), its count and last date refreshed at most every 5 minutes.
 * So a read costs the session and the canvas Query, plus one write when a visit starts,
 * every 5 minutes of a visit, and when an advisor reads a section first in an hour.
 */

export type CanvasVisitItem = {
  type: 'CanvasVisit';
  familyId: number;
  userId: string;
  /** The last read of the current visit. */
  lastSeenAt: string;
  /** The last read of the visit before (null on the first). */
  previousVisitAt: string | null;
  /** The hour (YYYY-MM-DDTHH, UTC) and sections the access log has a record of. */
  loggedHour?: string;
  loggedSectionIds?: number[];
};

export type AccessRecordItem = {
  type: 'AccessRecord';
  familyId: number;
  userId: string;
  /** The advisor company the user read for. */
  entityId: number;
  sectionId: number;
  sectionTitle: string;
  kind: 'read' | 'export';
  hour: string;
  firstDate: string;
  lastDate: string;
  count: number;
  expiresAt: number;
};

const visitGapMs = 30 * 60_000;
const refreshMs = 5 * 60_000;
/** Advisers' record-keeping rules run six years. */
export const accessLogRetentionSeconds = 6 * 365 * 24 * 3600;

/** A caller reading a canvas (the canvas context of functions/domain/canvas/context.ts), as far as a visit needs it. */
type CanvasReader = {
  familyId: number;
  userId: string;
  access: CanvasAccess;
  snapshot: { visits: ReadonlyMap<string, CanvasVisitItem>; sections: ReadonlyMap<number, { title: string }> };
  previousVisitAt?: string | null;
};

/**
 * Records a read of these sections of the canvas by the caller and sets
 * `context.previousVisitAt`. Costs no round trip while nothing is due (see above).
 */
export async function recordRead(context: CanvasReader, sectionIds: readonly number[]): Promise<void> {
  const at = now();
  const nowIso = at.toISOString();
  const visit = context.snapshot.visits.get(context.userId);
  const lastSeen = visit ? Date.parse(visit.lastSeenAt) : 0;
  const isNewVisit = !visit || at.getTime() - lastSeen > visitGapMs;
  context.previousVisitAt = isNewVisit ? (visit?.lastSeenAt ?? null) : visit.previousVisitAt;

  const hour = nowIso.slice(0, 13);
  const isAdvisor = context.access.kind === 'workRelation';
  const logged = new Set(visit?.loggedHour === hour ? (visit.loggedSectionIds ?? []) : []);
  const firstInHour = isAdvisor ? sectionIds.filter((id) => !logged.has(id)) : [];
  const isDue = isNewVisit || at.getTime() - lastSeen >= refreshMs;
  if (!isDue && firstInHour.length === 0) return;

  const writes: Write[] = [
    {
      put: {
        ...keys.canvasVisit(context.familyId, context.userId),
        type: 'CanvasVisit',
        familyId: context.familyId,
        userId: context.userId,
        lastSeenAt: nowIso,
        previousVisitAt: context.previousVisitAt,
        ...(isAdvisor ? { loggedHour: hour, loggedSectionIds: [...new Set([...logged, ...sectionIds])] } : {}),
      } satisfies CanvasVisitItem & { PK: string; SK: string },
    },
  ];
  if (isAdvisor) {
    // Sections first read this hour get their record; on a due refresh, all read now count once more.
    const toLog = isDue ? sectionIds : firstInHour;
    for (const sectionId of toLog.slice(0, 99)) {
      writes.push(accessRecordOp(context, { sectionId, hour, at: nowIso, kind: 'read' }));
    }
  }
  await transactWrites(writes);
}

/** Adds one read (or export) to the record of a user, section and hour. */
export function accessRecordOp(context: CanvasReader, record: { sectionId: number; hour: string; at: string; kind: 'read' | 'export' }): Write {
  const key = keys.accessRecord(context.familyId, record.hour, context.userId, record.sectionId, record.kind);
  const entityId = context.access.membership.entityId;
  return {
    update: key,
    spec: {
      set: {
        type: 'AccessRecord',
        familyId: context.familyId,
        userId: context.userId,
        entityId,
        sectionId: record.sectionId,
        sectionTitle: context.snapshot.sections.get(record.sectionId)?.title ?? '',
        kind: record.kind,
        hour: record.hour,
        lastDate: record.at,
        expiresAt: Math.floor(Date.parse(record.at) / 1000) + accessLogRetentionSeconds,
        GSI1PK: keys.accessLogOfCompany(entityId),
        GSI1SK: key.SK.slice(keys.accessRecordPrefix.length).replace(`#${context.userId}#`, `#${context.familyId}#${context.userId}#`),
      },
      setIfAbsent: { firstDate: record.at },
      add: { count: 1 },
    },
  };
}

/** The hours of a day range as sort-key bounds: `from` 00 h to `to` 23 h, inclusive. */
function hourBounds(query: Pick<AccessLogQuery, 'from' | 'to'>): { low: string; high: string } {
  return { low: query.from ? `${query.from}T00` : '0000', high: query.to ? `${query.to}T23~` : '9999~' };
}

export type AccessRecordsPage = { records: AccessRecordItem[]; next: Record<string, unknown> | undefined };

/** One page of access records, newest first, between two hours: of a family (its partition) or of a company (GSI1). */
export async function recordsPage(
  owner: { familyId: number } | { advisorId: number },
  query: Pick<AccessLogQuery, 'from' | 'to'>,
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<AccessRecordsPage> {
  const { low, high } = hourBounds(query);
  const key =
    'familyId' in owner
      ? {
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :low AND :high',
          ExpressionAttributeValues: {
            ':pk': keys.canvasPartition(owner.familyId),
            ':low': `${keys.accessRecordPrefix}${low}`,
            ':high': `${keys.accessRecordPrefix}${high}`,
          },
        }
      : {
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK BETWEEN :low AND :high',
          ExpressionAttributeValues: { ':pk': keys.accessLogOfCompany(owner.advisorId), ':low': low, ':high': high },
        };
  const page = await db().send(new QueryCommand({ TableName: tableName(), ...key, ScanIndexForward: false, Limit: limit, ExclusiveStartKey: startKey }));
  return { records: (page.Items ?? []) as AccessRecordItem[], next: page.LastEvaluatedKey };
}
