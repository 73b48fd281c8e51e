import { keys } from '../../lib/db/keys';
import { queryAll } from '../../lib/db/query';
import { sendWrite } from '../../lib/db/write';

/**
 * The devices an account signed in from (USER#id / KNOWN_DEVICE#<hash>): a browser and
 * system, not their versions (functions/domain/accounts/devices.ts makes the hash), kept
 * `knownDeviceDays` after the last sign-in from it (TTL).
 */
export type KnownDeviceItem = { type: 'KnownDevice'; label: string; lastSeenAt: number; expiresAt: number };

/** A known device is remembered this long after its last sign-in. */
const knownDeviceDays = 180;

/** Whether the account signed in from any device before, and from this one (by its hash). */
export async function knownDevicesOf(userId: string, hash: string): Promise<{ anyKnown: boolean; isKnown: boolean }> {
  const known = await queryAll<{ SK: string }>({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':prefix': keys.knownDevicePrefix },
    ProjectionExpression: 'SK',
  });
  return { anyKnown: known.length > 0, isKnown: known.some((item) => item.SK === keys.knownDevice(userId, hash).SK) };
}

/** Notes a sign-in from a device (new or known): it is remembered knownDeviceDays from now. */
export async function putKnownDevice(userId: string, hash: string, label: string, nowS: number): Promise<void> {
  const item: KnownDeviceItem = { type: 'KnownDevice', label, lastSeenAt: nowS, expiresAt: nowS + knownDeviceDays * 86400 };
  await sendWrite({ put: { ...keys.knownDevice(userId, hash), ...item } });
}
