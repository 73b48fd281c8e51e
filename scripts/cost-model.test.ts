import { describe, expect, it } from 'vitest';
import { benchFiguresFrom, computeCost, defaultBenchFigures, defaultUsage, formatCostTable, type CostLine } from './cost-model';

const benchResults = {
  date: '2026-11-22T10:00:00Z',
  http: {
    endpoints: [
      { name: 'GET /api/canvas', roundTrips: [2, 2] },
      { name: 'POST /api/canvas-answer/create/{questionId}', roundTrips: [3, 3] },
      { name: 'POST /api/work-relation/list-dashboard-families', roundTrips: [11, 11] },
    ],
    growth: [
      { items: 10, kilobytes: 4.2 },
      { items: 100, kilobytes: 40 },
      { items: 1000, kilobytes: 205.9 },
    ],
  },
};

const line = (lines: CostLine[], service: string) => lines.find((l) => l.service === service)!;

describe('cost model', () => {
  it('reads round trips and the canvas size of a ~100-entry canvas from bench/results.json', () => {
    expect(benchFiguresFrom(benchResults)).toEqual({
      source: 'bench/results.json of 2026-11-22T10:00:00Z',
      readRoundTrips: 2,
      canvasQueryKb: 40,
      writeRoundTrips: 3,
      dashboardRoundTrips: 11,
      itemKb: defaultBenchFigures.itemKb,
    });
    expect(benchFiguresFrom({})).toMatchObject({ readRoundTrips: 2, canvasQueryKb: defaultBenchFigures.canvasQueryKb });
  });

  it('prices DynamoDB from those figures: per 1,000 families by hand', () => {
    const bench = benchFiguresFrom(benchResults);
    // A month per family: 3 members × 2 sessions × 4.35 weeks × 25 reads = 652.5 reads;
    // 3 × 12 × 4.35 = 156.6 writes. A read: session 0.5 RRU + a 40 KB Query 10 × 0.5 RRU;
    // a write: 0.5 + 0.5 RRU and two transactional 1 KB items, 4 WRU.
    const rru = 652.5 * 5.5 + 156.6 * 1;
    const wru = 156.6 * 4;
    const storage = ((150 * 0.3) / 1024 / 1024) * (0.25 + 0.2);
    const expected = (rru * 0.125e-6 + wru * 0.625e-6 + storage) * 1000;
    expect(line(computeCost(defaultUsage, bench), 'DynamoDB on-demand').perThousandFamilies).toBeCloseTo(expected, 6);
    expect(expected).toBeCloseTo(0.879, 3);
  });

  it('costs more when a read takes more round trips or reads a bigger canvas', () => {
    const base = benchFiguresFrom(benchResults);
    const dynamo = (bench: typeof base) => line(computeCost(defaultUsage, bench), 'DynamoDB on-demand').perThousandFamilies;
    expect(dynamo({ ...base, readRoundTrips: 3 })).toBeGreaterThan(dynamo(base));
    expect(dynamo({ ...base, canvasQueryKb: 200 })).toBeGreaterThan(dynamo(base));
  });

  it('prints a table with every service, the totals and where the figures came from', () => {
    const bench = benchFiguresFrom(benchResults);
    const lines = computeCost(defaultUsage, bench);
    const table = formatCostTable(lines, bench);
    for (const service of ['Lambda', 'API Gateway HTTP', 'API Gateway WebSocket', 'DynamoDB on-demand', 'SES', 'CloudFront', 'CloudWatch', 'Total']) {
      expect(table).toMatch(new RegExp(`^${service}\\s+\\$`, 'm'));
    }
    expect(table).toContain('bench/results.json of 2026-11-22T10:00:00Z');
    expect(table).toMatch(/^DynamoDB on-demand\s+\$0\.88\s+/m);
    // HTTP API: (652.5 + 156.6) requests × 1,000 families × $1 per million.
    expect(table).toMatch(/^API Gateway HTTP\s+\$0\.81\s+/m);
    const total = line(lines, 'Total');
    const sum = lines.filter((l) => l.service !== 'Total').reduce((s, l) => s + l.perThousandFamilies, 0);
    expect(total.perThousandFamilies).toBeCloseTo(sum, 9);
  });

  it('adds the web ACL only when WAF is on', () => {
    expect(computeCost(defaultUsage).some((l) => l.service === 'AWS WAF')).toBe(false);
    const withWaf = computeCost({ ...defaultUsage, fixed: { ...defaultUsage.fixed, waf: true } });
    expect(line(withWaf, 'AWS WAF').fixed).toBe(5 + 3 * 1);
  });
});
