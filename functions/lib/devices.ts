import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { UAParser } from 'ua-parser-js';
import { now, nowEpochSeconds } from './clock';
import { db, tableName } from './db/client';
import { keys } from './db/keys';
import { queryAll } from './db/query';
import type { UserItem } from './db/users';
import { describeError, log } from './logger';
import { mayCourtesyMail } from './limits/mail';
import { sendEmail } from '../domain/notifications/mailer';
import { appLink, emailTemplates } from '../domain/notifications/templates';

/**
 * Devices: a browser and system as told by the User-Agent (ua-parser-js 1.x, MIT; 2.x is
 * AGPL), for the sessions list and for the e-mail a sign-in from a new device sends.
 */
export type Device = { browser: string | null; os: string | null; type: string | null };

export function parseDevice(userAgent: string): Device {
  if (!userAgent) return { browser: null, os: null, type: null };
  const result = new UAParser(userAgent).getResult();
  return { browser: result.browser.name ?? null, os: result.os.name ?? null, type: result.device.type ?? null };
}

/** "Chrome on Mac OS", "Mobile Safari on iOS", "Chrome on Android (tablet)", or "Unknown device". */
export function describeDevice(userAgent: string): string {
  const device = parseDevice(userAgent);
  if (!device.browser && !device.os) return 'Unknown device';
  const label = `${device.browser ?? 'Unknown browser'} on ${device.os ?? 'an unknown system'}`;
  // The kind of device when the browser's name does not say it already ("Mobile Safari").
  return device.type && !label.toLowerCase().includes(device.type) ? `${label} (${device.type})` : label;
}

/** A known device is remembered this long after its last sign-in. */
const knownDeviceDays = 180;

function deviceHash(userAgent: string): string {
  const device = parseDevice(userAgent);
  // Browser and system, not their versions: an update is no new device.
  return createHash('sha256').update(`${device.browser}|${device.os}|${device.type}`).digest('hex').slice(0, 32);
}

/**
 * Notes the device of a sign-in; when the account has signed in before but never from
 * this device, e-mails the owner (at most 5 such mails an hour). The very first device
 * of an account sends nothing. Never fails the sign-in: a failure is logged.
 */
export async function noteSigninDevice(user: Pick<UserItem, 'id' | 'email' | 'firstName'>, userAgent: string): Promise<void> {
  try {
    const hash = deviceHash(userAgent);
    const known = await queryAll<{ SK: string }>({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(user.id).PK, ':prefix': keys.knownDevicePrefix },
      ProjectionExpression: 'SK',
    });
    const nowS = nowEpochSeconds();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.knownDevice(user.id, hash), type: 'KnownDevice', label: describeDevice(userAgent), lastSeenAt: nowS, expiresAt: nowS + knownDeviceDays * 86400 },
      }),
    );
    const isNew = known.length > 0 && !known.some((item) => item.SK === keys.knownDevice(user.id, hash).SK);
    if (isNew && (await mayCourtesyMail('new-device', user.email))) {
      const at = now().toISOString().slice(0, 16).replace('T', ' ');
      await sendEmail(user.email, emailTemplates.newDeviceSignin({ firstName: user.firstName, device: describeDevice(userAgent), at, link: appLink('/profile', { tab: 'security' }) }));
    }
  } catch (error) {
    log('error', 'new-device check failed', describeError(error));
  }
}
