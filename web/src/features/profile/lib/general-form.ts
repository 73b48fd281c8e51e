import * as z from 'zod';
import type { Address, UserProfile } from '../../../../../shared/contracts/auth';
import { AddressRequest, UpdateUserRequest, maxUserAddresses, namePrefixes, type NamePrefix } from '../../../../../shared/contracts/user';
import { messageKeys, nameField } from '../../../../../shared/validation';

/**
 * The General tab's form (docs/product/accounts.md#validation Profile): first and last name required (3+), a
 * prefix from the list or none, an optional phone, the addresses — each existing one must
 * stay complete, a new one is checked (and added) only when not empty. The rules are the
 * API's own (UpdateUserRequest, AddressRequest); Save is offered only when something changed.
 */

export const addressParts = ['streetAddress', 'city', 'postalCode', 'country'] as const;
export type AddressPartName = (typeof addressParts)[number];
export type GeneralFormValues = Record<string, string>;

/** Address slots: one per existing address (a0, a1, …), and `new` while there is room for one. */
export function addressSlots(addresses: readonly Address[]): string[] {
  const slots = addresses.map((_, index) => `a${index}`);
  return addresses.length < maxUserAddresses ? [...slots, 'new'] : slots;
}

export const slotField = (slot: string, part: AddressPartName) => `${slot}_${part}`;

const slotAddress = (values: GeneralFormValues, slot: string) =>
  Object.fromEntries(addressParts.map((part) => [part, values[slotField(slot, part)] ?? ''])) as Record<AddressPartName, string>;
const isEmpty = (address: Record<AddressPartName, string>) => addressParts.every((part) => address[part].trim() === '');

export function generalFormSchema(addresses: readonly Address[]) {
  const shape: Record<string, z.ZodType<unknown, string>> = {
    firstName: nameField(),
    lastName: nameField(),
    prefix: z.string().refine((value) => value === '' || (namePrefixes as readonly string[]).includes(value), { error: messageKeys.invalidInput }),
    phone: z.string().pipe(UpdateUserRequest.shape.phone as unknown as z.ZodType<string | null | undefined, string>),
    email: z.string(),
  };
  for (const slot of addressSlots(addresses)) for (const part of addressParts) shape[slotField(slot, part)] = z.string();
  return z.object(shape).superRefine((raw, context) => {
    const values = raw as GeneralFormValues;
    for (const slot of addressSlots(addresses)) {
      const address = slotAddress(values, slot);
      if (slot === 'new' && isEmpty(address)) continue;
      const parsed = AddressRequest.safeParse(address);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const part = issue.path[0];
        if (typeof part === 'string') context.addIssue({ code: 'custom', path: [slotField(slot, part as AddressPartName)], message: issue.message });
      }
    }
  });
}

export function toGeneralValues(profile: UserProfile): GeneralFormValues {
  const values: GeneralFormValues = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    prefix: profile.prefix ?? '',
    phone: profile.phone ?? '',
    email: profile.email,
  };
  for (const slot of addressSlots(profile.addresses)) {
    const address = slot === 'new' ? undefined : profile.addresses[Number(slot.slice(1))];
    for (const part of addressParts) values[slotField(slot, part)] = address?.[part] ?? '';
  }
  return values;
}

export function hasChanges(initial: GeneralFormValues, current: GeneralFormValues): boolean {
  return Object.keys(initial).some((field) => initial[field] !== current[field]);
}

export type GeneralSave = {
  user: UpdateUserRequest | null;
  addresses: Array<{ slot: string; request: AddressRequest; addressId?: string }>;
};

/** What Save sends: the changed person fields (trimmed; '' clears prefix and phone), each changed address. */
export function planGeneralSave(initial: GeneralFormValues, current: GeneralFormValues, addresses: readonly Address[]): GeneralSave {
  const user: UpdateUserRequest = {};
  if (current.firstName !== initial.firstName) user.firstName = (current.firstName ?? '').trim();
  if (current.lastName !== initial.lastName) user.lastName = (current.lastName ?? '').trim();
  if (current.prefix !== initial.prefix) user.prefix = current.prefix ? (current.prefix as NamePrefix) : null;
  if (current.phone !== initial.phone) user.phone = current.phone?.trim() ? current.phone.trim() : null;
  const saves: GeneralSave['addresses'] = [];
  for (const slot of addressSlots(addresses)) {
    const before = slotAddress(initial, slot);
    const after = slotAddress(current, slot);
    if (addressParts.every((part) => before[part] === after[part])) continue;
    if (slot === 'new' && isEmpty(after)) continue;
    saves.push({ slot, request: AddressRequest.parse(after), addressId: slot === 'new' ? undefined : addresses[Number(slot.slice(1))]?.id });
  }
  return { user: Object.keys(user).length ? user : null, addresses: saves };
}

/** Server field names of an address call → this form's (`city` → `a0_city`). */
export function addressErrorsFor(slot: string, errors: Record<string, string[]>): Record<string, string[]> {
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    mapped[(addressParts as readonly string[]).includes(field) ? slotField(slot, field as AddressPartName) : field] = messages;
  }
  return mapped;
}
