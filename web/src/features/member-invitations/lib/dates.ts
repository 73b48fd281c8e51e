/** A date as day.month.year (spec 01 §2.4 invitations table), in the reader's time zone; '-' when unreadable. */
export function formatDayMonthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}
