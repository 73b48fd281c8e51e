/**
 * The monthly AWS cost model (docs/operations.md "Cost"): usage assumptions and us-east-1 list prices in,
 * dollars per 1,000 families of three sizes, per 100 advisor companies, and the fixed monthly
 * part out. scripts/cost.ts prints it (`npm run cost`); the canvas size per entry and the
 * compression ratio come from bench/results.json when there is one.
 *
 * What the code does that the figures follow (checked against the code of 2026-12-07):
 * - Strongly consistent reads cost twice an eventually consistent one (1 RRU per 4 KB instead
 *   of 0.5): the canvas Query (functions/records/items.ts queryCanvas, read by every
 *   canvas GET, by every canvas write before its transaction, and by the live sender's rebuild
 *   of the dashboard summary), the live channel's connections Query and access BatchGet
 *   (functions/records/connections.ts, functions/domain/access/decide-now.ts), and most
 *   single-item reads of security items. The session GetItem and the dashboard's BatchGet are
 *   eventually consistent.
 * - A canvas write is one transaction (2 WRU per KB per item): the content item and the history
 *   event (runSteps in functions/domain/canvas/context.ts); then one 1-WRU-per-KB copy per
 *   global secondary index an item has keys for (both indexes project all attributes): a content
 *   event's GSI2 key (who changed an item last), a delete event's GSI1 key ("Recently deleted"),
 *   an assigned action point's GSI2 key ("My actions").
 * - The dashboard summary is not in that transaction: the live sender, invoked by the journal's
 *   stream for the write anyway, rebuilds it (functions/domain/canvas/refresh-summaries.ts): a
 *   strongly consistent canvas Query and an ordinary put of the summary per write. The cards
 *   job (functions/domain/canvas/repair-summaries.ts) reads every canvas's card, canvas item and
 *   newest event key once an hour.
 * - History events are kept 2 years (TTL): storage grows every month until then.
 */
import { logRetentionDays } from '../infra/log-retention';
import { secretMaxAgeSeconds } from '../functions/lib/secret-source';

import { advisorCompanyUsage, familySizes, type FamilyProfile } from '../infra/traffic-plan';

/** us-east-1 on-demand list prices in USD, as published on the AWS pricing pages (see pricesAsOf). */
export const prices = {
  /** Lambda on Arm (Graviton): per GB-second and per request. */
  lambdaArmGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  /** API Gateway HTTP API, first 300 million a month (each 512 KB of a request counts as one). */
  httpApiRequest: 1.0 / 1e6,
  /** API Gateway WebSocket: messages (32 KB units, sent or received) and connection minutes. */
  webSocketMessage: 1.0 / 1e6,
  webSocketConnectionMinute: 0.25 / 1e6,
  /** DynamoDB on-demand (after the November 2024 reduction), standard table class. */
  dynamoWriteRequestUnit: 0.625 / 1e6,
  dynamoReadRequestUnit: 0.125 / 1e6,
  dynamoStorageGbMonth: 0.25,
  dynamoPitrGbMonth: 0.2,
  /** SES outbound e-mail from Lambda. */
  sesEmail: 0.1 / 1000,
  /** CloudFront, North America/Europe, first 10 TB, HTTPS requests. */
  cloudFrontGbOut: 0.085,
  cloudFrontHttpsRequest: 0.01 / 10_000,
  /** CloudWatch. */
  cloudWatchLogsIngestGb: 0.5,
  cloudWatchLogsStoreGbMonth: 0.03,
  cloudWatchAlarm: 0.1,
  cloudWatchDashboard: 3.0,
  cloudWatchCustomMetric: 0.3,
  /** X-Ray: traces recorded (retrieval and scans are not modelled: a few incident look-ups). */
  xRayTraceRecorded: 5.0 / 1e6,
  /** Secrets Manager, per secret and month, and per API call (GetSecretValue). */
  secret: 0.4,
  secretApiCall: 0.05 / 10_000,
  /** AWS Backup, DynamoDB backups in warm storage, per GB-month (each daily backup is a full copy). */
  backupGbMonth: 0.1,
  /** AWS WAF (optional): web ACL, rule (a managed rule group counts as one) and requests. */
  wafWebAcl: 5.0,
  wafRule: 1.0,
  wafRequest: 0.6 / 1e6,
} as const;

