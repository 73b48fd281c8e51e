/**
 * The monthly AWS cost model of docs/cost.md: usage assumptions and us-east-1 list prices
 * in, dollars per 1,000 families, per 100 advisor companies, and the fixed monthly part out.
 * scripts/cost.ts prints it (`npm run cost`); DynamoDB round trips and item sizes come from
 * bench/results.json when there is one.
 */

/** us-east-1 on-demand list prices in USD, as published on the AWS pricing pages (see pricesAsOf). */
export const prices = {
  /** Lambda on Arm (Graviton): per GB-second and per request. */
  lambdaArmGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1e6,
  /** API Gateway HTTP API, first 300 million a month (each 512 KB of a request counts as one). */
  httpApiRequest: 1.0 / 1e6,
  /** API Gateway WebSocket: messages (32 KB units) and connection minutes. */
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
  /** Secrets Manager, per secret and month. */
  secret: 0.4,
  /** AWS WAF (optional): web ACL, rule (a managed rule group counts as one) and requests. */
  wafWebAcl: 5.0,
  wafRule: 1.0,
  wafRequest: 0.6 / 1e6,
} as const;

export const pricesAsOf =
  '2025 list prices (AWS pricing pages, us-east-1; DynamoDB after its November 2024 on-demand reduction); not re-checked online from the build machine — verify before quoting';

export type Prices = typeof prices;

/** What families and advisor companies do in a month; every figure is an assumption of docs/cost.md. */
export const defaultUsage = {
  weeksPerMonth: 4.35,
  family: {
    activeMembersPerWeek: 3,
    sessionsPerActiveMemberPerWeek: 2,
    /** API reads per session (canvas, categories, members, profile, …). */
    readsPerSession: 25,
    /** Canvas writes per active member per week (answers, votes, takeaways, goals, action points). */
    writesPerActiveMemberPerWeek: 12,
    /** Live socket: minutes a session keeps one WebSocket open. */
    socketMinutesPerSession: 20,
    /** Messages pushed per canvas write (to the other members online). */
    socketMessagesPerWrite: 2,
    digestMailsPerMemberPerWeek: 1,
    /** Other mail (invitations, confirmations, resets) per family and month. */
    otherMailsPerMonth: 3,
    planBooksPerMonth: 1,
    /** Items stored per family (canvas ~100 entries as ~80 items, members, invitations), average bytes each. */
    storedItems: 150,
  },
  advisorCompany: {
    activeAdvisorsPerWeek: 4,
    sessionsPerAdvisorPerWeek: 4,
    readsPerSession: 30,
    /** Dashboard loads (one canvas Query per family shown) per session. */
    dashboardLoadsPerSession: 2,
    familiesPerDashboardPage: 10,
    writesPerAdvisorPerWeek: 4,
    socketMinutesPerSession: 20,
    digestMailsPerAdvisorPerWeek: 1,
    storedItems: 60,
  },
  request: {
    /** Average function time per API request (ms) and memory (MB): the group functions. */
    lambdaMs: 60,
    lambdaMemoryMb: 512,
    /** A plan book: a heavier function. */
    planBookMs: 3000,
    planBookMemoryMb: 1024,
    /** Average API response (KB, compressed) through CloudFront. */
    apiResponseKb: 6,
    /** SPA bytes per session (first load per session; hashed assets cached after). */
    spaKbPerSession: 180,
    /** Log bytes per API request: access log line plus the function's lines. */
    logBytesPerRequest: 1200,
  },
  /** Fixed monthly operations: alarms, dashboard, business metrics, secrets; WAF only when on. */
  fixed: { alarms: 53, dashboards: 1, customMetrics: 20, secrets: 1, waf: false, wafRules: 3 },
};

export type Usage = typeof defaultUsage;

