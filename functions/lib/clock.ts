/**
 * The server's notion of "now". Expiry rules read it through here so tests can move
 * time forward (session expiry, token and invitation expiry) without waiting.
 */
let offsetMs = 0;
/** Set by freezeClock: the real time the clock stopped at. */
let frozenAtMs: number | undefined;

export function now(): Date {
  return new Date((frozenAtMs ?? Date.now()) + offsetMs);
}

export function nowEpochSeconds(): number {
  return Math.floor(now().getTime() / 1000);
}

/** Test hook: shift the clock forward (or back) by a number of milliseconds. */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}

/**
 * Test hook: stop the clock where it is (advanceClock still moves it), so a rule measured in
 * seconds does not see the test's own pace on a busy machine. resetClock starts it again.
 */
export function freezeClock(): void {
  frozenAtMs = Date.now();
}

export function resetClock(): void {
  offsetMs = 0;
  frozenAtMs = undefined;
}

export const durations = {
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
} as const;