export const pricesAsOf =
  '2025 list prices (AWS pricing pages, us-east-1; DynamoDB after its November 2024 on-demand reduction); not re-checked online from the build machine — verify before quoting';

export type Prices = { [K in keyof typeof prices]: number };

export { familySizes, type FamilyProfile } from '../infra/traffic-plan';

export type FamilySize = keyof typeof familySizes;
export const familySizeNames = Object.keys(familySizes) as FamilySize[];

/** Every figure is an assumption of the "Cost" section of docs/operations.md unless it is read from the code. */
export const defaultUsage = {
  weeksPerMonth: 4.35,
  family: familySizes.medium as FamilyProfile,
  advisorCompany: advisorCompanyUsage,
  /**
   * Stored sizes (KB, DynamoDB's item size rule: attribute names plus values) measured on
   * 2026-11-26 with DynamoDB Local on canvases of tests/support/canvas-content.ts's mix
   * (docs/cost.md "Measured sizes"), and shares of the writes.
   */
  items: {
    /** The canvas partition without content: the template's 7 sections, 15 categories, 60 questions and the canvas item. */
    templateKb: 15,
    /** Stored KB per canvas entry (votes live on the answers and takeaways they are for): (48.8 − 15) / 100, (151.5 − 15) / 400. */
    storedKbPerEntry: 0.34,
    /** A canvas item (answer 0.42 KB, takeaway 0.55, goal 0.57, action point 0.64). */
    contentItemKb: 0.55,
    /** A history event: 0.75 KB for a create; an update carries the state before and after. */
    historyEventKb: 1.0,
    /** A session item (GetItem on every request; touched at most every 5 minutes, with 2 index copies). */
    sessionItemKb: 0.5,
    /** A live connection item (put on connect, deleted on disconnect; GSI1 and GSI2 keys). */
    connectionItemKb: 0.3,
    /** Of the canvas writes: deletes (their event is on GSI1 until restored) and assigned action points (GSI2). */
    deleteShare: 0.1,
    assignedActionPointShare: 0.15,
    /** Minutes between session touches (functions/domain/sessions/session.ts touchIntervalSeconds). */
    sessionTouchMinutes: 5,
  },
  /** The cards job (infra/stacks/jobs-stack.ts: hourly): runs a month, and function time per canvas it checks. */
  cardsJob: { runsPerMonth: 24 * 30.4, msPerCanvas: 2 },
  request: {
    /** Average function time per API request (ms) and memory (MB): the group functions. */
    lambdaMs: 60,
    lambdaMemoryMb: 512,
    /** The live sender, the socket routes and a stream consumer: short invocations. */
    eventLambdaMs: 40,
    /** A plan book: a heavier function. */
    planBookMs: 3000,
    planBookMemoryMb: 1024,
    /** Responses other than the canvas (KB as JSON); those of 1 KB or more leave compressed. */
    otherResponseKb: 1.5,
    /** The compression ratio of JSON of 1 KB or more (br/gzip; functions/http/http.ts). */
    otherResponseCompression: 3,
    /** SPA bytes per session (first load per session; hashed assets cached after). */
    spaKbPerSession: 180,
    /** Log bytes per Lambda invocation: access log line plus the function's lines; kept infra/log-retention.ts's days. */
    logBytesPerInvocation: 1200,
    logMonthsKept: logRetentionDays / 30.4,
    /**
     * Share of invocations X-Ray records: Lambda's active tracing takes the first request each
     * second and 5% of the rest, so at these rates (well under one request a second a
     * function) nearly every one.
     */
    xRayTracedShare: 1,
  },
  /**
   * Fixed monthly operations, counted in the synthesised templates when `npm run synth` has
   * written cdk.out (scripts/cost-templates.ts; scripts/cost.ts passes them in); these defaults
   * are the counts of the development synth. Alarms are billed per metric they
   * read (`billedAlarmMetrics`); `functionSecretReads` is the (function, secret) pairs whose
   * cache (functions/lib/secret-source.ts, `secretCacheSeconds`) reads the secret again when it
   * is older, in each of `warmContainersPerFunction` containers kept warm all month (an upper
   * bound at this product's traffic: an idle function's container is gone and its next cold
   * start reads once). `backupDaysKept`: AWS Backup's daily full copies (infra/stacks/data-stack.ts).
   * WAF only when on.
   */
  fixed: {
    alarms: 223,
    billedAlarmMetrics: 235,
    dashboards: 1,
    customMetrics: 70,
    secrets: 3,
    functions: 34,
    functionSecretReads: 35,
    warmContainersPerFunction: 1,
    secretCacheSeconds: secretMaxAgeSeconds,
    backupDaysKept: 35,
    waf: false,
    wafRules: 4,
  },
};

