import { describe, expect, it } from 'vitest';
import { tokenBucket } from './gateway';

describe("the local gateway's stage throttle", () => {
  it('lets a burst of burstLimit through at once, then refills at rateLimit a second, never above the burst', () => {
    let at = 0;
    const bucket = tokenBucket({ rateLimit: 2, burstLimit: 3 }, () => at);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    at += 499;
    expect(bucket.take()).toBe(false);
    at += 1;
    expect(bucket.take()).toBe(true);
    // A long quiet spell fills the bucket to its burst, no further.
    at += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });
});
