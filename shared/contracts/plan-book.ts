import * as z from 'zod';
import { messageKeys } from '../validation';
import { familyIdField } from './canvas';

/**
 * The plan book: a PDF of a family's canvas (POST /api/canvas/plan-book and
 * /api/canvas/plan-book/{familyId}). The answer is the PDF itself, not JSON.
 */

/** More than a canvas has (the template has 5 sections); a bound against abuse-sized bodies. */
export const maxPlanBookSections = 100;

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
});
export type PlanBookRequest = z.input<typeof PlanBookRequest>;

export const PlanBookFamilyPath = z.strictObject({ familyId: familyIdField() });
