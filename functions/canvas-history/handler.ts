import { createGroupHandler } from '../http/idempotency';
import { canvasHistoryRoutes } from '../../shared/routes/canvas-history';
import { getCompanyAccessLog, getFamilyAccessLog, getFamilyAccessLogCsv } from '../domain/journal/access-log';
import { getHistory } from '../domain/journal/get-history';
import { revertEvent } from '../domain/journal/revert-event';
import { restoreVersion } from '../domain/journal/restore-version';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-history').then((module) => module.canvasHistoryContract);

export const handler = createGroupHandler('canvas-history', canvasHistoryRoutes, contract, {
  getOwnHistory: async ({ session, query }) => ({ body: await getHistory(session, undefined, query) }),
  getHistory: async ({ session, path, query }) => ({ body: await getHistory(session, path.familyId, query) }),
  revertEvent: async ({ session, path, query }) => ({ body: await revertEvent(session, path.eventId, query.familyId) }),
  restoreVersion: async ({ session, path, query, body }) => ({ body: await restoreVersion(session, path.eventId, body.version, query.familyId) }),
  getAccessLog: async ({ session, query }) => ({ body: await getFamilyAccessLog(session, query) }),
  getAccessLogCsv: async ({ session, query }) => {
    const { fileName, csv } = await getFamilyAccessLogCsv(session, query);
    return { file: { contentType: 'text/csv; charset=utf-8', fileName, content: csv } };
  },
  getCompanyAccessLog: async ({ session, query }) => ({ body: await getCompanyAccessLog(session, query) }),
});
