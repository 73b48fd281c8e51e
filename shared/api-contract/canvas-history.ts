/** The contract entries of the canvas-history group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import {
  AccessLogPage,
  AccessLogQuery,
  EventIdPath,
  HistoryFamilyPath,
  HistoryPage,
  HistoryQuery,
  RestoreVersionRequest,
  RevertResponse,
} from '../contracts/history';
import { type GroupContract } from './endpoint';

export const canvasHistoryContract = {
  getOwnHistory: { query: HistoryQuery, response: HistoryPage },
  getHistory: { path: HistoryFamilyPath, query: HistoryQuery, response: HistoryPage },
  // An advisor names the family; a family member reverts in their own.
  revertEvent: { path: EventIdPath, query: HistoryFamilyPath.partial(), response: RevertResponse },
  // "Restore this version": the body carries the item's version the restorer read.
  restoreVersion: { path: EventIdPath, query: HistoryFamilyPath.partial(), body: RestoreVersionRequest, response: RevertResponse },
  getAccessLog: { query: AccessLogQuery, response: AccessLogPage },
  getAccessLogCsv: { query: AccessLogQuery },
  getCompanyAccessLog: { query: AccessLogQuery, response: AccessLogPage },
} as const satisfies GroupContract<'canvas-history'>;
