const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const steps: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number }> = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago, roughly. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 60) return 'just now';
  const step = steps.find((candidate) => Math.abs(seconds) >= candidate.seconds) ?? steps[steps.length - 1]!;
  return relative.format(Math.round(seconds / step.seconds), step.unit);
}

/** A date input's value (YYYY-MM-DD, local day) `days` before today. */
export function dayInput(daysAgo: number, now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