export type Usage = typeof defaultUsage;

/** Figures from the benchmark when there is one. */
export type BenchFigures = {
  source: string;
  /** KB of GET /api/canvas per canvas entry (JSON as stored and sent, uncompressed). */
  canvasKbPerEntry: number;
  /** Uncompressed / gzip size of the canvas response. */
  canvasCompression: number;
};

export const defaultBenchFigures: BenchFigures = {
  source: 'bench figures (1,000-entry canvas: 274 KB as JSON, about 18 KB gzip)',
  canvasKbPerEntry: 0.274,
  // 274 / 18 is 15× at 1,000 entries; smaller canvases compress less: 6× is the figure used.
  canvasCompression: 6,
};

type BenchResultsShape = {
  date?: string;
  http?: {
    growth?: Array<{ items: number; kilobytes: number }>;
    compressed?: { items: number; plainKilobytes: number; gzipKilobytes: number };
  };
};

/** The figures of a bench/results.json; what it lacks stays at the defaults. */
export function benchFiguresFrom(results: unknown): BenchFigures {
  const shaped = results as BenchResultsShape;
  const growth = shaped.http?.growth ?? [];
  // The largest measured canvas: its per-entry size is the least distorted by the fixed part.
  const largest = [...growth].sort((a, b) => b.items - a.items)[0];
  const compressed = shaped.http?.compressed;
  // A ratio measured at 1,000 entries overstates what a 100-entry canvas gets: cap at the default.
  const measuredRatio = compressed && compressed.gzipKilobytes > 0 ? compressed.plainKilobytes / compressed.gzipKilobytes : undefined;
  return {
    source: `bench/results.json${shaped.date ? ` of ${shaped.date}` : ''}`,
    canvasKbPerEntry: largest && largest.items > 0 ? largest.kilobytes / largest.items : defaultBenchFigures.canvasKbPerEntry,
    canvasCompression: measuredRatio ? Math.min(measuredRatio, defaultBenchFigures.canvasCompression) : defaultBenchFigures.canvasCompression,
  };
}

export type CostLine = { service: string; perThousandFamilies: number; perHundredAdvisorCompanies: number; fixed: number };

/** Read request units: one per 4 KB strongly consistent, half that eventually consistent. */
export const readUnits = (kb: number, consistency: 'strong' | 'eventual') => Math.ceil(Math.max(kb, 0.001) / 4) * (consistency === 'strong' ? 1 : 0.5);
/** Write request units: one per KB, two in a transaction. */
export const writeUnits = (kb: number, kind: 'standard' | 'transactional') => Math.ceil(Math.max(kb, 0.001)) * (kind === 'transactional' ? 2 : 1);

/** The DynamoDB units of one canvas write, item by item (so a test can see each part). */
/** KB the canvas Query reads: every `C#` item of the partition, the summary included. */
export function canvasQueryKbOf(usage: Usage): number {
  return usage.items.templateKb + usage.family.canvasEntries * usage.items.storedKbPerEntry + usage.family.summaryKb;
}

export function canvasWriteUnits(usage: Usage) {
  const { items, family } = usage;
  const canvasQueryKb = canvasQueryKbOf(usage);
  const eventIndexCopies = 1 + items.deleteShare; // GSI2 on content events, GSI1 on deletes
  const parts = {
    /** The session GetItem (eventual) and the write's own canvas Query (strong), before the transaction. */
    readsBefore: readUnits(items.sessionItemKb, 'eventual') + readUnits(canvasQueryKb, 'strong'),
    contentItem: writeUnits(items.contentItemKb, 'transactional'),
    assigneeIndex: items.assignedActionPointShare * writeUnits(items.contentItemKb, 'standard'),
    historyEvent: writeUnits(items.historyEventKb, 'transactional'),
    historyEventIndexes: eventIndexCopies * writeUnits(items.historyEventKb, 'standard'),
    /** The live sender's rebuild of the summary: an ordinary put of the whole item ... */
    summary: writeUnits(family.summaryKb, 'standard'),
    /** ... after a strongly consistent Query of the whole canvas (refresh-summaries.ts). */
    summaryRebuildRead: readUnits(canvasQueryKb, 'strong'),
  };
  const wru = parts.contentItem + parts.assigneeIndex + parts.historyEvent + parts.historyEventIndexes + parts.summary;
  const rru = parts.readsBefore + parts.summaryRebuildRead;
  return { parts, wru, rru };
}

