import { TransactWriteCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { now } from '../../lib/clock';
import { db, tableName } from '../../lib/db/client';
import { keys } from '../../lib/db/keys';
import type { CanvasContext } from '../canvas/context';

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

/**
 * Records a read of these sections of the canvas by the caller and sets
 * `context.previousVisitAt`. Costs no round trip while nothing is due (see above).
 */
export async function recordRead(context: CanvasContext, sectionIds: readonly number[]): Promise<void> {
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

  const ops: TransactWriteItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.canvasVisit(context.familyId, context.userId),
          type: 'CanvasVisit',
          familyId: context.familyId,
          userId: context.userId,
          lastSeenAt: nowIso,
          previousVisitAt: context.previousVisitAt,
          ...(isAdvisor ? { loggedHour: hour, loggedSectionIds: [...new Set([...logged, ...sectionIds])] } : {}),
        } satisfies CanvasVisitItem & { PK: string; SK: string },
      },
    },
  ];
  if (isAdvisor) {
    // Sections first read this hour get their record; on a due refresh, all read now count once more.
    const toLog = isDue ? sectionIds : firstInHour;
    for (const sectionId of toLog.slice(0, 99)) {
      ops.push(accessRecordOp(context, { sectionId, hour, at: nowIso, kind: 'read' }));
    }
  }
  await db().send(new TransactWriteCommand({ TransactItems: ops }));
}

/** Adds one read (or export) to the record of a user, section and hour. */
export function accessRecordOp(context: CanvasContext, record: { sectionId: number; hour: string; at: string; kind: 'read' | 'export' }): TransactWriteItem {
  const key = keys.accessRecord(context.familyId, record.hour, context.userId, record.sectionId, record.kind);
  const entityId = context.access.membership.entityId;
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression:
        'SET #type = :type, familyId = :familyId, userId = :userId, entityId = :entityId, sectionId = :sectionId, sectionTitle = :sectionTitle, #kind = :kind, #hour = :hour, ' +
        'firstDate = if_not_exists(firstDate, :at), lastDate = :at, expiresAt = :expiresAt, GSI1PK = :gsi1pk, GSI1SK = :gsi1sk ADD #count :one',
      ExpressionAttributeNames: { '#type': 'type', '#kind': 'kind', '#hour': 'hour', '#count': 'count' },
      ExpressionAttributeValues: {
        ':type': 'AccessRecord',
        ':familyId': context.familyId,
        ':userId': context.userId,
        ':entityId': entityId,
        ':sectionId': record.sectionId,
        ':sectionTitle': context.snapshot.sections.get(record.sectionId)?.title ?? '',
        ':kind': record.kind,
        ':hour': record.hour,
        ':at': record.at,
        ':expiresAt': Math.floor(Date.parse(record.at) / 1000) + accessLogRetentionSeconds,
        ':gsi1pk': keys.accessLogOfCompany(entityId),
        ':gsi1sk': key.SK.slice(keys.accessRecordPrefix.length).replace(`#${context.userId}#`, `#${context.familyId}#${context.userId}#`),
        ':one': 1,
      },
    },
  };
}
