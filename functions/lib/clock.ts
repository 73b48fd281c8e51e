/**
 * The server's notion of "now". Expiry rules read it through here so tests can move
 * time forward (session expiry, token and invitation expiry) without waiting.
 */
let offsetMs = 0;

export function now(): Date {
  return new Date(Date.now() + offsetMs);
}

export function nowEpochSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Test hook: shift the clock forward (or back) by a number of milliseconds. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

export function resetClock(): void {
  offsetMs = 0;
}

export const durations = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
} as const;
