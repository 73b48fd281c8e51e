import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationSettings } from '../../shared/contracts/notifications';
import { defaultDigestFrequency, hourBucketOf, nextDigestHour, type DigestFrequency } from '../../shared/digest-schedule';
import { db, tableName } from '../lib/db/client';
import { keys } from '../lib/db/keys';
import { queryAll, ConditionFailed, itemIsNew, sendWrite, type UpdateSpec, type Write } from '../lib/db/table';

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

/** The settings as the API shows them. */
export function toNotificationSettings(item: Pick<NotificationSettingsItem, 'digest' | 'timeZone' | 'nextDigestAt'>): NotificationSettings {
  return { digest: item.digest, timeZone: item.timeZone, nextDigestDate: item.nextDigestAt ?? null };
}

/** The dispatch index fields of settings in this state, from `after` on. */
function dispatchFields(digest: DigestFrequency, timeZone: string, userId: string, after: Date) {
  const next = nextDigestHour(digest, timeZone, after);
  return next ? { nextDigestAt: next.toISOString(), GSI1PK: keys.digestsDueAt(hourBucketOf(next)), GSI1SK: userId } : undefined;
}

/** The update of the dispatch index: the next due hour, or out of the index (off). */
function dispatchSpec(dispatch: ReturnType<typeof dispatchFields>): Pick<UpdateSpec, 'set' | 'remove'> {
  return dispatch ? { set: { ...dispatch } } : { remove: ['nextDigestAt', 'GSI1PK', 'GSI1SK'] };
}

/** The settings a new account starts with: the weekly digest in the time zone of its browser. Part of the signup transaction. */
export function putNewNotificationSettings(userId: string, timeZone: string, at: Date): Write {
  const item: NotificationSettingsItem = {
    type: 'NotificationSettings',
    userId,
    digest: defaultDigestFrequency,
    timeZone,
    digestSince: at.toISOString(),
    ...dispatchFields(defaultDigestFrequency, timeZone, userId, at),
  };
  return { put: { ...keys.notificationSettings(userId), ...item }, condition: itemIsNew };
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
  const index = dispatchSpec(dispatch);
  const attributes = await sendWrite({
    update: keys.notificationSettings(userId),
    spec: {
      set: { type: 'NotificationSettings', userId, digest, timeZone, ...index.set },
      setIfAbsent: { digestSince: at.toISOString() },
      remove: index.remove,
    },
  });
  return attributes as NotificationSettingsItem;
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
  const index = dispatchSpec(dispatch);
  try {
    await sendWrite({
      update: keys.notificationSettings(settings.userId),
      spec: { set: { lastPeriod: period, digestSince: at.toISOString(), ...index.set }, remove: index.remove },
      condition: {
        expression: 'attribute_exists(PK) AND (attribute_not_exists(lastPeriod) OR lastPeriod <> :period) AND digest = :digest AND #timeZone = :timeZone',
        values: { ':period': period, ':digest': settings.digest, ':timeZone': settings.timeZone },
      },
      name: 'periodFree',
    });
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.condition === 'periodFree') return false;
    throw error;
  }
}

/** Gives a taken period back when its mail could not be sent, so the retry sends it (only if nothing moved since). */
export async function releaseDigestPeriod(settings: NotificationSettingsItem, period: string): Promise<void> {
  const restore = { ...settings };
  delete (restore as Partial<NotificationSettingsItem>).lastPeriod;
  try {
    await sendWrite({
      put: { ...keys.notificationSettings(settings.userId), ...restore, ...(settings.lastPeriod ? { lastPeriod: settings.lastPeriod } : {}) },
      condition: { expression: 'lastPeriod = :period', values: { ':period': period } },
      name: 'periodStillOurs',
    });
  } catch (error) {
    if (!(error instanceof ConditionFailed && error.condition === 'periodStillOurs')) throw error;
  }
}

/** One-click unsubscribe: the digest off at once, out of the dispatch index; the same again changes nothing. */
export async function turnDigestOff(userId: string, at: Date): Promise<NotificationSettingsItem> {
  const current = await getNotificationSettings(userId);
  return saveNotificationSettings(userId, 'off', current?.timeZone ?? 'UTC', at);
}