/** DynamoDB figures per request, from the benchmark when there is one. */
export type BenchFigures = {
  source: string;
  /** Round trips of an API read (session GetItem + one Query): GET /api/canvas. */
  readRoundTrips: number;
  /** KB a canvas Query reads (the response size of GET /api/canvas for a ~100-entry canvas). */
  canvasQueryKb: number;
  /** Round trips of a canvas write (answer create): session read, reads, the transaction. */
  writeRoundTrips: number;
  /** Round trips of a dashboard page (one Query per family). */
  dashboardRoundTrips: number;
  /** Average stored item size in KB. */
  itemKb: number;
};

export const defaultBenchFigures: BenchFigures = {
  source: 'defaults of docs/cost.md (the README bench figures of 2026-11-22)',
  readRoundTrips: 2,
  canvasQueryKb: 23.1,
  writeRoundTrips: 3,
  dashboardRoundTrips: 13,
  itemKb: 0.3,
};

type BenchResultsShape = {
  date?: string;
  http?: {
    endpoints?: Array<{ name: string; roundTrips: number[] }>;
    growth?: Array<{ items: number; kilobytes: number }>;
  };
};

/** The figures of a bench/results.json; what it lacks stays at the defaults. */
export function benchFiguresFrom(results: unknown): BenchFigures {
  const shaped = results as BenchResultsShape;
  const endpoints = shaped.http?.endpoints ?? [];
  const tripsOf = (name: string) => endpoints.find((e) => e.name === name)?.roundTrips[0];
  const growth = shaped.http?.growth ?? [];
  // The canvas nearest 100 entries: what the usage assumptions call a lived-in canvas.
  const canvas = [...growth].sort((a, b) => Math.abs(a.items - 100) - Math.abs(b.items - 100))[0];
  return {
    source: `bench/results.json${shaped.date ? ` of ${shaped.date}` : ''}`,
    readRoundTrips: tripsOf('GET /api/canvas') ?? defaultBenchFigures.readRoundTrips,
    canvasQueryKb: canvas?.kilobytes ?? defaultBenchFigures.canvasQueryKb,
    writeRoundTrips: tripsOf('POST /api/canvas-answer/create/{questionId}') ?? defaultBenchFigures.writeRoundTrips,
    dashboardRoundTrips: tripsOf('POST /api/work-relation/list-dashboard-families') ?? defaultBenchFigures.dashboardRoundTrips,
    itemKb: defaultBenchFigures.itemKb,
  };
}

export type CostLine = { service: string; perThousandFamilies: number; perHundredAdvisorCompanies: number; fixed: number };

/** Read request units of an eventually consistent read of `kb` (one unit per 4 KB, half price). */
const readUnits = (kb: number) => Math.ceil(kb / 4) * 0.5;
/** Write request units of a transactional write of an item of `kb` (two per 1 KB). */
const transactionalWriteUnits = (kb: number) => Math.ceil(kb) * 2;

