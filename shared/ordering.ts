import * as z from 'zod';
import { type SortKey } from './sort-rows';
import { messageKeys } from './validation';

/** The sort itself and its keys: shared/sort-rows.ts (no zod). */
export { sortRows, type SortKey } from './sort-rows';

/** The `orderBy` query parameter for a list whose sortable fields are `fields`. */
export function orderByParameter<const F extends string>(fields: readonly F[]) {
  const allowed = new Set<string>(fields);
  return z
    .string()
    .max(300, { error: messageKeys.tooLong })
    .transform((value, context) => {
      const keys: Array<SortKey<F>> = [];
      for (const raw of value.split(',')) {
        const part = raw.trim();
        if (!part) continue;
        const isDescending = part.startsWith('-');
        const field = part.replace(/^[-+]/, '');
        if (!allowed.has(field)) {
          context.addIssue({ code: 'custom', message: messageKeys.invalidInput });
          return z.NEVER;
        }
        if (!keys.some((key) => key.field === field)) keys.push({ field: field as F, isDescending });
      }
      return keys;
    });
}
