import * as z from 'zod';
import { messageKeys, nameField } from '../../../../../shared/validation';
import type { InvitationKind } from './kinds';

/**
 * The select pages' form (docs/product/invitations.md#screens, docs/product/invitations.md#select-pages):
 * one of the user's entities, or the sentinel for "create a new one", which then needs
 * a name (and for a family a canvas name, prefilled with the name plus ' Canvas').
 */

/** The sentinel value of the entity select that stands for "create a new one". */
export const createNewEntityValue = 'new';

export type SelectFormValues = { entityChoice: string; entityName: string; canvasName: string };

/** The canvas name a new family's name suggests (the server's default too). */
export function canvasNameFor(entityName: string): string {
  const name = entityName.trim();
  return name ? `${name} Canvas` : '';
}

/** The names are checked only for a new entity, with the shared name rule (required, 3+ characters, trimmed). */
export function selectFormSchema(kind: InvitationKind) {
  return z.object({ entityChoice: z.string(), entityName: z.string(), canvasName: z.string() }).superRefine((value, context) => {
    if (!value.entityChoice) context.addIssue({ code: 'custom', path: ['entityChoice'], message: messageKeys.required });
    if (value.entityChoice !== createNewEntityValue) return;
    const fields: Array<keyof SelectFormValues> = kind === 'family' ? ['entityName', 'canvasName'] : ['entityName'];
    for (const field of fields) {
      const result = nameField().safeParse(value[field]);
      if (!result.success) context.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]?.message ?? messageKeys.invalidInput });
    }
  });
}

/**
 * The values after the user picked `choice`: an existing entity clears the names; back to
 * "create new" starts from empty names (the canvas name follows the family name again).
 */
export function valuesAfterChoice(choice: string): SelectFormValues {
  return { entityChoice: choice, entityName: '', canvasName: '' };
}

/** The values after the family or company name changed: the canvas name follows it until the user edits it. */
export function valuesAfterName(values: SelectFormValues, entityName: string, kind: InvitationKind, isCanvasNameEdited: boolean): SelectFormValues {
  const canvasName = kind === 'family' && !isCanvasNameEdited ? canvasNameFor(entityName) : values.canvasName;
  return { ...values, entityName, canvasName };
}

/** The accept call's body: entityId null (create new) with the names, or the chosen entity's id. */
export function acceptBody(values: SelectFormValues, kind: InvitationKind, token: string) {
  if (values.entityChoice !== createNewEntityValue) return { token, entityId: Number(values.entityChoice) };
  const entityName = values.entityName.trim();
  return kind === 'family' ? { token, entityId: null, entityName, canvasName: values.canvasName.trim() } : { token, entityId: null, entityName };
}
