import * as z from 'zod';
import { EntityType, type EntityTypeId } from '../../../../../shared/enums';
import { limits, messageKeys, nameField } from '../../../../../shared/validation';
import type { MessageKey } from '../../../messages/en-US';

/**
 * The create-entity form (docs/product/organisations-and-members.md#validation "Entity name on creation"): the API's own rules
 * (CreateEntityRequest, shared/validation.ts), with the family- or company-specific message for a name that
 * is too short. A company has no canvas name: the field is not shown and not sent.
 */
export function createEntityFormSchema(entityTypeId: EntityTypeId) {
  const isFamily = entityTypeId === EntityType.Family;
  const patternMessage: MessageKey = isFamily ? 'createEntity.errors.familyNamePattern' : 'createEntity.errors.companyNamePattern';
  const entityName = z
    .string({ error: messageKeys.required })
    .trim()
    .min(1, { error: messageKeys.required })
    .min(3, { error: patternMessage })
    .max(limits.name, { error: messageKeys.tooLong });
  return z.object({
    entityName,
    // The rule CreateEntityRequest applies to a family's canvas name.
    canvasName: isFamily ? nameField() : z.string(),
  });
}
export type CreateEntityFormValues = z.input<ReturnType<typeof createEntityFormSchema>>;

/** The default canvas name of a family (docs/product/organisations-and-members.md#screens): the family name plus a canvas suffix. */
export function defaultCanvasName(entityName: string, suffix: string): string {
  const name = entityName.trim();
  return name ? `${name}${suffix}` : '';
}
