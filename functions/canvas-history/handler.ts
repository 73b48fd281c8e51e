import { AccessLogQuery, EventIdPath, HistoryFamilyPath, HistoryQuery } from '../../shared/contracts/history';
import { familyIdField } from '../../shared/contracts/canvas';
import * as z from 'zod';
import { createGroupHandler, defineRoute } from '../lib/http';
import { getCompanyAccessLog, getFamilyAccessLog, getFamilyAccessLogCsv } from '../domain/journal/access-log';
import { getHistory } from '../domain/journal/get-history';
import { revertEvent } from '../domain/journal/revert-event';

/** An advisor names the family of the event they revert; a family member may leave it out. */
const RevertQuery = z.strictObject({ familyId: familyIdField().optional() });

export const handler = createGroupHandler('canvas-history', {
  getOwnHistory: defineRoute({
    query: HistoryQuery,
    handler: async ({ session, query }) => ({ body: await getHistory(session, undefined, query) }),
  }),
  getHistory: defineRoute({
    path: HistoryFamilyPath,
    query: HistoryQuery,
    handler: async ({ session, path, query }) => ({ body: await getHistory(session, path.familyId, query) }),
  }),
  revertEvent: defineRoute({
    path: EventIdPath,
    query: RevertQuery,
    handler: async ({ session, path, query }) => ({ body: await revertEvent(session, path.eventId, query.familyId) }),
  }),
  getAccessLog: defineRoute({
    query: AccessLogQuery,
    handler: async ({ session, query }) => ({ body: await getFamilyAccessLog(session, query) }),
  }),
  getAccessLogCsv: defineRoute({
    query: AccessLogQuery,
    handler: async ({ session, query }) => {
      const { fileName, csv } = await getFamilyAccessLogCsv(session, query);
      return { file: { contentType: 'text/csv; charset=utf-8', fileName, content: csv } };
    },
  }),
  getCompanyAccessLog: defineRoute({
    query: AccessLogQuery,
    handler: async ({ session, query }) => ({ body: await getCompanyAccessLog(session, query) }),
  }),
});
