import { describe, expect, it } from 'vitest';
import { addDays, dayIn, dueStateOf, formatDate, formatDateTime, formatDay, isCalendarDay, isTimeZone, mondayOf, noDate, parseDay } from './dates';

describe('calendar days', () => {
  it('accepts real YYYY-MM-DD days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('01.02.2026')).toBe(false);
    expect(isCalendarDay('2026-01-01T00:00:00Z')).toBe(false);
  });

  it('writes a day as day.month.year and reads it back', () => {
    expect(formatDay('2026-12-04')).toBe('04.12.2026');
    expect(parseDay('04.12.2026')).toBe('2026-12-04');
    expect(parseDay(' 4.2.2026 ')).toBe('2026-02-04');
    expect(parseDay('30.02.2026')).toBeUndefined();
  });

  it('reads a typed day in the dot, ISO and en-US forms', () => {
    expect(parseDay('31.12.2026')).toBe('2026-12-31');
    expect(parseDay('2026-12-31')).toBe('2026-12-31');
    expect(parseDay('2026-2-4')).toBe('2026-02-04');
    expect(parseDay('12/31/2026')).toBe('2026-12-31');
    expect(parseDay(' 2/4/2026 ')).toBe('2026-02-04');
    // A slash means month first: the ambiguous 01/02/2026 is January 2nd.
    expect(parseDay('01/02/2026')).toBe('2026-01-02');
    expect(parseDay('01.02.2026')).toBe('2026-02-01');
  });

  it('refuses what is no real day or has no four-digit year', () => {
    for (const typed of [
      '31/12/2026',
      '02/30/2026',
      '2026-02-30',
      '2026/12/31',
      '24.12.26',
      '12/31/26',
      '2026-12-31T00:00',
      '31-12-2026',
      '',
      'tomorrow',
      '1.1.1800',
    ]) {
      expect(parseDay(typed), typed).toBeUndefined();
    }
  });

  it('reads the day of an instant in a time zone', () => {
    const instant = new Date('2026-03-01T23:30:00Z');
    expect(dayIn(instant, 'UTC')).toBe('2026-03-01');
    expect(dayIn(instant, 'Europe/Berlin')).toBe('2026-03-02');
    expect(dayIn(instant, 'America/New_York')).toBe('2026-03-01');
  });

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('places a due date: overdue, this week (to Sunday), later, none', () => {
    const wednesday = '2026-06-10';
    expect(mondayOf(wednesday)).toBe('2026-06-08');
    expect(addDays(wednesday, 30)).toBe('2026-07-10');
    expect(dueStateOf('2026-06-09', wednesday)).toBe('overdue');
    expect(dueStateOf(wednesday, wednesday)).toBe('thisWeek');
    expect(dueStateOf('2026-06-14', wednesday)).toBe('thisWeek');
    expect(dueStateOf('2026-06-15', wednesday)).toBe('later');
    expect(dueStateOf(null, wednesday)).toBe('none');
  });
});

describe('on-screen dates', () => {
  it('writes a moment as day.month.year in the local time zone, with the time when asked', () => {
    const moment = new Date(2026, 2, 5, 14, 7).toISOString();
    expect(formatDate(moment)).toBe('05.03.2026');
    expect(formatDateTime(moment)).toBe('05.03.2026 14:07');
  });

  it('has one fallback for a missing or unreadable date', () => {
    expect(noDate).toBe('-');
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(noDate);
      expect(formatDateTime(value)).toBe(noDate);
    }
    expect(formatDay('2026-02-30x')).toBe(noDate);
  });
});
