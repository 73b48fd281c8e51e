import { PlanBookFamilyPath, PlanBookRequest } from '../../shared/contracts/plan-book';
import { createGroupHandler, defineRoute } from '../lib/http';
import { exportPlanBook } from '../domain/plan-book/export-plan-book';

const pdf = (file: { fileName: string; content: Buffer }) => ({ file: { contentType: 'application/pdf', fileName: file.fileName, content: file.content } });

export const handler = createGroupHandler('canvas-plan-book', {
  exportOwnPlanBook: defineRoute({
    body: PlanBookRequest,
    handler: async ({ session, body }) => pdf(await exportPlanBook(session, undefined, body)),
  }),
  exportPlanBook: defineRoute({
    path: PlanBookFamilyPath,
    body: PlanBookRequest,
    handler: async ({ session, path, body }) => pdf(await exportPlanBook(session, path.familyId, body)),
  }),
});
