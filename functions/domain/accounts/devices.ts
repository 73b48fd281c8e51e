import { createHash } from 'node:crypto';
import { UAParser } from 'ua-parser-js';
import { now, nowEpochSeconds } from '../../lib/clock';
import type { UserItem } from '../../records/users';
import { logger } from '../../lib/observability';
import { mayCourtesyMail } from '../../lib/limits/mail';
import { sightDevice, type DeviceSighting } from '../../records/known-devices';
import { sendEmail } from '../mail/mailer';
import { appLink, emailTemplates } from '../mail/templates';

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

function deviceHash(userAgent: string): string {
  const device = parseDevice(userAgent);
  // Browser and system, not their versions: an update is no new device.
  return createHash('sha256').update(`${device.browser}|${device.os}|${device.type}`).digest('hex').slice(0, 32);
}

/** What a sign-in from this User-Agent means for the user's known devices (./known-devices.ts): the devices to store with the sign-in. */
export function deviceSightingOf(user: Pick<UserItem, 'knownDevices'>, userAgent: string): DeviceSighting {
  return sightDevice(user.knownDevices, deviceHash(userAgent), describeDevice(userAgent), nowEpochSeconds());
}

/**
 * After a sign-in: when the account has signed in before but never from this device,
 * e-mails the owner (at most 5 such mails an hour). The very first device of an account
 * sends nothing. Never fails the sign-in: a failure is logged.
 */
export async function mailIfNewDevice(user: Pick<UserItem, 'email' | 'firstName'>, sighting: DeviceSighting): Promise<void> {
  try {
    const isNew = sighting.anyKnown && !sighting.isKnown;
    if (isNew && (await mayCourtesyMail('new-device', user.email))) {
      const at = now().toISOString().slice(0, 16).replace('T', ' ');
      await sendEmail(
        user.email,
        emailTemplates.newDeviceSignin({ firstName: user.firstName, device: sighting.label, at, link: appLink('/profile', { tab: 'security' }) }),
      );
    }
  } catch (error) {
    logger.error('new-device check failed', { error });
  }
}
