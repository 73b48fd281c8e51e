import * as z from 'zod';
import type { EntityAddressRequest, EntityProfile, UpdateEntityRequest } from '../../../../../shared/contracts/entities';
import { UpdateEntityRequest as UpdateEntityRequestSchema } from '../../../../../shared/contracts/entities';
import { AddressRequest } from '../../../../../shared/contracts/user';
import type { AddressType } from '../../../../../shared/enums';
import { nameField } from '../../../../../shared/validation';

/**
 * The General tab's form (docs/product/accounts.md#validation "Entity profile"): the API's own rules
 * (UpdateEntityRequest, AddressRequest) over one flat set of text fields. The name is
 * required; a family's canvas name too; domain, VAT number, e-mail and phone may be left
 * empty (which clears them). An address is checked, and added, only when not empty; one
 * that exists must stay complete (there is no call that deletes it).
 */

export const entityInfoFields = ['entityName', 'canvasName', 'domain', 'vatNumber', 'email', 'phone'] as const;
export type EntityInfoField = (typeof entityInfoFields)[number];

const addressPartNames = ['streetAddress', 'city', 'postalCode', 'country'] as const;
type AddressPartName = (typeof addressPartNames)[number];
const prefixes: Record<AddressType, 'shipping' | 'billing'> = { Shipping: 'shipping', Billing: 'billing' };
export const addressTypesInOrder: readonly AddressType[] = ['Shipping', 'Billing'];

/** `Shipping`, `city` → `shippingCity`. */
export function addressFieldName(type: AddressType, part: AddressPartName): AddressFormField {
  return `${prefixes[type]}${part.charAt(0).toUpperCase()}${part.slice(1)}` as AddressFormField;
}
type AddressFormField = `${'shipping' | 'billing'}${'StreetAddress' | 'City' | 'PostalCode' | 'Country'}`;

export type EntityProfileFormValues = Record<EntityInfoField | AddressFormField, string>;

/** Text of an optional field, piped into the API's clearable rule ('' clears it). */
const clearableText = <S extends z.ZodType<unknown, unknown>>(schema: S) => z.string().pipe(schema as unknown as z.ZodType<z.output<S>, string>);

export function entityProfileFormSchema(options: { isFamily: boolean; existingAddressTypes: readonly AddressType[] }) {
  const addressText = () => z.string();
  return z
    .object({
      entityName: nameField(),
      canvasName: options.isFamily ? nameField() : z.string(),
      domain: clearableText(UpdateEntityRequestSchema.shape.domain),
      vatNumber: clearableText(UpdateEntityRequestSchema.shape.vatNumber),
      email: clearableText(UpdateEntityRequestSchema.shape.email),
      phone: clearableText(UpdateEntityRequestSchema.shape.phone),
      shippingStreetAddress: addressText(),
      shippingCity: addressText(),
      shippingPostalCode: addressText(),
      shippingCountry: addressText(),
      billingStreetAddress: addressText(),
      billingCity: addressText(),
      billingPostalCode: addressText(),
      billingCountry: addressText(),
    })
    .superRefine((values, context) => {
      for (const type of addressTypesInOrder) {
        const address = addressOf(values, type);
        if (isEmptyAddress(address) && !options.existingAddressTypes.includes(type)) continue;
        const parsed = AddressRequest.safeParse(address);
        if (parsed.success) continue;
        for (const issue of parsed.error.issues) {
          const part = issue.path[0];
          if (typeof part === 'string' && (addressPartNames as readonly string[]).includes(part)) {
            context.addIssue({ code: 'custom', path: [addressFieldName(type, part as AddressPartName)], message: issue.message });
          }
        }
      }
    });
}

export function addressOf(values: Pick<EntityProfileFormValues, AddressFormField>, type: AddressType): Record<AddressPartName, string> {
  return {
    streetAddress: values[addressFieldName(type, 'streetAddress')],
    city: values[addressFieldName(type, 'city')],
    postalCode: values[addressFieldName(type, 'postalCode')],
    country: values[addressFieldName(type, 'country')],
  };
}

export function isEmptyAddress(address: Record<AddressPartName, string>): boolean {
  return addressPartNames.every((part) => address[part].trim() === '');
}

/** The profile as the form's starting values. */
export function toFormValues(profile: EntityProfile): EntityProfileFormValues {
  const values = {
    entityName: profile.entityName,
    canvasName: profile.canvasName ?? '',
    domain: profile.domain ?? '',
    vatNumber: profile.vatNumber ?? '',
    email: profile.email ?? '',
    phone: profile.phone ?? '',
  } as EntityProfileFormValues;
  for (const type of addressTypesInOrder) {
    const address = profile.addresses.find((item) => item.type === type);
    for (const part of addressPartNames) values[addressFieldName(type, part)] = address?.[part] ?? '';
  }
  return values;
}

export type EntityProfileSave = {
  info: UpdateEntityRequest | null;
  addresses: Array<{ request: EntityAddressRequest; addressId?: string }>;
};

/**
 * What a save sends: only the entity fields that changed (parsed: trimmed, '' → null), and
 * each address that changed — replaced when it exists, added when new and not empty.
 */
export function planSave(
  initial: EntityProfileFormValues,
  current: EntityProfileFormValues,
  parsed: Record<EntityInfoField, unknown>,
  profile: Pick<EntityProfile, 'addresses'>,
  isFamily: boolean,
): EntityProfileSave {
  const info: Record<string, unknown> = {};
  for (const field of entityInfoFields) {
    if (field === 'canvasName' && !isFamily) continue;
    if (current[field] !== initial[field]) info[field] = parsed[field] ?? null;
  }
  const addresses: EntityProfileSave['addresses'] = [];
  for (const type of addressTypesInOrder) {
    const before = addressOf(initial, type);
    const after = addressOf(current, type);
    if (addressPartNames.every((part) => before[part] === after[part])) continue;
    const existing = profile.addresses.find((item) => item.type === type);
    if (!existing && isEmptyAddress(after)) continue;
    const request = AddressRequest.parse(after);
    addresses.push({ request: { ...request, type }, addressId: existing?.id });
  }
  return { info: Object.keys(info).length ? (info as UpdateEntityRequest) : null, addresses };
}

/** Server field names of an address call → this form's (`city` → `billingCity`). */
export function addressErrorsFor(type: AddressType, errors: Record<string, string[]>): Record<string, string[]> {
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    mapped[(addressPartNames as readonly string[]).includes(field) ? addressFieldName(type, field as AddressPartName) : field] = messages;
  }
  return mapped;
}

export function hasChanges(initial: EntityProfileFormValues, current: EntityProfileFormValues): boolean {
  return (Object.keys(initial) as Array<keyof EntityProfileFormValues>).some((field) => initial[field] !== current[field]);
}
