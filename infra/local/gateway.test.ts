import { describe, expect, it } from 'vitest';
import { perClientWindow, routeBuckets, tokenBucket } from './gateway';

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

describe("the local gateway's per-route buckets", () => {
  it('gives each route a bucket of its own, a route with its own throttle its own size', () => {
    const buckets = routeBuckets({ rateLimit: 1, burstLimit: 2 }, { 'POST /api/canvas/plan-book': { rateLimit: 1, burstLimit: 1 } }, () => 0);
    expect([buckets.take('GET /api/canvas'), buckets.take('GET /api/canvas'), buckets.take('GET /api/canvas')]).toEqual([true, true, false]);
    // Another route is untouched by the first one's burst.
    expect(buckets.take('GET /api/canvas/history')).toBe(true);
    expect([buckets.take('POST /api/canvas/plan-book'), buckets.take('POST /api/canvas/plan-book')]).toEqual([true, false]);
  });
});

describe("the local gateway's per-client window (WAF's rate rule)", () => {
  it('refuses a client past its limit within the window, not another client, and lets it back once its rate falls', () => {
    let now = 0;
    const window = perClientWindow({ limit: 3, windowSeconds: 60 }, () => now);
    expect([window.take('a'), window.take('a'), window.take('a'), window.take('a')]).toEqual([true, true, true, false]);
    expect(window.take('b')).toBe(true);
    // Still within the window: refused requests count, so a client that keeps sending stays refused.
    now = 30_000;
    expect(window.take('a')).toBe(false);
    // A full window after its last request, its count is back to nothing.
    now = 91_000;
    expect(window.take('a')).toBe(true);
  });
});
