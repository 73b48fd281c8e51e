/** The first retry waits about this long; each further one doubles it, up to `maxDelayMs`. */
export const firstDelayMs = 1_000;
export const maxDelayMs = 30_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 = the first after a drop):
 * exponential backoff with "equal jitter" (half fixed, half random), so that the many
 * tabs a server restart or the cloud's 2-hour limit drops do not all come back at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