export function computeCost(usage: Usage = defaultUsage, bench: BenchFigures = defaultBenchFigures, price: Prices = prices): CostLine[] {
  const { family, advisorCompany: advisor, request, weeksPerMonth } = usage;

  // Requests a month, per family and per advisor company.
  const familySessions = family.activeMembersPerWeek * family.sessionsPerActiveMemberPerWeek * weeksPerMonth;
  const familyReads = familySessions * family.readsPerSession;
  const familyWrites = family.activeMembersPerWeek * family.writesPerActiveMemberPerWeek * weeksPerMonth;
  const advisorSessions = advisor.activeAdvisorsPerWeek * advisor.sessionsPerAdvisorPerWeek * weeksPerMonth;
  const advisorDashboards = advisorSessions * advisor.dashboardLoadsPerSession;
  const advisorReads = advisorSessions * advisor.readsPerSession;
  const advisorWrites = advisor.activeAdvisorsPerWeek * advisor.writesPerAdvisorPerWeek * weeksPerMonth;
  const familyRequests = familyReads + familyWrites;
  const advisorRequests = advisorReads + advisorDashboards + advisorWrites;

  // DynamoDB: a read is the session GetItem plus Queries of a canvas-sized partition; a write
  // is the session read, the rest of its round trips reads of one item, and one transaction
  // of two items (the entry and the canvas meta/version).
  const sessionRead = readUnits(bench.itemKb);
  const readRru = sessionRead + (bench.readRoundTrips - 1) * readUnits(bench.canvasQueryKb);
  const writeRru = sessionRead + Math.max(0, bench.writeRoundTrips - 2) * readUnits(bench.itemKb);
  const writeWru = 2 * transactionalWriteUnits(bench.itemKb);
  const dashboardRru = sessionRead + (bench.dashboardRoundTrips - 1) * readUnits(bench.canvasQueryKb / 4);
  const dynamo = (reads: number, writes: number, dashboards: number, storedItems: number) => {
    const rru = reads * readRru + writes * writeRru + dashboards * dashboardRru;
    const wru = writes * writeWru;
    const storedGb = (storedItems * bench.itemKb) / 1024 / 1024;
    return rru * price.dynamoReadRequestUnit + wru * price.dynamoWriteRequestUnit + storedGb * (price.dynamoStorageGbMonth + price.dynamoPitrGbMonth);
  };

  const gbSeconds = (ms: number, mb: number) => (ms / 1000) * (mb / 1024);
  const lambda = (requests: number, planBooks: number) =>
    requests * (gbSeconds(request.lambdaMs, request.lambdaMemoryMb) * price.lambdaArmGbSecond + price.lambdaRequest) +
    planBooks * (gbSeconds(request.planBookMs, request.planBookMemoryMb) * price.lambdaArmGbSecond + price.lambdaRequest);

  const webSocket = (sessions: number, minutesPerSession: number, messages: number) =>
    sessions * minutesPerSession * price.webSocketConnectionMinute + messages * price.webSocketMessage;
  const cloudFront = (requests: number, sessions: number) =>
    ((requests * request.apiResponseKb + sessions * request.spaKbPerSession) / 1024 / 1024) * price.cloudFrontGbOut +
    (requests + sessions * 8) * price.cloudFrontHttpsRequest;
  const logs = (requests: number) =>
    ((requests * request.logBytesPerRequest) / 1024 ** 3) * (price.cloudWatchLogsIngestGb + price.cloudWatchLogsStoreGbMonth * 3);

  const familyMails = family.activeMembersPerWeek * family.digestMailsPerMemberPerWeek * weeksPerMonth + family.otherMailsPerMonth;
  const advisorMails = advisor.activeAdvisorsPerWeek * advisor.digestMailsPerAdvisorPerWeek * weeksPerMonth;
  const familyMessages = familyWrites * family.socketMessagesPerWrite;

  const perFamily = {
    lambda: lambda(familyRequests, family.planBooksPerMonth),
    httpApi: familyRequests * price.httpApiRequest,
    webSocket: webSocket(familySessions, family.socketMinutesPerSession, familyMessages),
    dynamo: dynamo(familyReads, familyWrites, 0, family.storedItems),
    ses: familyMails * price.sesEmail,
    cloudFront: cloudFront(familyRequests, familySessions),
    cloudWatch: logs(familyRequests),
    waf: usage.fixed.waf ? (familyRequests + familySessions * 8) * price.wafRequest : 0,
  };
  const perAdvisor = {
    lambda: lambda(advisorRequests, 0),
    httpApi: advisorRequests * price.httpApiRequest,
    webSocket: webSocket(advisorSessions, advisor.socketMinutesPerSession, 0),
    dynamo: dynamo(advisorReads, advisorWrites, advisorDashboards, advisor.storedItems),
    ses: advisorMails * price.sesEmail,
    cloudFront: cloudFront(advisorRequests, advisorSessions),
    cloudWatch: logs(advisorRequests),
    waf: usage.fixed.waf ? (advisorRequests + advisorSessions * 8) * price.wafRequest : 0,
  };
  const { fixed } = usage;
  const fixedCost = {
    cloudWatch: fixed.alarms * price.cloudWatchAlarm + fixed.dashboards * price.cloudWatchDashboard + fixed.customMetrics * price.cloudWatchCustomMetric,
    secrets: fixed.secrets * price.secret,
    waf: fixed.waf ? price.wafWebAcl + fixed.wafRules * price.wafRule : 0,
  };

  const lines: CostLine[] = [
    { service: 'Lambda', perThousandFamilies: perFamily.lambda * 1000, perHundredAdvisorCompanies: perAdvisor.lambda * 100, fixed: 0 },
    { service: 'API Gateway HTTP', perThousandFamilies: perFamily.httpApi * 1000, perHundredAdvisorCompanies: perAdvisor.httpApi * 100, fixed: 0 },
    { service: 'API Gateway WebSocket', perThousandFamilies: perFamily.webSocket * 1000, perHundredAdvisorCompanies: perAdvisor.webSocket * 100, fixed: 0 },
    { service: 'DynamoDB on-demand', perThousandFamilies: perFamily.dynamo * 1000, perHundredAdvisorCompanies: perAdvisor.dynamo * 100, fixed: 0 },
    { service: 'SES', perThousandFamilies: perFamily.ses * 1000, perHundredAdvisorCompanies: perAdvisor.ses * 100, fixed: 0 },
    { service: 'CloudFront', perThousandFamilies: perFamily.cloudFront * 1000, perHundredAdvisorCompanies: perAdvisor.cloudFront * 100, fixed: 0 },
    {
      service: 'CloudWatch',
      perThousandFamilies: perFamily.cloudWatch * 1000,
      perHundredAdvisorCompanies: perAdvisor.cloudWatch * 100,
      fixed: fixedCost.cloudWatch,
    },
    { service: 'Secrets Manager', perThousandFamilies: 0, perHundredAdvisorCompanies: 0, fixed: fixedCost.secrets },
  ];
  if (fixed.waf)
    lines.push({ service: 'AWS WAF', perThousandFamilies: perFamily.waf * 1000, perHundredAdvisorCompanies: perAdvisor.waf * 100, fixed: fixedCost.waf });
  const total = lines.reduce(
    (sum, line) => ({
      service: 'Total',
      perThousandFamilies: sum.perThousandFamilies + line.perThousandFamilies,
      perHundredAdvisorCompanies: sum.perHundredAdvisorCompanies + line.perHundredAdvisorCompanies,
      fixed: sum.fixed + line.fixed,
    }),
    { service: 'Total', perThousandFamilies: 0, perHundredAdvisorCompanies: 0, fixed: 0 },
  );
  return [...lines, total];
}

const usd = (value: number) => `$${value.toFixed(2)}`;

/** The table `npm run cost` prints. */
export function formatCostTable(lines: CostLine[], bench: BenchFigures): string {
  const header = ['service', 'per 1,000 families', 'per 100 advisor companies', 'fixed per month'];
  const rows = lines.map((l) => [l.service, usd(l.perThousandFamilies), usd(l.perHundredAdvisorCompanies), usd(l.fixed)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [
    'Family Canvas: monthly AWS cost (USD, us-east-1 list prices, no free tier)',
    `prices: ${pricesAsOf}`,
    `DynamoDB figures: ${bench.source} — read ${bench.readRoundTrips} round trips, canvas Query ${bench.canvasQueryKb} KB, write ${bench.writeRoundTrips} round trips, dashboard page ${bench.dashboardRoundTrips}`,
    '',
    format(header),
    format(widths.map((w) => '-'.repeat(w))),
    ...rows.slice(0, -1).map(format),
    format(widths.map((w) => '-'.repeat(w))),
    format(rows.at(-1)!),
  ].join('\n');
}
