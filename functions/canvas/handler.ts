import { createGroupHandler } from '../http/idempotency';
import { canvasRoutes } from '../../shared/routes/canvas';
import { createCanvas } from '../domain/canvas/create-canvas';
import { getCanvas } from '../domain/canvas/get-canvas';
import { getCategory } from '../domain/canvas/get-category';
import { getSection } from '../domain/canvas/get-section';
import { resetCanvas } from '../domain/canvas/reset-canvas';
import { updateCanvasTitle } from '../domain/canvas/update-canvas-title';

// The group's schemas are built at its first request past the session check (functions/http/http.ts).
const contract = () => import('../../shared/api-contract/canvas').then((module) => module.canvasContract);

export const handler = createGroupHandler('canvas', canvasRoutes, contract, {
  createCanvas: async ({ session }) => ({ status: 201, body: await createCanvas(session) }),
  getOwnCanvas: async ({ session }) => ({ body: await getCanvas(session) }),
  getCanvas: async ({ session, path }) => ({ body: await getCanvas(session, path.familyId) }),
  updateCanvasTitle: async ({ session, body }) => ({ body: await updateCanvasTitle(session, body) }),
  resetCanvas: async ({ session }) => {
    await resetCanvas(session);
    return { status: 204 };
  },
  getSection: async ({ session, path }) => ({ body: await getSection(session, path.id) }),
  getCategory: async ({ session, path }) => ({ body: await getCategory(session, path.id) }),
});
