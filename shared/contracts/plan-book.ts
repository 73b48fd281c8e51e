import * as z from 'zod';
import { messageKeys } from '../validation';
import { familyIdField } from './canvas';

/**
 * The plan book: a PDF of a family's canvas (POST /api/canvas/plan-book and
 * /api/canvas/plan-book/{familyId}). The answer is the PDF itself, not JSON.
 */

/** More than a canvas has (the template has 5 sections); a bound against abuse-sized bodies. */
export const maxPlanBookSections = 100;

/** The paper sizes a plan book is laid out for: A4 (595.28 × 841.89 pt) and US Letter (612 × 792 pt). */
export const planBookPageSizes = ['A4', 'Letter'] as const;
export type PlanBookPageSize = (typeof planBookPageSizes)[number];

export const PlanBookRequest = z.strictObject({
  /** Sections to include, in any order (the book keeps canvas order); left out: every visible section. */
  sectionIds: z
    .array(z.number({ error: messageKeys.invalidInput }).int({ error: messageKeys.invalidInput }).positive({ error: messageKeys.invalidInput }), {
      error: messageKeys.invalidInput,
    })
    .min(1, { error: messageKeys.required })
    .max(maxPlanBookSections, { error: messageKeys.tooLong })
    .transform((ids) => [...new Set(ids)])
    .optional(),
  /** The questions with their answers; default true. */
  includeAnswers: z.boolean({ error: messageKeys.invalidInput }).optional(),
  /** Leaves out the categories nobody has written anything in (no answer, takeaway, goal or action point); default true. */
  leaveOutEmptyCategories: z.boolean({ error: messageKeys.invalidInput }).optional(),
  /** The paper: A4 (default) or US Letter. */
  pageSize: z.enum(planBookPageSizes, { error: messageKeys.invalidInput }).optional(),
});
export type PlanBookRequest = z.input<typeof PlanBookRequest>;

export const PlanBookFamilyPath = z.strictObject({ familyId: familyIdField() });
