import { percentile, sessionCookie } from './http-load';
import type { Seeded } from './seed';

/**
 * The plan book of the 1,000-item family (bench/seed.ts `seeded.big`) through the real
 * route: the first export in the process (the handler module loaded, the fonts read and
 * parsed), then warm exports one after another. The budget is the warm p50.
 */

const warmSamples = 10;

export type PlanBookResults = { items: number; firstMs: number; p50: number; p95: number; kilobytes: number; samples: number };

async function exportOnce(apiUrl: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${apiUrl}/api/canvas/plan-book`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf' || body.subarray(0, 5).toString() !== '%PDF-') {
    throw new Error(`plan book answered ${response.status}: ${body.subarray(0, 200).toString()}`);
  }
  return { ms, bytes: body.length };
}

export async function measurePlanBook(apiUrl: string, seeded: Seeded): Promise<PlanBookResults> {
  const family = seeded.big.family;
  const cookie = await sessionCookie(apiUrl, family.owner.email, family.owner.plainPassword);
  const first = await exportOnce(apiUrl, cookie);
  const times: number[] = [];
  for (let sample = 0; sample < warmSamples; sample += 1) times.push((await exportOnce(apiUrl, cookie)).ms);
  return {
    items: family.items,
    firstMs: first.ms,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    kilobytes: first.bytes / 1024,
    samples: warmSamples,
  };
}