/** RRU of one cards-job check of a canvas: its card and canvas item (one BatchGet) and its newest event key (a Query of one item), eventually consistent. */
export function cardsCheckUnits(usage: Usage): number {
  return readUnits(usage.family.summaryKb, 'eventual') + readUnits(0.3, 'eventual') + readUnits(usage.items.historyEventKb, 'eventual');
}

/** GetSecretValue calls a month: each (function, secret) pair's cache read again every `secretCacheSeconds` in each warm container. */
export function secretCallsPerMonth(fixed: Usage['fixed']): number {
  return fixed.functionSecretReads * fixed.warmContainersPerFunction * ((30.4 * 24 * 3600) / fixed.secretCacheSeconds);
}

/** GB a month of history events (with their index copies) one family adds; kept 2 years. */
export function historyGbPerMonth(usage: Usage, family: FamilyProfile = usage.family): number {
  const writes = family.activeMembersPerWeek * family.writesPerActiveMemberPerWeek * usage.weeksPerMonth;
  return (writes * usage.items.historyEventKb * (2 + usage.items.deleteShare)) / 1024 / 1024;
}

export const historyMonthsKept = 24;

type Side = {
  lambda: number;
  httpApi: number;
  webSocket: number;
  dynamoRequests: number;
  dynamoStorage: number;
  ses: number;
  cloudFront: number;
  cloudFrontUncompressed: number;
  cloudWatchLogs: number;
  xRay: number;
  waf: number;
  backup: number;
};

/**
 * The monthly cost. `monthOfHistory` is how many months of history the table holds (1 to
 * 24, the events' TTL): storage grows by historyGbPerMonth every month until then.
 */
