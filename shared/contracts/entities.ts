import * as z from 'zod';
import { addressTypes } from '../enums';
import { clearable, domainField, emailField, messageKeys, nameField, phoneField, unusedWhenBlank } from '../validation';
import { CurrentEntity, EntityAddress } from './auth';
import { numberOrNumericString, numericIdParameter } from './common';
import { addressRequestFields, withoutBodyId } from './user';

/**
 * Contracts of the entity calls (docs/product/organisations-and-members.md#calls, #fields Entity and Address, docs/product/organisations-and-members.md#validation entity
 * profile and creation rules). An entity as its member sees it carries every entity field
 * and the member's role and permissions (CurrentEntity, shared with POST
 * /auth/set-current-entity).
 */
export { CurrentEntity, EntityAddress };

// GET /api/entities: the caller's entities, oldest first, each with all its fields.
export const EntityListResponse = z.array(CurrentEntity);
export type EntityListResponse = z.infer<typeof EntityListResponse>;

// POST /api/entities
export const CreateEntityRequest = z.strictObject({
  /** Family 1 or advisor company 2; any other integer is answered INVALID_ENTITY_TYPE (11). */
  entityTypeId: numberOrNumericString(z.number({ error: messageKeys.required }).int({ error: messageKeys.invalidInput })),
  entityName: nameField(),
  /** Families only; defaults to the entity name plus ' Canvas'. Ignored for a company (null or '' there too). */
  canvasName: unusedWhenBlank(nameField()),
});
export type CreateEntityRequest = z.infer<typeof CreateEntityRequest>;
/** The new entity's id; the caller is its owner. */
export const CreateEntityResponse = z.object({ id: z.number() });
export type CreateEntityResponse = z.infer<typeof CreateEntityResponse>;

/** VAT or company registration number: letters, digits, spaces, dots and hyphens. */
const vatNumberField = () =>
  z
    .string({ error: messageKeys.required })
    .trim()
    .min(2, { error: messageKeys.invalidInput })
    .max(30, { error: messageKeys.tooLong })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .-]*$/, { error: messageKeys.invalidInput })
    .toUpperCase();

// PATCH /api/entities/update (the current entity). Absent fields stay; null or '' clears
// the optional ones. canvasName is required for a family and ignored for a company.
export const UpdateEntityRequest = z.strictObject({
  entityName: nameField().optional(),
  canvasName: clearable(nameField()),
  domain: clearable(domainField()),
  vatNumber: clearable(vatNumberField()),
  email: clearable(emailField()),
  phone: clearable(phoneField()),
});
export type UpdateEntityRequest = z.infer<typeof UpdateEntityRequest>;

// POST /api/entities/address and PATCH /api/entities/address/{id}: one address per type.
export const EntityAddressRequest = z
  .strictObject({ ...addressRequestFields, type: z.enum(addressTypes, { error: messageKeys.invalidInput }) })
  .transform(withoutBodyId);
export type EntityAddressRequest = z.output<typeof EntityAddressRequest>;
export const EntityAddressResponse = EntityAddress;
export type EntityAddressResponse = z.infer<typeof EntityAddressResponse>;

// GET /api/entities/{entityId}: the whole profile. email, phone and addresses are null or
// empty for a member without ReadSensitiveData.
export const EntityIdPath = z.strictObject({ entityId: numericIdParameter() });
export type EntityIdPath = z.infer<typeof EntityIdPath>;
export const EntityProfile = CurrentEntity;
export type EntityProfile = z.infer<typeof EntityProfile>;
/** PATCH /api/entities/update answers the profile after the change. */
export const UpdateEntityResponse = EntityProfile;
export type UpdateEntityResponse = z.infer<typeof UpdateEntityResponse>;
