import { createGroupHandler } from '../http/http';
import { canvasPlanBookRoutes } from '../../shared/routes/canvas-plan-book';
import { exportPlanBook } from '../domain/plan-book/export-plan-book';

const pdf = (file: { fileName: string; content: Buffer }) => ({ file: { contentType: 'application/pdf', fileName: file.fileName, content: file.content } });

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas-plan-book').then((module) => module.canvasPlanBookContract);

export const handler = createGroupHandler('canvas-plan-book', canvasPlanBookRoutes, contract, {
  exportOwnPlanBook: async ({ session, body }) => pdf(await exportPlanBook(session, undefined, body)),
  exportPlanBook: async ({ session, path, body }) => pdf(await exportPlanBook(session, path.familyId, body)),
});
