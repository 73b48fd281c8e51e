import * as z from 'zod';
import { priorities } from '../enums';

/**
 * GET /api/canvas-action-point/mine: the caller's open action points across every family
 * canvas they can see with their current entity (their family's, or the client families of
 * their advisor company), only from sections they may see. Sorted by due date (so overdue
 * ones first; none last), then priority, then title.
 */
export const MyActionPoint = z.object({
  id: z.string(),
  familyId: z.number(),
  familyName: z.string(),
  sectionId: z.number(),
  categoryId: z.number(),
  categoryTitle: z.string(),
  /** Hex colour without '#'. */
  categoryColorCode: z.string(),
  title: z.string(),
  priority: z.enum(priorities),
  /** YYYY-MM-DD, or null without one. */
  dueDate: z.string().nullable(),
  /** The linked goals the caller can see. */
  linkedGoals: z.array(z.object({ id: z.string(), categoryId: z.number(), title: z.string() })),
  createdDate: z.string(),
});
export type MyActionPoint = z.infer<typeof MyActionPoint>;

export const MyActionPointsResponse = z.object({ actionPoints: z.array(MyActionPoint) });
export type MyActionPointsResponse = z.infer<typeof MyActionPointsResponse>;
