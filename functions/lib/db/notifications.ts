import { GetCommand, PutCommand, UpdateCommand, type TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { defaultDigestFrequency, hourBucketOf, nextDigestHour, type DigestFrequency } from '../../../shared/digest-schedule';
import { isConditionalCheckFailure } from '../errors';
import { db, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './query';

/**
 * A user's notification settings (`USER#<id>` / `NOTIFICATIONS`): the digest frequency,
 * the time zone it follows, and the dispatch index — GSI1 `DIGEST#<UTC hour>` of the next
 * hour the digest is due (absent when off), recomputed whenever the settings change or a
 * digest period is taken, so the hourly job reads the due users with one Query per hour
 * and never scans. `lastPeriod` is the period of the last digest (sent or found empty):
 * taking a period is a conditional write, so a retried run never sends twice.
 */
export type NotificationSettingsItem = {
  type: 'NotificationSettings';
  userId: string;
  digest: DigestFrequency;
  timeZone: string;
  /** Where the next digest's "what changed" starts: the previous digest's time (or when the settings began). */
  digestSince: string;
  lastPeriod?: string;
  nextDigestAt?: string;
  GSI1PK?: string;
  GSI1SK?: string;
};

/** The dispatch index fields of settings in this state, from `after` on. */
function dispatchFields(digest: DigestFrequency, timeZone: string, userId: string, after: Date) {
  const next = nextDigestHour(digest, timeZone, after);
  return next ? { nextDigestAt: next.toISOString(), GSI1PK: keys.digestsDueAt(hourBucketOf(next)), GSI1SK: userId } : undefined;
}

/** The settings a new account starts with: the weekly digest in the time zone of its browser. Part of the signup transaction. */
export function putNewNotificationSettings(userId: string, timeZone: string, at: Date): TransactWriteItem {
  const item: NotificationSettingsItem = {
    type: 'NotificationSettings',
    userId,
    digest: defaultDigestFrequency,
    timeZone,
    digestSince: at.toISOString(),
    ...dispatchFields(defaultDigestFrequency, timeZone, userId, at),
  };
  return { Put: { TableName: tableName(), Item: { ...keys.notificationSettings(userId), ...item }, ConditionExpression: 'attribute_not_exists(PK)' } };
}

export async function getNotificationSettings(userId: string): Promise<NotificationSettingsItem | undefined> {
  const result = await db().send(new GetCommand({ TableName: tableName(), Key: keys.notificationSettings(userId), ConsistentRead: true }));
  return result.Item as NotificationSettingsItem | undefined;
}

/**
 * Stores the frequency and time zone and moves the user to the hour their next digest is
 * due (off: out of the index). An account without settings (made before they existed) gets them.
 */
export async function saveNotificationSettings(userId: string, digest: DigestFrequency, timeZone: string, at: Date): Promise<NotificationSettingsItem> {
  const dispatch = dispatchFields(digest, timeZone, userId, at);
  const result = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationSettings(userId),
      UpdateExpression: dispatch
        ? 'SET #type = :type, userId = :userId, digest = :digest, #timeZone = :timeZone, digestSince = if_not_exists(digestSince, :at), nextDigestAt = :next, GSI1PK = :pk, GSI1SK = :sk'
        : 'SET #type = :type, userId = :userId, digest = :digest, #timeZone = :timeZone, digestSince = if_not_exists(digestSince, :at) REMOVE nextDigestAt, GSI1PK, GSI1SK',
      ExpressionAttributeNames: { '#type': 'type', '#timeZone': 'timeZone' },
      ExpressionAttributeValues: {
        ':type': 'NotificationSettings',
        ':userId': userId,
        ':digest': digest,
        ':timeZone': timeZone,
        ':at': at.toISOString(),
        ...(dispatch ? { ':next': dispatch.nextDigestAt, ':pk': dispatch.GSI1PK, ':sk': dispatch.GSI1SK } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return result.Attributes as NotificationSettingsItem;
}

/** The settings of the users whose digest is due in one UTC hour bucket. */
export async function digestsDueIn(hourBucket: string): Promise<NotificationSettingsItem[]> {
  return queryAll<NotificationSettingsItem>({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.digestsDueAt(hourBucket) },
  });
}

/**
 * Takes a digest period for the user, once: the period is recorded, "what changed" starts
 * again at `at`, and the user moves to the next due hour — on the condition that the period
 * is not taken yet and the settings are still the ones read. False when someone (a retry,
 * a parallel run, a change of settings) was first.
 */
export async function takeDigestPeriod(settings: NotificationSettingsItem, period: string, at: Date): Promise<boolean> {
  const dispatch = dispatchFields(settings.digest, settings.timeZone, settings.userId, at);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.notificationSettings(settings.userId),
        UpdateExpression: dispatch
          ? 'SET lastPeriod = :period, digestSince = :at, nextDigestAt = :next, GSI1PK = :pk, GSI1SK = :sk'
          : 'SET lastPeriod = :period, digestSince = :at REMOVE nextDigestAt, GSI1PK, GSI1SK',
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(lastPeriod) OR lastPeriod <> :period) AND digest = :digest AND #timeZone = :timeZone',
        ExpressionAttributeNames: { '#timeZone': 'timeZone' },
        ExpressionAttributeValues: {
          ':period': period,
          ':at': at.toISOString(),
          ':digest': settings.digest,
          ':timeZone': settings.timeZone,
          ...(dispatch ? { ':next': dispatch.nextDigestAt, ':pk': dispatch.GSI1PK, ':sk': dispatch.GSI1SK } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

/** Gives a taken period back when its mail could not be sent, so the retry sends it (only if nothing moved since). */
export async function releaseDigestPeriod(settings: NotificationSettingsItem, period: string): Promise<void> {
  const restore = { ...settings };
  delete (restore as Partial<NotificationSettingsItem>).lastPeriod;
  await db()
    .send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.notificationSettings(settings.userId), ...restore, ...(settings.lastPeriod ? { lastPeriod: settings.lastPeriod } : {}) },
        ConditionExpression: 'lastPeriod = :period',
        ExpressionAttributeValues: { ':period': period },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailure(error)) throw error;
    });
}

/** One-click unsubscribe: the digest off at once, out of the dispatch index; the same again changes nothing. */
export async function turnDigestOff(userId: string, at: Date): Promise<NotificationSettingsItem> {
  const current = await getNotificationSettings(userId);
  return saveNotificationSettings(userId, 'off', current?.timeZone ?? 'UTC', at);
}
