import * as z from 'zod';
import { countries } from '../countries';
import { PrivacyLevel, privacyLevelIds } from '../enums';
import { clearable, cityField, countryField, messageKeys, nameField, phoneField, postalCodeField, streetAddressField } from '../validation';
import { idField } from './common';
import { Address, PrivacySettings, UserProfile } from './auth';

/**
 * Contracts of the user calls (docs/product/accounts.md#calls, #fields User, privacy settings, address,
 * country; docs/product/accounts.md#validation profile rules). The profile itself (UserProfile, Address,
 * PrivacySettings) is in ./auth, which sign-in shares.
 */
export { Address, PrivacySettings, UserProfile };

export type NamePrefix = (typeof namePrefixes)[number];
export const PrefixesResponse = z.array(z.enum(namePrefixes));
export type PrefixesResponse = z.infer<typeof PrefixesResponse>;

// PATCH /api/user/{userId}: absent fields stay as they are; null or '' clears prefix and phone.
export const UserIdPath = z.strictObject({ userId: idField() });
export type UserIdPath = z.infer<typeof UserIdPath>;
export const UpdateUserRequest = z.strictObject({
  firstName: nameField().optional(),
  lastName: nameField().optional(),
  prefix: clearable(z.enum(namePrefixes, { error: messageKeys.invalidInput })),
  phone: clearable(phoneField()),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
/** The whole profile after the change. */
export const UpdateUserResponse = UserProfile;
export type UpdateUserResponse = z.infer<typeof UpdateUserResponse>;

/** The fields of an address body, shared by user and entity addresses. */
export const addressRequestFields = {
  streetAddress: streetAddressField(),
  city: cityField(),
  postalCode: postalCodeField(),
  country: countryField(),
  /**
   * The spec's client sends an address back as it read it, id included. The id that counts
   * is the path's (or a new one): the body's is accepted and dropped (withoutBodyId).
   */
  id: z
    .union([z.string().max(64, { error: messageKeys.tooLong }), z.number()], { error: messageKeys.invalidInput })
    .nullable()
    .optional(),
};

/** Drops the body's address id (see addressRequestFields), so it can never replace the real one. */
export const withoutBodyId = <T extends { id?: unknown }>({ id: _ignored, ...address }: T): Omit<T, 'id'> => address;

// POST /api/user/address and PATCH /api/user/address/{id}: the whole address each time.
export const AddressRequest = z.strictObject(addressRequestFields).transform(withoutBodyId);
export type AddressRequest = z.output<typeof AddressRequest>;
/** The stored address with its id. */
export const AddressResponse = Address;
export type AddressResponse = z.infer<typeof AddressResponse>;
import { maxUserAddresses, namePrefixes, privacyLevelNames, privacyLevels } from '../contract-limits';

// Plain values the functions read too live in shared/contract-limits.ts (they need no schema).
export { maxUserAddresses, namePrefixes };

// GET /api/privacy-settings: the levels a setting can take (privacyLevels).
export { privacyLevelNames, privacyLevels };
export const PrivacyLevelsResponse = z.array(z.object({ id: z.literal(privacyLevelIds), name: z.string() }));
export type PrivacyLevelsResponse = z.infer<typeof PrivacyLevelsResponse>;

// POST /api/user/privacy: each setting 1, 5 or 10; one left out is Everyone (10), the default.
const privacyLevel = () => z.literal(privacyLevelIds, { error: messageKeys.invalidInput }).default(PrivacyLevel.Everyone);
export const PrivacySettingsRequest = z.strictObject({ address: privacyLevel(), phone: privacyLevel(), email: privacyLevel() });
export type PrivacySettingsRequest = z.infer<typeof PrivacySettingsRequest>;
export const PrivacySettingsResponse = PrivacySettings;
export type PrivacySettingsResponse = z.infer<typeof PrivacySettingsResponse>;

// GET /api/addresses/countries: ISO 3166-1 alpha-2 codes with English names, sorted by name.
export const CountriesResponse = z.array(z.object({ code: z.string(), name: z.string() }));
export type CountriesResponse = z.infer<typeof CountriesResponse>;
export { countries };
