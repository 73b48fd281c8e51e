import { CategoryIdPath, FamilyIdPath, SectionIdPath, UpdateCanvasTitleRequest } from '../../shared/contracts/canvas';
import { createGroupHandler, defineRoute } from '../lib/http';
import { createCanvas } from '../domain/canvas/create-canvas';
import { getCanvas } from '../domain/canvas/get-canvas';
import { getCategory } from '../domain/canvas/get-category';
import { getSection } from '../domain/canvas/get-section';
import { resetCanvas } from '../domain/canvas/reset-canvas';
import { updateCanvasTitle } from '../domain/canvas/update-canvas-title';

export const handler = createGroupHandler('canvas', {
  createCanvas: defineRoute({
    handler: async ({ session }) => ({ status: 201, body: await createCanvas(session) }),
  }),
  getOwnCanvas: defineRoute({
    handler: async ({ session }) => ({ body: await getCanvas(session) }),
  }),
  getCanvas: defineRoute({
    path: FamilyIdPath,
    handler: async ({ session, path }) => ({ body: await getCanvas(session, path.familyId) }),
  }),
  updateCanvasTitle: defineRoute({
    body: UpdateCanvasTitleRequest,
    handler: async ({ session, body }) => ({ body: await updateCanvasTitle(session, body) }),
  }),
  resetCanvas: defineRoute({
    handler: async ({ session }) => {
      await resetCanvas(session);
      return { status: 204 };
    },
  }),
  getSection: defineRoute({
    path: SectionIdPath,
    handler: async ({ session, path }) => ({ body: await getSection(session, path.id) }),
  }),
  getCategory: defineRoute({
    path: CategoryIdPath,
    handler: async ({ session, path }) => ({ body: await getCategory(session, path.id) }),
  }),
});
