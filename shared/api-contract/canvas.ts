/** The contract entries of the canvas group's routes (shared/routes.ts): its Lambda's bundle carries only these schemas. */
import {
  Canvas,
  CategoryIdPath,
  CategoryResponse,
  FamilyIdPath,
  SectionIdPath,
  SectionResponse,
  UpdateCanvasTitleRequest,
  UpdateCanvasTitleResponse,
} from '../contracts/canvas';
import { type GroupContract } from './endpoint';

export const canvasContract = {
  createCanvas: { response: Canvas },
  getOwnCanvas: { response: Canvas },
  getCanvas: { path: FamilyIdPath, response: Canvas },
  updateCanvasTitle: { body: UpdateCanvasTitleRequest, response: UpdateCanvasTitleResponse },
  resetCanvas: {},
  getSection: { path: SectionIdPath, response: SectionResponse },
  getCategory: { path: CategoryIdPath, response: CategoryResponse },
} as const satisfies GroupContract<'canvas'>;
