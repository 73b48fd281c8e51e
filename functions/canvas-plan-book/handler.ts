import { createGroupHandler } from '../lib/http';
import { canvasPlanBookRoutes } from '../../shared/routes/canvas-plan-book';
import { canvasPlanBookContract } from '../../shared/api-contract/canvas-plan-book';
import { exportPlanBook } from '../domain/plan-book/export-plan-book';

const pdf = (file: { fileName: string; content: Buffer }) => ({ file: { contentType: 'application/pdf', fileName: file.fileName, content: file.content } });

export const handler = createGroupHandler('canvas-plan-book', canvasPlanBookRoutes, canvasPlanBookContract, {
  exportOwnPlanBook: async ({ session, body }) => pdf(await exportPlanBook(session, undefined, body)),
  exportPlanBook: async ({ session, path, body }) => pdf(await exportPlanBook(session, path.familyId, body)),
});
