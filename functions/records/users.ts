import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetItems, retryWhileChanged, ChangedMeanwhile, ConditionFailed, itemExists, itemIsNew, sendWrite, type Write } from '../lib/db/table';
import type { Address, PrivacySettings, SigninResponse, UserProfile } from '../../shared/contracts/auth';
import { maxUserAddresses } from '../../shared/contract-limits';
import type { AddressRequest, UpdateUserRequest } from '../../shared/contracts/user';
import { PrivacyLevel } from '../../shared/enums';
import { fail } from '../lib/errors';
import type { StoredPassword } from './passwords';
import { db, tableName } from '../lib/db/client';
import { keys, newId } from '../lib/db/keys';
import type { KnownDevices } from './known-devices';
import { putNewNotificationSettings } from './notification-settings';
import { isTimeZone } from '../../shared/dates';

/**
 * Users (USER#id / PROFILE) and their logins (EMAIL#address / EMAIL). The login item is
 * the unique-e-mail guard and holds the credentials, so password secrets never sit on the
 * profile item that profile reads return, and POST /auth/salt is one GetItem.
 */
export type UserItem = {
  type: 'User';
  id: string;
  firstName: string;
  lastName: string;
  prefix: string | null;
  email: string;
  phone: string | null;
  isEmailConfirmed: boolean;
  /** ISO date of the latest sign-in. */
  lastLoginDate: string | null;
  privacySettings: PrivacySettings;
  /**
   * The user's addresses, kept on the profile item (at most maxUserAddresses): member and
   * owner lists then read every member's address with one BatchGet instead of a Query each.
   */
  addresses?: Address[];
  createdAt: string;
  /** TOTP is on (the secret itself sits on its own item, keys.totp). */
  totpEnabled?: boolean;
  /** The devices the account signed in from (./known-devices.ts), written with each sign-in. */
  knownDevices?: KnownDevices;
  /** How many passkeys the user keeps (functions/records/passkeys.ts counts them; hasSecondFactor in shared/permissions.ts reads it); absent: none. */
  passkeyCount?: number;
};

export type LoginItem = StoredPassword & {
  type: 'Login';
  email: string;
  userId: string;
  passwordChangedAt: string;
  /** The hash of the newest reset link's token: only that link resets the password (functions/domain/accounts/reset-password.ts). */
  resetTokenHash?: string;
};

export const defaultPrivacySettings: PrivacySettings = {
  email: PrivacyLevel.Everyone,
  phone: PrivacyLevel.Everyone,
  address: PrivacyLevel.Everyone,
};

/**
 * A new user as signup makes it: the names and e-mail of the form, no prefix, phone or
 * address yet, the default privacy settings; `isEmailConfirmed` when an invitation link
 * proved the address.
 */
export function newUserItem(input: Pick<UserItem, 'firstName' | 'lastName' | 'email'>, options: { isEmailConfirmed: boolean; at: string }): UserItem {
  return {
    type: 'User',
    id: newId(),
    firstName: input.firstName,
    lastName: input.lastName,
    prefix: null,
    email: input.email,
    phone: null,
    isEmailConfirmed: options.isEmailConfirmed,
    lastLoginDate: null,
    privacySettings: defaultPrivacySettings,
    addresses: [],
    createdAt: options.at,
  };
}

/**
 * The writes of a new account: login, profile and notification settings (the weekly digest
 * in the browser's time zone, UTC when it sent none). The login's condition is the
 * unique-e-mail guard, named `emailInUse`.
 */
export function putNewAccount(user: UserItem, password: StoredPassword, at: string, timeZone = 'UTC'): [Write<'emailInUse'>, Write<'emailInUse'>, Write] {
  const login: LoginItem = { type: 'Login', email: user.email, userId: user.id, ...password, passwordChangedAt: at };
  return [
    { put: { ...keys.email(user.email), ...login }, condition: itemIsNew, name: 'emailInUse' },
    { put: { ...keys.user(user.id), ...user }, condition: itemIsNew },
    putNewNotificationSettings(user.id, isTimeZone(timeZone) ? timeZone : 'UTC', new Date(at)),
  ];
}