export function computeCost(
  usage: Usage = defaultUsage,
  bench: BenchFigures = defaultBenchFigures,
  price: Prices = prices,
  options: { monthOfHistory?: number } = {},
): CostLine[] {
  const { family, advisorCompany: advisor, request, items, weeksPerMonth } = usage;
  const historyMonths = Math.min(Math.max(options.monthOfHistory ?? 1, 1), historyMonthsKept);
  const canvasQueryKb = canvasQueryKbOf(usage);
  const sessionRru = readUnits(items.sessionItemKb, 'eventual');
  const write = canvasWriteUnits(usage);
  const gbSeconds = (ms: number, mb: number) => (ms / 1000) * (mb / 1024);
  const invocation = (ms: number, mb: number) => gbSeconds(ms, mb) * price.lambdaArmGbSecond + price.lambdaRequest;
  const logs = (invocations: number) =>
    ((invocations * request.logBytesPerInvocation) / 1024 ** 3) * (price.cloudWatchLogsIngestGb + price.cloudWatchLogsStoreGbMonth * request.logMonthsKept);
  const kbToGb = (kb: number) => kb / 1024 / 1024;

  /** One side (a family or an advisor company): its requests and what they cost. */
  const side = (p: {
    sessions: number;
    socketMinutesPerSession: number;
    canvasReads: number;
    otherReads: number;
    dashboardPages: number;
    writes: number;
    socketsOnlinePerWrite: number;
    planBooks: number;
    mails: number;
    storedKb: number;
    /** Canvases the cards job checks every hour (a family: 1). */
    canvasesChecked: number;
  }): Side => {
    const apiRequests = p.canvasReads + p.otherReads + p.dashboardPages * 1 + p.writes + p.planBooks;
    // Live: a socket's connect and disconnect (each a Lambda, the connection item put and
    // deleted with its two index copies, the limit Query), and per write the sender (stream).
    const socketInvocations = p.sessions * 2;
    // The sender's invocation also rebuilds the summary (write.rru, write.wru).
    const senderInvocations = p.writes;
    const eventInvocations = socketInvocations + senderInvocations;
    const cardsChecks = p.canvasesChecked * usage.cardsJob.runsPerMonth;

    const dashboardRru =
      sessionRru +
      readUnits(advisor.familiesPerDashboardPage * 0.2, 'eventual') +
      advisor.familiesPerDashboardPage * (readUnits(family.summaryKb, 'eventual') + 2 * 0.5);
    const senderRru = readUnits(0.5, 'strong') + p.socketsOnlinePerWrite * 3 * readUnits(0.5, 'strong');
    const rru =
      p.canvasReads * (sessionRru + readUnits(canvasQueryKb, 'strong')) +
      p.otherReads * (sessionRru + readUnits(1, 'strong')) +
      p.dashboardPages * dashboardRru +
      p.writes * (write.rru + senderRru) +
      // A socket's connect reads the session and Queries the user's sockets (the limit), its
      // disconnect Queries the socket by id: index Queries, eventually consistent.
      p.sessions * (sessionRru + 2 * readUnits(0.5, 'eventual')) +
      cardsChecks * cardsCheckUnits(usage);
    const touchesPerSession = Math.max(1, p.socketMinutesPerSession / items.sessionTouchMinutes);
    const wru =
      p.writes * write.wru +
      p.sessions * touchesPerSession * 3 * writeUnits(items.sessionItemKb, 'standard') +
      p.sessions * 2 * 3 * writeUnits(items.connectionItemKb, 'standard');
    const storedGb = kbToGb(p.storedKb);

    const canvasResponseKb = family.canvasEntries * bench.canvasKbPerEntry;
    const egressKb = (compressed: boolean) =>
      p.canvasReads * (compressed ? canvasResponseKb / bench.canvasCompression : canvasResponseKb) +
      (p.otherReads + p.dashboardPages + p.writes) * (compressed ? request.otherResponseKb / request.otherResponseCompression : request.otherResponseKb) +
      p.sessions * request.spaKbPerSession;
    const cloudFrontRequests = apiRequests + p.sessions * 8;
    const cloudFront = (compressed: boolean) => kbToGb(egressKb(compressed)) * price.cloudFrontGbOut + cloudFrontRequests * price.cloudFrontHttpsRequest;
    const invocations = apiRequests + eventInvocations;
    return {
      lambda:
        (apiRequests - p.planBooks) * invocation(request.lambdaMs, request.lambdaMemoryMb) +
        p.planBooks * invocation(request.planBookMs, request.planBookMemoryMb) +
        eventInvocations * invocation(request.eventLambdaMs, request.lambdaMemoryMb) +
        cardsChecks * gbSeconds(usage.cardsJob.msPerCanvas, request.lambdaMemoryMb) * price.lambdaArmGbSecond,
      httpApi: apiRequests * price.httpApiRequest,
      webSocket: p.sessions * p.socketMinutesPerSession * price.webSocketConnectionMinute + p.writes * p.socketsOnlinePerWrite * price.webSocketMessage,
      dynamoRequests: rru * price.dynamoReadRequestUnit + wru * price.dynamoWriteRequestUnit,
      dynamoStorage: storedGb * (price.dynamoStorageGbMonth + price.dynamoPitrGbMonth),
      backup: storedGb * usage.fixed.backupDaysKept * price.backupGbMonth,
      ses: p.mails * price.sesEmail,
      cloudFront: cloudFront(true),
      cloudFrontUncompressed: cloudFront(false),
      cloudWatchLogs: logs(invocations),
      xRay: invocations * request.xRayTracedShare * price.xRayTraceRecorded,
      waf: usage.fixed.waf ? cloudFrontRequests * price.wafRequest : 0,
    };
  };

  const familySessions = family.activeMembersPerWeek * family.sessionsPerActiveMemberPerWeek * weeksPerMonth;
  const familyWrites = family.activeMembersPerWeek * family.writesPerActiveMemberPerWeek * weeksPerMonth;
  const canvasStoredKb = canvasQueryKb + family.otherStoredItems * 0.3;
  const historyKb = historyGbPerMonth(usage) * 1024 * 1024 * historyMonths;
  const perFamily = side({
    sessions: familySessions,
    socketMinutesPerSession: family.socketMinutesPerSession,
    canvasReads: familySessions * family.canvasReadsPerSession,
    otherReads: familySessions * family.otherReadsPerSession,
    dashboardPages: 0,
    writes: familyWrites,
    socketsOnlinePerWrite: family.socketsOnlinePerWrite,
    planBooks: family.planBooksPerMonth,
    mails: family.activeMembersPerWeek * family.digestMailsPerMemberPerWeek * weeksPerMonth + family.otherMailsPerMonth,
    storedKb: canvasStoredKb + historyKb,
    canvasesChecked: 1,
  });

  const advisorSessions = advisor.activeAdvisorsPerWeek * advisor.sessionsPerAdvisorPerWeek * weeksPerMonth;
  const perAdvisor = side({
    sessions: advisorSessions,
    socketMinutesPerSession: advisor.socketMinutesPerSession,
    canvasReads: advisorSessions * advisor.canvasReadsPerSession,
    otherReads: advisorSessions * advisor.otherReadsPerSession,
    dashboardPages: advisorSessions * advisor.dashboardLoadsPerSession,
    writes: advisor.activeAdvisorsPerWeek * advisor.writesPerAdvisorPerWeek * weeksPerMonth,
    socketsOnlinePerWrite: 1,
    planBooks: 0,
    mails: advisor.activeAdvisorsPerWeek * advisor.digestMailsPerAdvisorPerWeek * weeksPerMonth,
    storedKb: advisor.storedItems * 0.3,
    canvasesChecked: 0,
  });

  const { fixed } = usage;
  const fixedCost = {
    // CloudWatch bills an alarm per metric it reads: a metric-math alarm costs one per metric.
    cloudWatch:
      fixed.billedAlarmMetrics * price.cloudWatchAlarm + fixed.dashboards * price.cloudWatchDashboard + fixed.customMetrics * price.cloudWatchCustomMetric,
    secrets: fixed.secrets * price.secret + secretCallsPerMonth(fixed) * price.secretApiCall,
    waf: fixed.waf ? price.wafWebAcl + fixed.wafRules * price.wafRule : 0,
  };
  const row = (service: string, key: keyof Side, fixedPart = 0): CostLine => ({
    service,
    perThousandFamilies: perFamily[key] * 1000,
    perHundredAdvisorCompanies: perAdvisor[key] * 100,
    fixed: fixedPart,
  });
  const lines: CostLine[] = [
    row('Lambda', 'lambda'),
    row('API Gateway HTTP', 'httpApi'),
    row('API Gateway WebSocket', 'webSocket'),
    row('DynamoDB requests', 'dynamoRequests'),
    row('DynamoDB storage + PITR', 'dynamoStorage'),
    row('AWS Backup', 'backup'),
    row('SES', 'ses'),
    row('CloudFront (compressed)', 'cloudFront'),
    row('CloudWatch', 'cloudWatchLogs', fixedCost.cloudWatch),
    row('X-Ray', 'xRay'),
    { service: 'Secrets Manager', perThousandFamilies: 0, perHundredAdvisorCompanies: 0, fixed: fixedCost.secrets },
  ];
  if (fixed.waf) lines.push(row('AWS WAF', 'waf', fixedCost.waf));
  const total = lines.reduce(
    (sum, line) => ({
      service: 'Total',
      perThousandFamilies: sum.perThousandFamilies + line.perThousandFamilies,
      perHundredAdvisorCompanies: sum.perHundredAdvisorCompanies + line.perHundredAdvisorCompanies,
      fixed: sum.fixed + line.fixed,
    }),
    { service: 'Total', perThousandFamilies: 0, perHundredAdvisorCompanies: 0, fixed: 0 },
  );
  // Not in the total: what CloudFront would cost if JSON left uncompressed.
  return [...lines, total, row('(CloudFront if uncompressed)', 'cloudFrontUncompressed')];
}

