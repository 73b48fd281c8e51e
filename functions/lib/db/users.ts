import { GetCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import type { PrivacySettings, SigninResponse, UserProfile } from '../../../shared/contracts/auth';
import { PrivacyLevel } from '../../../shared/enums';
import { fail, isConditionalCheckFailure } from '../errors';
import type { StoredPassword } from '../passwords';
import { db, tableName } from './client';
import { keys } from './keys';

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
  createdAt: string;
};

export type LoginItem = StoredPassword & {
  type: 'Login';
  email: string;
  userId: string;
  passwordChangedAt: string;
};

export const defaultPrivacySettings: PrivacySettings = {
  email: PrivacyLevel.Everyone,
  phone: PrivacyLevel.Everyone,
  address: PrivacyLevel.Everyone,
};

/** The two puts of a new account; the login's condition is the unique-e-mail guard (put it first in a transaction). */
export function putNewAccount(user: UserItem, password: StoredPassword, at: string): [TransactWriteItem, TransactWriteItem] {
  const login: LoginItem = { type: 'Login', email: user.email, userId: user.id, ...password, passwordChangedAt: at };
  return [
    { Put: { TableName: tableName(), Item: { ...keys.email(user.email), ...login }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName(), Item: { ...keys.user(user.id), ...user }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
}

export async function getUser(userId: string): Promise<UserItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return result.Item as UserItem | undefined;
}

export async function getLogin(email: string): Promise<LoginItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.email(email) }));
  return result.Item as LoginItem | undefined;
}

/**
 * Stores this sign-in's date on a confirmed user and returns the user as it was before
 * (so with the previous lastLoginDate). An unconfirmed user → EMAIL_NOT_CONFIRMED (14).
 */
export async function recordSignin(userId: string, at: string): Promise<UserItem> {
  try {
    const result = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET lastLoginDate = :at',
        ConditionExpression: 'attribute_exists(PK) AND isEmailConfirmed = :true',
        ExpressionAttributeValues: { ':at': at, ':true': true },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return result.Attributes as UserItem;
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw fail('EMAIL_NOT_CONFIRMED');
    throw error;
  }
}

/** Marks the e-mail confirmed, as one item of a transaction. */
export function updateEmailConfirmed(userId: string): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET isEmailConfirmed = :true',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':true': true },
    },
  };
}

/**
 * Replaces the credentials of a login, as one item of a transaction. With `expectedHash`
 * the write only happens while the stored hash is still that one (a concurrent change wins).
 */
export function updatePassword(login: Pick<LoginItem, 'email' | 'userId'>, password: StoredPassword, at: string, expectedHash?: string): TransactWriteItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.email(login.email),
      UpdateExpression: 'SET passwordHash = :hash, passwordSalt = :salt, browserSalt = :browserSalt, passwordChangedAt = :at',
      ConditionExpression: `userId = :userId${expectedHash ? ' AND passwordHash = :expected' : ''}`,
      ExpressionAttributeValues: {
        ':hash': password.passwordHash,
        ':salt': password.passwordSalt,
        ':browserSalt': password.browserSalt,
        ':at': at,
        ':userId': login.userId,
        ...(expectedHash ? { ':expected': expectedHash } : {}),
      },
    },
  };
}

/** The signed-in user as GET /user/profile answers it. Addresses come with the addresses issue. */
export function toUserProfile(user: UserItem): UserProfile {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    prefix: user.prefix ?? null,
    email: user.email,
    phone: user.phone ?? null,
    isEmailConfirmed: user.isEmailConfirmed,
    lastLoginDate: user.lastLoginDate ?? null,
    addresses: [],
    privacySettings: user.privacySettings ?? defaultPrivacySettings,
  };
}

/** The user as POST /auth/signin answers it. */
export function toSigninResponse(user: UserItem): SigninResponse {
  const { privacySettings: _privacySettings, ...profile } = toUserProfile(user);
  return profile;
}