/** The user's profile item; `consistent` right after a write of it (a factor just removed). */
/** The key of a user's item, for a read of the caller's that carries it with others (the sign-in's throttle counts). */
export function userItemKey(userId: string): { PK: string; SK: string } {
  return keys.user(userId);
}

export async function getUser(userId: string, options: { consistent?: boolean } = {}): Promise<UserItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId), ...(options.consistent ? { ConsistentRead: true } : {}) }));
  return result.Item as UserItem | undefined;
}

/** Makes a reset token the newest of its login: every reset link sent before it dies. */
export async function markNewestResetToken(login: Pick<LoginItem, 'email' | 'userId'>, tokenHash: string): Promise<void> {
  await sendWrite({
    update: keys.email(login.email),
    spec: { set: { resetTokenHash: tokenHash } },
    condition: { expression: 'userId = :userId', values: { ':userId': login.userId } },
  });
}

export async function getLogin(email: string): Promise<LoginItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.email(email) }));
  return result.Item as LoginItem | undefined;
}

/**
 * Stores this sign-in's date and the devices on a confirmed user, as one write of the
 * sign-in's transaction (condition `emailConfirmed`: an unconfirmed user → EMAIL_NOT_CONFIRMED, 14).
 */
export function recordSignin(userId: string, at: string, knownDevices: KnownDevices): Write<'emailConfirmed'> {
  return {
    update: keys.user(userId),
    spec: { set: { lastLoginDate: at, knownDevices } },
    condition: { expression: 'attribute_exists(PK) AND isEmailConfirmed = :true', values: { ':true': true } },
    name: 'emailConfirmed',
  };
}

/** Marks the e-mail confirmed, as one write of a transaction (condition `userExists`). */
export function updateEmailConfirmed(userId: string): Write<'userExists'> {
  return { update: keys.user(userId), spec: { set: { isEmailConfirmed: true } }, condition: itemExists, name: 'userExists' };
}

/**
 * Replaces the credentials of a login, as one write of a transaction (condition
 * `passwordUnchanged`). With `expectedHash` the write only happens while the stored hash is
 * still that one (a concurrent change wins).
 */
export function updatePassword(
  login: Pick<LoginItem, 'email' | 'userId'>,
  password: StoredPassword,
  at: string,
  expectedHash?: string,
): Write<'passwordUnchanged'> {
  return {
    update: keys.email(login.email),
    spec: { set: { passwordHash: password.passwordHash, passwordSalt: password.passwordSalt, browserSalt: password.browserSalt, passwordChangedAt: at } },
    condition: {
      expression: `userId = :userId${expectedHash ? ' AND passwordHash = :expected' : ''}`,
      values: { ':userId': login.userId, ...(expectedHash ? { ':expected': expectedHash } : {}) },
    },
    name: 'passwordUnchanged',
  };
}

/**
 * Makes the login's password unusable: the stored hash becomes `lockedHash` (random bytes no
 * password matches) until a reset sets a new one; passwordChangedAt moves, so every reset
 * link sent before dies.
 */
export async function lockPassword(email: string, lockedHash: string, at: string): Promise<void> {
  await sendWrite({ update: keys.email(email), spec: { set: { passwordHash: lockedHash, passwordChangedAt: at } }, condition: itemExists });
}

/** A person's id and name fields, as every view of a person begins. */
export function nameFieldsOf(user: UserItem): { id: string; firstName: string; lastName: string; prefix: string | null } {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, prefix: user.prefix ?? null };
}