/** The usage with one family size. */
export function usageFor(size: FamilySize, base: Usage = defaultUsage): Usage {
  return { ...base, family: familySizes[size] };
}

const usd = (value: number) => `$${value.toFixed(2)}`;
const lineOf = (lines: CostLine[], service: string) => lines.find((l) => l.service === service);

/** The table `npm run cost` prints: per 1,000 families of each size, per 100 advisor companies, fixed. */
export function formatCostTable(usage: Usage, bench: BenchFigures, price: Prices = prices): string {
  const bySize = familySizeNames.map((size) => ({
    size,
    first: computeCost(usageFor(size, usage), bench, price),
    last: computeCost(usageFor(size, usage), bench, price, { monthOfHistory: historyMonthsKept }),
  }));
  const services = bySize[0]!.first.map((l) => l.service);
  const header = ['service', ...familySizeNames.map((s) => `1,000 ${s}`), '100 advisor cos', 'fixed/month'];
  const rows = services.map((service) => [
    service,
    ...bySize.map(({ first }) => usd(lineOf(first, service)!.perThousandFamilies)),
    usd(lineOf(bySize[1]!.first, service)!.perHundredAdvisorCompanies),
    usd(lineOf(bySize[0]!.first, service)!.fixed),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const rule = format(widths.map((w) => '-'.repeat(w)));
  const totalIndex = services.indexOf('Total');
  const storageGrowth = bySize.map(
    ({ size, first, last }) =>
      `${size} ${(historyGbPerMonth(usageFor(size, usage)) * 1000).toFixed(3)} GB/month per 1,000 families; storage line ${usd(lineOf(first, 'DynamoDB storage + PITR')!.perThousandFamilies)} in month 1, ${usd(lineOf(last, 'DynamoDB storage + PITR')!.perThousandFamilies)} from month ${historyMonthsKept}; AWS Backup ${usd(lineOf(first, 'AWS Backup')!.perThousandFamilies)} in month 1, ${usd(lineOf(last, 'AWS Backup')!.perThousandFamilies)} from month ${historyMonthsKept}`,
  );
  const writeParts = canvasWriteUnits(usageFor('medium', usage));
  return [
    'Family Canvas: monthly AWS cost (USD, us-east-1 list prices, no free tier)',
    `prices: ${pricesAsOf}`,
    `canvas figures: ${bench.source} — ${bench.canvasKbPerEntry.toFixed(3)} KB per entry, compression ${bench.canvasCompression.toFixed(1)}×`,
    `dashboard summary: rebuilt by the live sender from the journal's stream (a strongly consistent canvas Query and a put per write); the cards job checks every canvas hourly (${cardsCheckUnits(usageFor('medium', usage)).toFixed(1)} RRU a canvas)`,
    `a medium family's canvas Query reads ${canvasQueryKbOf(usageFor('medium', usage)).toFixed(1)} KB (strongly consistent); its canvas write: ${writeParts.wru.toFixed(2)} WRU, ${writeParts.rru.toFixed(2)} RRU (item ${writeParts.parts.contentItem}, event ${writeParts.parts.historyEvent} + index copies ${writeParts.parts.historyEventIndexes.toFixed(2)}, assignee index ${writeParts.parts.assigneeIndex.toFixed(2)}; the sender's summary put ${writeParts.parts.summary} after its canvas Query ${writeParts.parts.summaryRebuildRead})`,
    ...familySizeNames.map((size) => `${size}: ${familySizes[size].description}`),
    '',
    format(header),
    rule,
    ...rows.slice(0, totalIndex).map(format),
    rule,
    format(rows[totalIndex]!),
    ...rows.slice(totalIndex + 1).map(format),
    '',
    `History storage (events with index copies, kept ${historyMonthsKept} months): ${storageGrowth.join('; ')}.`,
    `Fixed: ${usage.fixed.alarms} alarms reading ${usage.fixed.billedAlarmMetrics} metrics × $${price.cloudWatchAlarm.toFixed(2)}, ${usage.fixed.dashboards} dashboard × $${price.cloudWatchDashboard.toFixed(2)}, ${usage.fixed.customMetrics} custom metrics × $${price.cloudWatchCustomMetric.toFixed(2)}; ${usage.fixed.secrets} secrets × $${price.secret.toFixed(2)} and ${Math.round(secretCallsPerMonth(usage.fixed)).toLocaleString('en-US')} GetSecretValue calls (${usage.fixed.functionSecretReads} function-secret pairs of ${usage.fixed.functions} functions, a ${usage.fixed.secretCacheSeconds} s cache, ${usage.fixed.warmContainersPerFunction} warm container each)${usage.fixed.waf ? `; WAF web ACL and ${usage.fixed.wafRules} rules` : ''}.`,
    `AWS Backup: ${usage.fixed.backupDaysKept} daily full copies of the table kept (the storage line's data, not PITR's), $${price.backupGbMonth.toFixed(2)} per GB-month; a copy to another vault (backupCopyVaultArn) costs as much again plus transfer.`,
  ].join('\n');
}
