/**
 * The devices an account signed in from: a browser and system, not their versions
 * (functions/domain/accounts/devices.ts makes the hash), kept on the user's profile item
 * (`knownDevices`), so a sign-in reads them with the user and writes them with its record of
 * the sign-in (functions/domain/signin/signin-completion.ts): no read or write of their own.
 * A device is forgotten `knownDeviceDays` after its last sign-in; at most `maxKnownDevices`
 * are kept, the most recent.
 */
export type KnownDevices = Record<string, { label: string; lastSeenAt: number }>;

/** A known device is remembered this long after its last sign-in. */
const knownDeviceDays = 180;
const maxKnownDevices = 20;

/** What a sign-in from a device means: whether the account had signed in before at all, from this device, and the devices to store. */
export type DeviceSighting = { anyKnown: boolean; isKnown: boolean; label: string; knownDevices: KnownDevices };

export function sightDevice(known: KnownDevices | undefined, hash: string, label: string, nowS: number): DeviceSighting {
  const current = Object.entries(known ?? {}).filter(([, device]) => device.lastSeenAt > nowS - knownDeviceDays * 86400);
  const kept = current
    .filter(([seen]) => seen !== hash)
    .sort(([, a], [, b]) => b.lastSeenAt - a.lastSeenAt)
    .slice(0, maxKnownDevices - 1);
  return {
    anyKnown: current.length > 0,
    isKnown: current.some(([seen]) => seen === hash),
    label,
    knownDevices: Object.fromEntries([[hash, { label, lastSeenAt: nowS }], ...kept]),
  };
}