/** The signed-in user as GET /user/profile answers it. */
export function toUserProfile(user: UserItem): UserProfile {
  return {
    ...nameFieldsOf(user),
    email: user.email,
    phone: user.phone ?? null,
    isEmailConfirmed: user.isEmailConfirmed,
    lastLoginDate: user.lastLoginDate ?? null,
    addresses: user.addresses ?? [],
    privacySettings: user.privacySettings ?? defaultPrivacySettings,
  };
}

/** "Dr Ada Lovelace": prefix, first and last name, as member lists and e-mails show a person. */
export function fullName(user: Pick<UserItem, 'prefix' | 'firstName' | 'lastName'>): string {
  return [user.prefix, user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The user as POST /auth/signin answers it. */
export function toSigninResponse(user: UserItem): SigninResponse {
  const { privacySettings: _privacySettings, ...profile } = toUserProfile(user);
  return profile;
}

/** Several users by id, in one BatchGet (missing ones are left out). */
export async function getUsers(userIds: readonly string[]): Promise<Map<string, UserItem>> {
  const items = await batchGetItems<UserItem>([...new Set(userIds)].map((id) => keys.user(id)));
  return new Map(items.map((item) => [item.id, item]));
}

/** Changes the name, prefix or phone of a user (absent fields stay, null clears); returns the new user. */
export async function updateUserProfile(userId: string, changes: UpdateUserRequest): Promise<UserItem> {
  const set: Record<string, unknown> = {};
  for (const field of ['firstName', 'lastName', 'prefix', 'phone'] as const) {
    if (changes[field] !== undefined) set[field] = changes[field];
  }
  if (!Object.keys(set).length) {
    const user = await getUser(userId);
    if (!user) throw fail('ITEM_NOT_FOUND');
    return user;
  }
  try {
    return (await sendWrite({ update: keys.user(userId), spec: { set }, condition: itemExists })) as UserItem;
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
}

/**
 * Adds an address to a user's profile. The condition keeps the list at most
 * maxUserAddresses long even under concurrent adds (ITEM_FOUND, 9, when full).
 */
export async function addUserAddress(userId: string, input: AddressRequest): Promise<Address> {
  const address: Address = { id: newId(), ...input };
  try {
    await sendWrite({
      update: keys.user(userId),
      spec: { append: { addresses: [address] } },
      condition: { expression: 'attribute_exists(PK) AND (attribute_not_exists(#addresses) OR size(#addresses) < :max)', values: { ':max': maxUserAddresses } },
    });
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('ITEM_FOUND', { message: `A profile keeps at most ${maxUserAddresses} addresses.` });
    throw error;
  }
  return address;
}

/**
 * Replaces one address of a user. The update names the list position it read and checks
 * the id is still there, so a concurrent change of the list cannot overwrite another one
 * (then it reads the list again: three tries).
 */
export async function updateUserAddress(userId: string, addressId: string, input: AddressRequest): Promise<Address> {
  const address: Address = { id: addressId, ...input };
  return retryWhileChanged(
    async () => {
      const user = await getUser(userId);
      const index = (user?.addresses ?? []).findIndex((a) => a.id === addressId);
      if (index < 0) throw fail('ITEM_NOT_FOUND');
      try {
        await sendWrite({
          update: keys.user(userId),
          spec: { set: { [`addresses[${index}]`]: address } },
          condition: { expression: `#addresses[${index}].#id = :id`, values: { ':id': addressId } },
        });
      } catch (error) {
        if (error instanceof ConditionFailed) throw new ChangedMeanwhile();
        throw error;
      }
      return address;
    },
    { attempts: 3 },
  );
}

/** Stores the three privacy levels of a user. */
export async function updatePrivacySettings(userId: string, settings: PrivacySettings): Promise<PrivacySettings> {
  try {
    await sendWrite({
      update: keys.user(userId),
      spec: { set: { privacySettings: { email: settings.email, phone: settings.phone, address: settings.address } } },
      condition: itemExists,
    });
  } catch (error) {
    if (error instanceof ConditionFailed) throw fail('ITEM_NOT_FOUND');
    throw error;
  }
  return settings;
}
