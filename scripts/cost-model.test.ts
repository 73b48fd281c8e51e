import { describe, expect, it } from 'vitest';
import {
  benchFiguresFrom,
  canvasQueryKbOf,
  canvasWriteUnits,
  computeCost,
  defaultBenchFigures,
  defaultUsage,
  familySizeNames,
  formatCostTable,
  historyGbPerMonth,
  readUnits,
  usageFor,
  writeUnits,
  type CostLine,
} from './cost-model';

const line = (lines: CostLine[], service: string) => lines.find((l) => l.service === service)!;
const medium = usageFor('medium');
// A medium family's month: 3 members × 2 sessions × 4.35 weeks = 26.1 sessions; 104.4 canvas
// reads (4 a session), 548.1 other reads (21), 3 × 12 × 4.35 = 156.6 writes. Its canvas
// Query: the 15 KB template + 100 entries × 0.34 KB + the 13.7 KB summary = 62.7 KB.
const sessions = 26.1;
const writes = 156.6;

describe('cost model', () => {
  it('takes the canvas size per entry from the largest measured canvas, and caps its compression ratio', () => {
    const figures = benchFiguresFrom({
      date: '2026-11-22T10:00:00Z',
      http: {
        growth: [
          { items: 100, kilobytes: 23.1 },
          { items: 1000, kilobytes: 274 },
        ],
        compressed: { items: 1000, plainKilobytes: 274, gzipKilobytes: 18 },
      },
    });
    expect(figures).toEqual({ source: 'bench/results.json of 2026-11-22T10:00:00Z', canvasKbPerEntry: 0.274, canvasCompression: 6 });
    expect(benchFiguresFrom({ http: { compressed: { items: 1000, plainKilobytes: 40, gzipKilobytes: 10 } } }).canvasCompression).toBe(4);
    expect(benchFiguresFrom({})).toMatchObject({ canvasKbPerEntry: defaultBenchFigures.canvasKbPerEntry });
  });

  it('prices strongly consistent reads at twice an eventually consistent one, transactional writes at twice a standard one', () => {
    expect(canvasQueryKbOf(medium)).toBeCloseTo(62.7, 9);
    expect(readUnits(62.7, 'strong')).toBe(16);
    expect(readUnits(62.7, 'eventual')).toBe(8);
    expect(writeUnits(4, 'transactional')).toBe(8);
    expect(writeUnits(0.3, 'standard')).toBe(1);
  });

  it('counts every item a canvas write puts, with its index copies, and the strongly consistent canvas read before it', () => {
    const write = canvasWriteUnits(medium);
    // Before: the session (0.5) and the 62.7 KB canvas Query, strongly consistent (16).
    // Transaction: item 2 (0.55 KB), event 2 (1 KB), summary 28 (13.7 KB); index copies: the
    // event on GSI2, a delete's event also on GSI1 (10 %): 1.1; an assigned action point on GSI2 (15 %): 0.15.
    expect(write.parts).toEqual({
      readsBefore: 16.5,
      contentItem: 2,
      assigneeIndex: 0.15,
      historyEvent: 2,
      historyEventIndexes: 1.1,
      // The live sender's rebuild: an ordinary put of the 13.7 KB summary (14) after its own strongly consistent canvas Query (16).
      summary: 14,
      summaryRebuildRead: 16,
    });
    expect(write.wru).toBeCloseTo(19.25, 9);
    expect(write.rru).toBe(32.5);
  });

  it('prices DynamoDB requests of a medium family by hand: reads, writes, live sender, sessions and sockets', () => {
    const rru =
      104.4 * (0.5 + 16) + // canvas reads: session (eventual) + the canvas Query (strong)
      548.1 * (0.5 + 1) + // other reads: session + one strongly consistent item
      writes * (32.5 + 1 + 2 * 3) + // a write's reads and the sender's summary rebuild, its connections Query and 3 access items per open socket (2)
      sessions * (0.5 + 0.5 + 0.5) + // a socket's connect (session, limit Query) and disconnect (Query by id)
      24 * 30.4 * (2 + 0.5 + 0.5); // the hourly cards job: the 13.7 KB card, the canvas item and the newest event, eventually consistent
    const wru =
      writes * 19.25 + // the write and the sender's summary put
      sessions * (20 / 5) * 3 + // session touches every 5 of 20 minutes, with 2 index copies
      sessions * 2 * 3; // the connection item put and deleted, with 2 index copies
    const expected = (rru * 0.125e-6 + wru * 0.625e-6) * 1000;
    expect(line(computeCost(medium), 'DynamoDB requests').perThousandFamilies).toBeCloseTo(expected, 9);
    expect(expected).toBeCloseTo(3.548, 3);
  });

  it('grows history storage every month until the 2-year TTL', () => {
    // 156.6 events × 1 KB × (itself + GSI2 + 10 % on GSI1) a month.
    const gb = (writes * 1 * 2.1) / 1024 / 1024;
    expect(historyGbPerMonth(medium)).toBeCloseTo(gb, 12);
    const storage = (month: number) =>
      line(computeCost(medium, defaultBenchFigures, undefined, { monthOfHistory: month }), 'DynamoDB storage + PITR').perThousandFamilies;
    const canvasGb = (62.7 + 40 * 0.3) / 1024 / 1024;
    expect(storage(1)).toBeCloseTo((canvasGb + gb) * 0.45 * 1000, 9);
    expect(storage(12)).toBeCloseTo((canvasGb + 12 * gb) * 0.45 * 1000, 9);
    expect(storage(36)).toBeCloseTo(storage(24), 12);
  });

  it('prices the live channel: connection minutes and one message per open socket per write', () => {
    const expected = (sessions * 20 * 0.25e-6 + writes * 2 * 1e-6) * 1000;
    expect(line(computeCost(medium), 'API Gateway WebSocket').perThousandFamilies).toBeCloseTo(expected, 9);
  });

  it('records an X-Ray trace for each invocation: API requests, sockets and the live sender (which rebuilds the summary too)', () => {
    // 104.4 + 548.1 + 156.6 writes + 1 plan book API requests; 2 socket routes a session; a sender run per write.
    const invocations = 104.4 + 548.1 + writes + 1 + sessions * 2 + writes;
    expect(line(computeCost(medium), 'X-Ray').perThousandFamilies).toBeCloseTo(invocations * 5e-6 * 1000, 9);
  });

  it("keeps AWS Backup's daily full copies of the family's data", () => {
    const gb = (writes * 1 * 2.1) / 1024 / 1024;
    const canvasGb = (62.7 + 40 * 0.3) / 1024 / 1024;
    const backup = (month: number) => line(computeCost(medium, defaultBenchFigures, undefined, { monthOfHistory: month }), 'AWS Backup').perThousandFamilies;
    expect(backup(1)).toBeCloseTo((canvasGb + gb) * 35 * 0.1 * 1000, 9);
    // By month 24, 1,000 medium families: about 7.4 GB, kept 35 times.
    expect(backup(24)).toBeCloseTo((canvasGb + 24 * gb) * 35 * 0.1 * 1000, 9);
    expect(backup(24)).toBeGreaterThan(25);
    expect(backup(24)).toBeLessThan(27);
  });

  it('prices egress compressed, and shows what it would be uncompressed', () => {
    const kb = (canvas: number, other: number) => 104.4 * canvas + (548.1 + writes) * other + sessions * 180;
    const requests = 104.4 + 548.1 + writes + 1 + sessions * 8;
    const cost = (canvas: number, other: number) => ((kb(canvas, other) / 1024 / 1024) * 0.085 + requests * 0.01e-4) * 1000;
    const lines = computeCost(medium);
    expect(line(lines, 'CloudFront (compressed)').perThousandFamilies).toBeCloseTo(cost(27.4 / 6, 0.5), 9);
    expect(line(lines, '(CloudFront if uncompressed)').perThousandFamilies).toBeCloseTo(cost(27.4, 1.5), 9);
    // Not counted twice: the total is the sum of the services without the uncompressed line.
    const services = lines.slice(
      0,
      lines.findIndex((l) => l.service === 'Total'),
    );
    expect(line(lines, 'Total').perThousandFamilies).toBeCloseTo(
      services.reduce((s, l) => s + l.perThousandFamilies, 0),
      9,
    );
  });

  it('charges the alarms by the metrics they read, the dashboard, the custom metrics, the secrets and their calls as the fixed part', () => {
    const fixed = {
      ...defaultUsage.fixed,
      alarms: 60,
      billedAlarmMetrics: 66,
      dashboards: 1,
      customMetrics: 20,
      secrets: 2,
      functionSecretReads: 10,
      secretCacheSeconds: 300,
    };
    const lines = computeCost({ ...defaultUsage, fixed });
    expect(line(lines, 'CloudWatch').fixed).toBeCloseTo(66 * 0.1 + 3 + 20 * 0.3, 9);
    // 10 function-secret pairs, each read again every 5 minutes of a 30.4-day month: 87,552 calls at $0.05 per 10,000.
    expect(line(lines, 'Secrets Manager').fixed).toBeCloseTo(2 * 0.4 + 87_552 * 0.05e-4, 9);
    expect(line(lines, 'Total').fixed).toBeCloseTo(6.6 + 3 + 6 + 0.8 + 0.43776, 9);
  });

  it('costs more per family as families grow, and prints the three sizes with the advisor column', () => {
    const totals = familySizeNames.map((size) => line(computeCost(usageFor(size)), 'Total').perThousandFamilies);
    expect(totals[0]).toBeLessThan(totals[1]!);
    expect(totals[1]).toBeLessThan(totals[2]!);
    const table = formatCostTable(defaultUsage, defaultBenchFigures);
    expect(table).toMatch(/^service\s+1,000 small\s+1,000 medium\s+1,000 large\s+100 advisor cos\s+fixed\/month$/m);
    for (const service of [
      'Lambda',
      'API Gateway HTTP',
      'API Gateway WebSocket',
      'DynamoDB requests',
      'DynamoDB storage \\+ PITR',
      'AWS Backup',
      'SES',
      'CloudFront \\(compressed\\)',
      'CloudWatch',
      'X-Ray',
      'Secrets Manager',
      'Total',
    ]) {
      expect(table).toMatch(new RegExp(`^${service}\\s+\\$`, 'm'));
    }
    expect(table).toMatch(/^DynamoDB requests\s+\$\d+\.\d\d\s+\$3\.55\s+/m);
    expect(table).toContain('History storage');
    expect(table).toContain(`${defaultUsage.fixed.secrets} secrets`);
    expect(table).toContain('rebuilt by the live sender');
  });

  it('adds the web ACL only when WAF is on', () => {
    expect(computeCost(defaultUsage).some((l) => l.service === 'AWS WAF')).toBe(false);
    const withWaf = computeCost({ ...defaultUsage, fixed: { ...defaultUsage.fixed, waf: true } });
    expect(line(withWaf, 'AWS WAF').fixed).toBe(5 + 4 * 1);
  });
});
