import * as z from 'zod';
import { messageKeys } from '../validation';

/**
 * Small pieces several contracts share: ids in paths and bodies. Ids are checked for
 * shape only (letters, digits, - and _); whether one exists, and whether the caller may
 * see it, is the server's answer (ITEM_NOT_FOUND, 4).
 */
export const idField = () =>
  z
    .string({ error: messageKeys.required })
    .trim()
    .min(1, { error: messageKeys.required })
    .max(64, { error: messageKeys.tooLong })
    .regex(/^[A-Za-z0-9_-]+$/, { error: messageKeys.invalidInput });

/** A numeric id as it arrives in a path: digits only. */
export const numericIdParameter = () =>
  z
    .string({ error: messageKeys.required })
    .regex(/^[1-9]\d{0,11}$/, { error: messageKeys.invalidInput })
    .transform(Number);

/**
 * A number field of a body that also takes the number as a numeric string ('12'): the
 * spec's client may send ids read from a select or a route parameter as text. Only
 * plain decimal integers are converted; anything else reaches `schema` unchanged and is
 * refused there ('12abc', '1e3', '' stay strings).
 */
export const numberOrNumericString = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && /^\s*-?\d{1,12}\s*$/.test(value) ? Number(value) : value), schema);

/** `{id}` in a body (send-email, resend). */
export const IdRequest = z.strictObject({ id: idField() });
export type IdRequest = z.infer<typeof IdRequest>;

/** `{id}` in a path (`/user/address/{id}`, `/member-invitation/revoke/{id}`). */
export const IdPath = z.strictObject({ id: idField() });
export type IdPath = z.infer<typeof IdPath>;

/** The answer of a call that creates something with a random id. */
export const IdResponse = z.object({ id: z.string() });
export type IdResponse = z.infer<typeof IdResponse>;
