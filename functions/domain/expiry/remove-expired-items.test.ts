import { describe, expect, it } from 'vitest';
import { bucketDays } from './remove-expired-items';

// The job itself runs against DynamoDB Local in tests/integration/cleanup.test.ts.
describe('cleanup job buckets', () => {
  const noon = Date.parse('2025-03-10T12:00:00Z') / 1000;

  it('looks at the past days and today, oldest first', () => {
    expect(bucketDays(noon, 3)).toEqual(['2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10']);
  });

  it('looks at today only without lookback, across month ends', () => {
    expect(bucketDays(noon, 0)).toEqual(['2025-03-10']);
    expect(bucketDays(Date.parse('2025-03-01T00:30:00Z') / 1000, 1)).toEqual(['2025-02-28', '2025-03-01']);
  });
});
