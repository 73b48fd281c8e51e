import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { concurrentWriterCount, type ConcurrentWritersResults } from './concurrent-writers';
import type { DashboardResults } from './dashboard';
import type { HistoryResults } from './history';
import type { HttpResults } from './http-load';
import type { PlanBookResults } from './plan-book';
import type { ServerFilesResults } from './server-files';
import type { ColdStart, ColdStartResults } from './lambda-bundles';
import { livePropagationBudgetMs, type LiveResults } from './live';
import type { Seeded } from './seed';
import type { SpaResult } from './spa-size';
import type { LighthousePage, LighthouseResults } from './lighthouse';
import type { LoadResults } from './load';

/** The printed table, the budget verdicts of docs/architecture.md#budgets, and bench/results.json. */

export const budgets = {
  canvasRoundTrips: 2,
  growthRatio: 4,
  /** Every API Lambda's cold start (import + first request, median of 5) over the floor's of the same run (bench/lambda-bundles.ts). */
  coldStartRatio: 2,
  /** pdfmake, pdfkit and fontkit load with the plan book's group: its own, higher ratio. */
  planBookColdStartRatio: 4,
  planBookRenderMs: 2000,
  /**
   * Lighthouse's mobile preset on the production build (bench/lighthouse.ts; docs/architecture-decisions.md
   * "Lighthouse budgets"): the public pages at "good" for performance and for Largest Contentful Paint,
   * the signed-in canvas, which loads the editor and the family's data, at 80. The JavaScript sizes are reported beside them.
   */
  lighthouse: {
    home: { performance: 90, lcpMs: 2500 },
    'sign-in': { performance: 90, lcpMs: 2500 },
    canvas: { performance: 80 },
  } satisfies Record<LighthousePage, { performance: number; lcpMs?: number }>,
  historyPageRatio: 2,
  /** docs/product/dashboard.md#how-it-scales: a dashboard page, the session included, whatever the families and canvases. */
  dashboardRoundTrips: 3,
  /** docs/product/dashboard.md#how-it-scales: p50 at 500 families of 1,000 entries over 10 families of empty canvases. */
  dashboardRatio: 1.5,
  /** docs/architecture.md#budgets: an answer create and a vote: the session, the canvas Query and the transaction. */
  answerCreateRoundTrips: 3,
  voteRoundTrips: 3,
  /** The write path of a canvas change kept short: files a takeaway create passes through before its commit. */
  takeawayCreateServerFiles: 10,
} as const;

/** The route group whose Lambda carries the PDF library. */
export const planBookGroup = 'canvas-plan-book';

type Failed = { error: string };
export type Section<T> = T | Failed;

export type BenchResults = {
  date: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string; os: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  settings: { connections: number; maxRequests: number; maxSeconds: number; growthSamples: number; querySamples: number; coldStartRuns: number };
  dataSet: Section<Seeded['counts']>;
  http: Section<HttpResults>;
  history: Section<HistoryResults>;
  dashboard: Section<DashboardResults>;
  live: Section<LiveResults>;
  planBook: Section<PlanBookResults>;
  serverFiles: Section<ServerFilesResults>;
  concurrentWriters: Section<ConcurrentWritersResults>;
  lambda: Section<ColdStartResults>;
  spa: Section<SpaResult>;
  lighthouse: Section<LighthouseResults>;
  load: Section<LoadResults>;
  budgets: Verdict[];
  seconds: number;
};

/** A budget's line (PASS or MISS), or with `reported` a figure printed beside them that no budget judges. */
export type Verdict = { ok: boolean; line: string; reported?: true };

/** A figure reported, not budgeted: printed among the verdicts without PASS or MISS. */
export const reported = (line: string): Verdict => ({ ok: true, line, reported: true });

const isFailed = <T>(section: Section<T>): section is Failed =>
  typeof section === 'object' && section !== null && 'error' in section && !Array.isArray(section);

export function machine(): BenchResults['machine'] {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
    loadAverageAtEnd: [],
  };
}

