import { describe, expect, it } from 'vitest';
import { digestPeriodOf, hourBucketOf, nextDigestHour } from './digest-schedule';

describe('digest schedule', () => {
  it('is due at 07:00 local on Mondays (weekly), following daylight saving', () => {
    // Berlin is UTC+1 in winter, UTC+2 in summer.
    expect(nextDigestHour('weekly', 'Europe/Berlin', new Date('2026-01-14T12:00:00Z'))?.toISOString()).toBe('2026-01-19T06:00:00.000Z');
    expect(nextDigestHour('weekly', 'Europe/Berlin', new Date('2026-07-01T12:00:00Z'))?.toISOString()).toBe('2026-07-06T05:00:00.000Z');
    expect(nextDigestHour('weekly', 'UTC', new Date('2026-06-08T07:00:00Z'))?.toISOString()).toBe('2026-06-15T07:00:00.000Z');
  });

  it('is due every day at 07:00 local (daily), never when off', () => {
    expect(nextDigestHour('daily', 'America/New_York', new Date('2026-06-10T12:00:00Z'))?.toISOString()).toBe('2026-06-11T11:00:00.000Z');
    expect(nextDigestHour('off', 'UTC', new Date())).toBeNull();
  });

  it('names the period by the local calendar', () => {
    expect(digestPeriodOf('weekly', 'Europe/Berlin', new Date('2026-06-10T12:00:00Z'))).toBe('week-2026-06-08');
    expect(digestPeriodOf('daily', 'Asia/Tokyo', new Date('2026-06-10T20:00:00Z'))).toBe('day-2026-06-11');
    expect(hourBucketOf(new Date('2026-06-10T20:15:00Z'))).toBe('2026-06-10T20');
  });
});