const fixed = (n: number | null | undefined, digits = 1) => (n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

/** Round-trip counts of the requests sent alone: "2", or "2–3" when they differed. */
const trips = (counts: readonly number[]) => {
  if (!counts.length) return '–';
  const [low, high] = [Math.min(...counts), Math.max(...counts)];
  return low === high ? String(low) : `${low}–${high}`;
};

function table(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

/** 1,000/10 ratio of GET /api/canvas p50. */
function growthRatio(http: HttpResults): number {
  const at = (items: number) => http.growth.find((g) => g.items === items)?.p50 ?? Number.NaN;
  return at(1000) / at(10);
}

export function formatReport(results: BenchResults): string[] {
  const m = results.machine;
  const out: string[] = [];
  out.push(`Family Canvas benchmark — ${results.date}`);
  out.push(
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average ${m.loadAverageAtStart.join(' ')} at start, ${m.loadAverageAtEnd.join(' ')} at end`,
  );
  if (isFailed(results.dataSet)) out.push(`data set: FAILED — ${results.dataSet.error}`);
  else {
    const d = results.dataSet;
    out.push(
      `data set: ${d.families} families, ${d.advisorCompanies} advisor companies, ${d.workRelations} work relations, ${d.contentItems} canvas content items (canvases of 0–1,000 items), seeded in ${fixed(d.seconds)} s`,
    );
  }
  out.push('');

  const http = results.http;
  if (isFailed(http)) out.push(`HTTP: FAILED — ${http.error}`);
  else {
    const s = results.settings;
    out.push(
      `DynamoDB floor: GetItem from this process, p50 ${fixed(http.floor.p50, 2)} ms, p95 ${fixed(http.floor.p95, 2)} ms (${http.floor.samples} sequential)`,
    );
    out.push('');
    out.push(
      `API under load (autocannon, ${s.connections} connections, ≤ ${s.maxRequests} requests or ≤ ${s.maxSeconds} s each; round trips: each of two requests sent alone)`,
    );
    out.push(
      ...table(
        ['endpoint', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p50/floor', 'round trips', 'note'],
        http.endpoints.map((e) =>
          e.missing || !e.load
            ? [e.name, '–', '–', '–', '–', '–', '–', `missing (${e.missing ?? 'not measured'})`]
            : [
                e.name,
                String(e.load.requests),
                String(e.load.errors),
                fixed(e.load.p50),
                fixed(e.load.p95),
                `${fixed(e.load.p50 / http.floor.p50, 0)}×`,
                trips(e.roundTrips),
                e.note,
              ],
        ),
      ),
    );
    out.push('');
    out.push(
      `GET /api/canvas growth (p50 of ${results.settings.growthSamples} sequential requests, sizes in turn; the canvas Query alone from this process, p50 of ${results.settings.querySamples}; round trips of two requests each)`,
    );
    out.push(
      ...table(
        ['content items', 'p50 ms', 'of which Query ms', 'response KB', 'canvas round trips', 'category round trips'],
        http.growth.map((g) => [String(g.items), fixed(g.p50), fixed(g.queryP50), fixed(g.kilobytes), trips(g.canvasRoundTrips), trips(g.categoryRoundTrips)]),
      ),
    );
    out.push(`ratio 1,000 / 10 items: ${fixed(growthRatio(http), 2)}`);
    if (http.compressed) {
      const c = http.compressed;
      out.push(
        `GET /api/canvas at ${c.items.toLocaleString('en-US')} items as sent: ${fixed(c.plainKilobytes)} KB uncompressed, ${fixed(c.gzipKilobytes)} KB gzip, ${fixed(c.brKilobytes)} KB br (Accept-Encoding; sequential growth times above include gzip, which fetch asks for)`,
      );
    }
  }
  out.push('');

  const history = results.history;
  if (isFailed(history)) out.push(`History: FAILED — ${history.error}`);
  else {
    out.push(`History (${history.eventsPerMeasuredFamily.toLocaleString('en-US')} events in each measured canvas partition while GET /canvas was measured)`);
    out.push(
      ...table(
        ['GET /api/canvas/history?limit=10', 'p50 ms', 'p95 ms', 'round trips'],
        history.page.map((p) => [`${p.events.toLocaleString('en-US')} events`, fixed(p.p50), fixed(p.p95), String(p.roundTrips)]),
      ),
    );
    out.push(`ratio 10,000 / 10 events: ${fixed(history.pageRatio, 2)}`);
    out.push(
      `revert of an edit (POST /api/canvas/history/{eventId}/revert, 1,000-item canvas): p50 ${fixed(history.revert.p50)} ms, p95 ${fixed(history.revert.p95)} ms, ${history.revert.roundTrips} round trips`,
    );
  }
  out.push('');

  out.push(...formatDashboard(results.dashboard));
  out.push('');

  const planBook = results.planBook;
  if (isFailed(planBook)) out.push(`Plan book: FAILED — ${planBook.error}`);
  else {
    out.push(
      `Plan book (POST /api/canvas/plan-book, ${planBook.items.toLocaleString('en-US')}-item canvas, ${fixed(planBook.kilobytes, 0)} KB PDF): first export in the process ${fixed(planBook.firstMs, 0)} ms; warm p50 ${fixed(planBook.p50, 0)} ms, p95 ${fixed(planBook.p95, 0)} ms (${planBook.samples} sequential)`,
    );
  }
  out.push('');

  const serverFiles = results.serverFiles;
  if (isFailed(serverFiles)) out.push(`Takeaway create, server files: FAILED — ${serverFiles.error}`);
  else out.push(...formatServerFiles(serverFiles));
  out.push('');

  const writers = results.concurrentWriters;
  if (isFailed(writers)) out.push(`Concurrent writers on one canvas: FAILED — ${writers.error}`);
  else
    out.push(
      `Concurrent writers on one canvas (${writers.writers} family members at once, 10 takeaways + 10 answers, transaction conflicts emulated): ${writers.failed} failed; p50 ${fixed(writers.p50, 0)} ms, p95 ${fixed(writers.p95, 0)} ms, slowest ${fixed(writers.maxMs, 0)} ms (answers ${Object.entries(
        writers.statuses,
      )
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')})`,
    );
  out.push('');

  out.push(...formatLambdaBundles(results));
  out.push('');

  out.push(...formatSpa(results.spa));
  out.push('');
  out.push(...formatLighthouse(results.lighthouse));
  out.push('', ...formatLoad(results.load));
  return out;
}

export function verdicts(results: BenchResults): Verdict[] {
  const list: Verdict[] = [];
  const http = results.http;
  if (isFailed(http)) {
    list.push({ ok: false, line: 'canvas and category reads ≤ 2 round trips: not measured (HTTP part failed)' });
    list.push({ ok: false, line: 'GET /canvas 1,000/10 latency ratio ≤ 4: not measured (HTTP part failed)' });
    list.push({ ok: false, line: `answer create round trips ≤ ${budgets.answerCreateRoundTrips}: not measured (HTTP part failed)` });
    list.push({ ok: false, line: `vote round trips ≤ ${budgets.voteRoundTrips}: not measured (HTTP part failed)` });
  } else {
    const reads = [
      ...http.growth.flatMap((g) => [
        { what: `GET /api/canvas at ${g.items} items`, counts: g.canvasRoundTrips },
        { what: `GET /api/canvas/category/{id} at ${g.items} items`, counts: g.categoryRoundTrips },
      ]),
      ...http.endpoints.filter((e) => e.name.startsWith('GET /api/canvas')).map((e) => ({ what: `${e.name} (${e.note})`, counts: e.roundTrips })),
    ].map((r) => ({ ...r, n: r.counts.length ? Math.max(...r.counts) : Number.NaN, least: Math.min(...r.counts) }));
    const missed = reads.filter((r) => !(r.least > 0 && r.n <= budgets.canvasRoundTrips));
    for (const r of missed)
      list.push({
        ok: false,
        line: `${r.what}: ${trips(r.counts)} round trips, budget ${budgets.canvasRoundTrips}${r.least === 0 ? ' (none counted: the counter did not see the handler)' : ''}`,
      });
    const events = isFailed(results.history) ? '' : ` with ${results.history.eventsPerMeasuredFamily.toLocaleString('en-US')}+ history events in the partition`;
    if (!missed.length)
      list.push({
        ok: true,
        line: `canvas and category reads: ≤ ${budgets.canvasRoundTrips} round trips at every size${events} (${Math.max(...reads.map((r) => r.n))} at most)`,
      });
    // The counts are those of requests sent alone (bench/http-load.ts): first canvas writes of sessions signed in just before, and a later one.
    for (const [what, name, budget, counted] of [
      ['answer create', 'POST /api/canvas-answer/create/{questionId}', budgets.answerCreateRoundTrips, "2 new sessions' first writes"],
      ['vote', 'POST /api/canvas-answer/vote/{answerId}', budgets.voteRoundTrips, "a new session's first write, then its second"],
    ] as const) {
      const counts = http.endpoints.find((e) => e.name === name)?.roundTrips ?? [];
      list.push({
        ok: counts.length > 0 && Math.max(...counts) <= budget,
        line: `${what} round trips ≤ ${budget}: ${counts.length ? `${trips(counts)} (${counted})` : 'not measured'}`,
      });
    }
    const ratio = growthRatio(http);
    list.push({ ok: ratio <= budgets.growthRatio, line: `GET /api/canvas p50 1,000/10 items: ${fixed(ratio, 2)}, budget ${budgets.growthRatio}` });
  }
  const history = results.history;
  if (isFailed(history)) list.push({ ok: false, line: `history page p50 10,000/10 events ≤ ${budgets.historyPageRatio}: not measured (${history.error})` });
  else {
    const [short, long] = history.page;
    list.push({
      ok: history.pageRatio <= budgets.historyPageRatio,
      line: `history page p50 ${long?.events.toLocaleString('en-US')}/${short?.events} events: ${fixed(history.pageRatio, 2)} (${fixed(long?.p50)} / ${fixed(short?.p50)} ms), budget ${budgets.historyPageRatio}`,
    });
  }
  list.push(...dashboardVerdicts(results.dashboard));
  const live = results.live;
  if (isFailed(live)) list.push({ ok: false, line: `live propagation p95 ≤ ${livePropagationBudgetMs} ms at 50 listeners: not measured (${live.error})` });
  else {
    for (const run of live.propagation) {
      const line = `live propagation with ${run.listeners} listeners (write response → other client's message): p50 ${fixed(run.p50)} ms, p95 ${fixed(run.p95)} ms`;
      list.push({
        ok: run.listeners !== 50 || run.p95 <= livePropagationBudgetMs,
        line: run.listeners === 50 ? `${line}, budget p95 ≤ ${livePropagationBudgetMs} ms` : line,
      });
    }
    list.push({
      ok: true,
      line: `live write cost: p50 ${fixed(live.write.withoutListeners.p50)} ms without listeners, ${fixed(live.write.with50Listeners.p50)} ms with 50 (p95 ${fixed(live.write.withoutListeners.p95)} / ${fixed(live.write.with50Listeners.p95)} ms)`,
    });
  }
  const planBook = results.planBook;
  if (isFailed(planBook)) list.push({ ok: false, line: `plan book 1,000-entry canvas renders in ≤ 2 s (p50 warm): not measured (${planBook.error})` });
  else {
    list.push({
      ok: planBook.p50 <= budgets.planBookRenderMs,
      line: `plan book ${planBook.items.toLocaleString('en-US')}-entry canvas renders in ≤ 2 s (p50 warm): ${fixed(planBook.p50, 0)} ms`,
    });
  }
  const serverFiles = results.serverFiles;
  if (isFailed(serverFiles))
    list.push({
      ok: false,
      line: `takeaway create: server files before the commit ≤ ${budgets.takeawayCreateServerFiles}: not measured (${serverFiles.error})`,
    });
  else list.push(serverFilesVerdict(serverFiles));
  const writers = results.concurrentWriters;
  if (isFailed(writers)) list.push({ ok: false, line: `concurrent writers on one canvas: not measured (${writers.error})` });
  else list.push(concurrentWritersVerdict(writers));
  list.push(...lambdaVerdicts(results.lambda));
  list.push(...lighthouseVerdicts(results.lighthouse));
  list.push(...spaLines(results.spa));
  list.push(...loadVerdicts(results.load));
  return list;
}

/** The Lambdas' cold-start table (`npm run bench` and `npm run bench -- --only lambdas`); sizes reported, not budgeted. */
export function formatLambdaBundles(results: { lambda: Section<ColdStartResults> }): string[] {
  const lambda = results.lambda;
  if (isFailed(lambda)) return [`Lambda cold starts: FAILED — ${lambda.error}`];
  const row = (b: ColdStart) => [
    b.group,
    fixed(b.kilobytes, 0),
    fixed(b.mapKilobytes, 0),
    fixed(b.importMs),
    fixed(b.firstRequestMs),
    fixed(b.coldStartMs),
    fixed(b.cpuMs),
    `${fixed(b.cpuMs / lambda.floor.cpuMs, 2)}×`,
    String(b.status),
    b.error ?? '',
  ];
  return [
    `Lambda cold starts (a fresh node${lambda.nodeOptions ? ` with NODE_OPTIONS=${lambda.nodeOptions}` : ''} imports the production bundle, then serves its first request against DynamoDB Local; median of ${lambda.runs}, round-robin; × floor on CPU time; load average ${lambda.loadAverage.slice(0, 3).join(' ')} → ${lambda.loadAverage.slice(3).join(' ')})`,
    ...table(
      ['function', 'bundle KB', 'map KB', 'import ms', 'request ms', 'cold start ms', 'CPU ms', '× floor', 'status', ''],
      [row(lambda.floor), ...lambda.functions.map(row)],
    ),
  ];
}

/**
 * The cold-start lines: every API Lambda at most coldStartRatio × the floor, the plan book
 * planBookColdStartRatio ×, on CPU time (bench/lambda-bundles.ts says why), wall time beside.
 */
export function lambdaVerdicts(lambda: Section<ColdStartResults>): Verdict[] {
  if (isFailed(lambda)) return [{ ok: false, line: `API Lambda cold starts ≤ ${budgets.coldStartRatio}× the floor: not measured (${lambda.error})` }];
  const floor = lambda.floor;
  if (floor.error || !(floor.cpuMs > 0))
    return [{ ok: false, line: `API Lambda cold starts ≤ ${budgets.coldStartRatio}× the floor: the floor did not start (${floor.error ?? 'no time'})` }];
  return lambda.functions.map((b) => {
    const limit = b.group === planBookGroup ? budgets.planBookColdStartRatio : budgets.coldStartRatio;
    const ratio = b.cpuMs / floor.cpuMs;
    const measured = b.error
      ? `– (${b.error})`
      : `${fixed(ratio, 2)}× (CPU ${fixed(b.cpuMs)} ms, wall ${fixed(b.coldStartMs)} ms; the floor's CPU ${fixed(floor.cpuMs)} ms, wall ${fixed(floor.coldStartMs)} ms)`;
    return { ok: !b.error && ratio <= limit, line: `cold start of ${b.group} (import + first request) ≤ ${limit}× the floor: ${measured}` };
  });
}

/** The advisor dashboard's section of the report (also `npm run bench -- --dashboard`). */
export function formatDashboard(dashboard: Section<DashboardResults>): string[] {
  const out: string[] = [];
  if (isFailed(dashboard)) out.push(`Dashboard: FAILED — ${dashboard.error}`);
  else {
    out.push(
      `Advisor dashboard (POST /api/work-relation/list-dashboard-families, limit 10; p50 of sequential requests, interleaved; seeded in ${fixed(dashboard.seedSeconds)} s)`,
    );
    out.push(
      ...table(
        ['families', 'entries per canvas', 'p50 ms', 'p95 ms', 'round trips', 'items read', 'response KB'],
        dashboard.runs.map((r) => [
          String(r.families),
          r.entries.toLocaleString('en-US'),
          fixed(r.p50),
          fixed(r.p95),
          String(r.roundTrips),
          String(r.itemsRead),
          fixed(r.kilobytes),
        ]),
      ),
    );
    const detail = dashboard.ratioDetail;
    out.push(
      detail
        ? `ratio (500 families, 1,000 entries) / (10 families, empty): ${fixed(dashboard.ratio, 2)} (${fixed(detail.largestP50)} / ${fixed(detail.baseP50)} ms, p50s over ${detail.pairs} pairs back to back, alternating; halves ${fixed(detail.halves[0], 2)} and ${fixed(detail.halves[1], 2)}; median of the pairs' own ratios ${fixed(detail.pairedMedian, 2)})`
        : `ratio (500 families, 1,000 entries) / (10 families, empty): ${fixed(dashboard.ratio, 2)}`,
    );
  }
  return out;
}

/** The dashboard's two budget lines: its round trips, and its latency ratio. */
export function dashboardVerdicts(dashboard: Section<DashboardResults>): Verdict[] {
  const list: Verdict[] = [];
  if (isFailed(dashboard)) {
    list.push({ ok: false, line: `dashboard round trips ≤ ${budgets.dashboardRoundTrips}: not measured (${dashboard.error})` });
    list.push({ ok: false, line: `dashboard p50 (500 families, 1,000 entries) / (10, empty) ≤ ${budgets.dashboardRatio}: not measured (${dashboard.error})` });
  } else {
    const most = Math.max(...dashboard.runs.map((r) => r.roundTrips));
    const least = Math.min(...dashboard.runs.map((r) => r.roundTrips));
    list.push({
      ok: least > 0 && most <= budgets.dashboardRoundTrips,
      line: `dashboard round trips at 10/100/500 families × 0/1,000 entries: ${dashboard.runs.map((r) => r.roundTrips).join('/')}, budget ${budgets.dashboardRoundTrips}`,
    });
    const base = dashboard.ratioDetail?.baseP50 ?? dashboard.runs.find((r) => r.families === 10 && r.entries === 0)?.p50;
    const largest = dashboard.ratioDetail?.largestP50 ?? dashboard.runs.find((r) => r.families === 500 && r.entries === 1000)?.p50;
    const pairs = dashboard.ratioDetail ? `, ${dashboard.ratioDetail.pairs} pairs` : '';
    list.push({
      ok: dashboard.ratio <= budgets.dashboardRatio,
      line: `dashboard p50 (500 families, 1,000 entries) / (10, empty): ${fixed(dashboard.ratio, 2)} (${fixed(largest)} / ${fixed(base)} ms${pairs}), budget ${budgets.dashboardRatio}`,
    });
  }
  return list;
}

/** The SPA's lines of the report (also `npm run bench -- --spa-size` alone). */
export function formatSpa(spa: Section<SpaResult>): string[] {
  const out: string[] = [];
  if (isFailed(spa)) out.push(`SPA: FAILED — ${spa.error}`);
  else {
    out.push(`SPA (vite build in ${fixed(spa.buildSeconds)} s; gzip sizes)`);
    out.push(`first page (/): JavaScript ${fixed(spa.firstPageJsGzipKb)} KB in ${spa.firstPageJsFiles.length} files, CSS ${fixed(spa.firstPageCssGzipKb)} KB`);
    out.push(`first visit to /canvas: JavaScript ${fixed(spa.canvasFirstVisitJsGzipKb)} KB`);
    out.push(`  ${spa.firstPageJsFiles.map((f) => `${f.file.replace(/^assets\//, '')} ${fixed(f.gzipKb)}`).join(', ')}`);
    if (spa.largestRouteChunk) {
      const r = spa.largestRouteChunk;
      out.push(`largest route chunk: ${r.name} — ${fixed(r.gzipKb)} KB, ${fixed(r.withImportsGzipKb)} KB with its imports not on the first page`);
    }
    if (spa.largestOtherLazyChunk) out.push(`largest other lazy chunk: ${spa.largestOtherLazyChunk.name} — ${fixed(spa.largestOtherLazyChunk.gzipKb)} KB`);
  }
  if (!isFailed(spa) && spa.statsDir) out.push(`where it goes, module by module: ${spa.statsDir}/spa-treemap.html (spa-stats.json)`);
  return out;
}

/** The SPA's JavaScript, reported beside the Lighthouse lines (no budget: the scores judge the pages). */
export function spaLines(spa: Section<SpaResult>): Verdict[] {
  if (isFailed(spa)) return [reported(`first page and first canvas visit JavaScript (gzip): not measured (${spa.error})`)];
  return [
    reported(`first page (/, signed out) JavaScript: ${fixed(spa.firstPageJsGzipKb)} KB gzip in ${spa.firstPageJsFiles.length} files`),
    reported(`first visit to the canvas JavaScript: ${fixed(spa.canvasFirstVisitJsGzipKb)} KB gzip`),
  ];
}

const pageNames: Record<LighthousePage, string> = { home: 'home page', 'sign-in': 'sign-in page', canvas: "a seeded owner's canvas" };
const seconds = (ms: number) => `${fixed(ms / 1000, 1)} s`;

/** Lighthouse's figures per page: every run's score, the medians, where the report went. */
export function formatLighthouse(lighthouse: Section<LighthouseResults>): string[] {
  if (isFailed(lighthouse)) return [`Lighthouse: FAILED — ${lighthouse.error}`];
  return [
    `Lighthouse ${lighthouse.lighthouse} (mobile preset, simulated throttling) in Chromium ${lighthouse.chromium.replace(/^[^/]*\//, '')}, production build behind the local front door; median of ${lighthouse.runsPerPage} runs per page; the canvas signed in, ${lighthouse.canvasItems} entries`,
    ...table(
      ['page', 'performance (runs)', 'median', 'LCP s', 'FCP s', 'TBT ms', 'CLS', 'report (median run)'],
      lighthouse.pages.map((p) => [
        `${p.page} ${p.path}`,
        p.runs.map((r) => r.performance).join(' '),
        String(p.median.performance),
        fixed(p.median.lcpMs / 1000, 2),
        fixed(p.median.fcpMs / 1000, 2),
        fixed(p.median.tbtMs, 0),
        fixed(p.median.cls, 3),
        p.report,
      ]),
    ),
  ];
}

/** Lighthouse's budget lines: each page's median performance score and, where budgeted, its median LCP. */
export function lighthouseVerdicts(lighthouse: Section<LighthouseResults>): Verdict[] {
  const list: Verdict[] = [];
  for (const [page, budget] of Object.entries(budgets.lighthouse) as Array<[LighthousePage, { performance: number; lcpMs?: number }]>) {
    const measured = isFailed(lighthouse) ? undefined : lighthouse.pages.find((p) => p.page === page);
    const how = measured ? ` (median of ${measured.runs.length} runs, mobile preset, ${measured.path})` : '';
    const missing = `not measured (${isFailed(lighthouse) ? lighthouse.error : 'page not run'})`;
    list.push({
      ok: measured !== undefined && measured.median.performance >= budget.performance,
      line: `${pageNames[page]}: Lighthouse performance ≥ ${budget.performance}: ${measured ? `${measured.median.performance}${how}` : missing}`,
    });
    if (budget.lcpMs !== undefined)
      list.push({
        ok: measured !== undefined && measured.median.lcpMs <= budget.lcpMs,
        line: `${pageNames[page]}: Largest Contentful Paint ≤ ${seconds(budget.lcpMs)}: ${measured ? `${seconds(measured.median.lcpMs)}${how}` : missing}`,
      });
  }
  return list;
}

/** The files a takeaway create passes through before its commit, and the request stack left out. */
export function formatServerFiles(measured: ServerFilesResults): string[] {
  return [
    `Takeaway create (POST /api/canvas-takeaway/create/{categoryId}): ${measured.files.length} files under functions/ and shared/ with a function called before the TransactWriteItems, beyond the request stack (V8 precise coverage; ${measured.all.length} files in all)`,
    ...measured.files.map((file) => `  ${file}`),
    `  left out, the request stack (a refused create of the same route runs through them too): ${measured.excluded.join(', ') || 'none'}`,
  ];
}

export function serverFilesVerdict(measured: ServerFilesResults): Verdict {
  return {
    ok: measured.files.length <= budgets.takeawayCreateServerFiles,
    line: `takeaway create: server files before the commit ≤ ${budgets.takeawayCreateServerFiles}: ${measured.files.length}`,
  };
}

export function concurrentWritersVerdict(writers: ConcurrentWritersResults): Verdict {
  return {
    ok: writers.failed === 0,
    line: `concurrent writers on one canvas: ${writers.failed} failed of ${concurrentWriterCount} (p95 ${fixed(writers.p95, 0)} ms, transaction conflicts emulated)`,
  };
}

/** The load line's figures (bench/load.ts). */
export function formatLoad(load: Section<LoadResults>): string[] {
  if (isFailed(load)) return [`Load: not measured (${load.error})`];
  const lines = [
    `Load through the front door, production limits (stage ${load.limits.stage.rateLimit}/s burst ${load.limits.stage.burstLimit}, ${load.limits.perViewerAddress.limit} per viewer address in ${load.limits.perViewerAddress.windowSeconds} s): ${load.people} people on ${load.canvases} canvases for ${fixed(load.seconds, 0)} s`,
    `  ${load.requests.toLocaleString('en-US')} requests, ${fixed(load.requestsPerSecond, 1)}/s (${fixed(load.perPersonRequestsPerSecond, 3)}/s a person; the plan's busy person ${fixed(load.plannedPerPersonRequestsPerSecond, 3)}/s); p50 ${fixed(load.p50, 0)} ms, p95 ${fixed(load.p95, 0)} ms, p99 ${fixed(load.p99, 0)} ms; statuses ${JSON.stringify(load.statuses)}`,
    ...Object.entries(load.byAction).map(
      ([action, figures]) => `  ${action}: ${figures.requests} requests, p50 ${fixed(figures.p50, 0)} ms, p95 ${fixed(figures.p95, 0)} ms`,
    ),
    `  sockets: ${load.sockets.opened} open, ${load.sockets.failed} refused; ${load.sockets.changesReceived.toLocaleString('en-US')} changes received`,
    `  the fast client: ${load.fastClient.requests} requests (${fixed(load.fastClient.requestsPerSecond, 2)}/s), ${load.fastClient.throttled} answered 429${load.fastClient.firstThrottledAfterSeconds === null ? '' : `, the first after about ${fixed(load.fastClient.firstThrottledAfterSeconds, 0)} s`}`,
    ...load.errorSamples.map((sample) => `  error: ${sample}`),
  ];
  return lines;
}

export function loadVerdicts(load: Section<LoadResults>): Verdict[] {
  if (isFailed(load)) return [{ ok: false, line: `load: 100 people on 20 canvases through the front door: not measured (${load.error})` }];
  const who = `${load.people} people on ${load.canvases} canvases for ${fixed(load.seconds, 0)} s`;
  return [
    { ok: load.throttled === 0, line: `load, ${who}: 0 answers 429: ${load.throttled}` },
    { ok: load.errors === 0, line: `load, ${who}: 0 errors: ${load.errors}` },
    reported(`load: ${fixed(load.requestsPerSecond, 1)} requests/s; p50 ${fixed(load.p50, 0)} ms, p95 ${fixed(load.p95, 0)} ms, p99 ${fixed(load.p99, 0)} ms`),
    {
      ok: load.fastClient.throttled > 0 && load.throttled === 0,
      line: `load: one client 20 times faster gets 429 and nobody else does: ${load.fastClient.throttled} of its ${load.fastClient.requests} answered 429, ${load.throttled} of the others'`,
    },
  ];
}

export function formatVerdicts(list: Verdict[]): string[] {
  const missed = list.filter((v) => !v.ok).length;
  return [
    'Budgets (lines without PASS or MISS are figures reported, not budgeted)',
    ...list.map((v) => `${v.reported ? '    ' : v.ok ? 'PASS' : 'MISS'}  ${v.line}`),
    missed ? `${missed} budget(s) missed.` : list.every((v) => v.reported) ? 'Figures only: no budget judges them.' : 'All budgets met.',
  ];
}

export function writeResults(file: string, results: BenchResults): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
