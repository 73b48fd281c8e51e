/**
 * The traffic the product is planned for, in one place: what a family and an advisor company do
 * in a week (the cost model reads these, scripts/cost-model.ts), how that bunches into the busy
 * hour (docs/capacity.md), how one busy person uses the app (the load bench drives exactly that
 * person, bench/load.ts), the AWS account quotas the limits protect, and the limits derived from
 * all of it (infra/api-limits.ts reads them; the CDK stacks and the local gateway apply them).
 */
import { heartbeatSeconds } from '../shared/contracts/live';

/** What one family does in a month; three sizes below. */
export type FamilyProfile = {
  /** What the size means, for the table. */
  description: string;
  activeMembersPerWeek: number;
  sessionsPerActiveMemberPerWeek: number;
  /** Entries on the canvas (answers, takeaways, goals, action points, votes as items). */
  canvasEntries: number;
  /** Canvas reads per session (GET /canvas or a category: the whole canvas partition, strongly consistent). */
  canvasReadsPerSession: number;
  /** Other API reads per session (members, profile, history page, entities, …): one item or a small Query each. */
  otherReadsPerSession: number;
  /** Canvas writes per active member per week (answers, votes, takeaways, goals, action points). */
  writesPerActiveMemberPerWeek: number;
  /** Live socket: minutes a session keeps one WebSocket open. */
  socketMinutesPerSession: number;
  /** Sockets open on the canvas when a write happens (the writer's own included): each gets a message. */
  socketsOnlinePerWrite: number;
  digestMailsPerMemberPerWeek: number;
  /** Other mail (invitations, confirmations, resets) per month. */
  otherMailsPerMonth: number;
  planBooksPerMonth: number;
  /** Items besides the canvas (members, invitations, sessions, settings). */
  otherStoredItems: number;
  /**
   * The dashboard summary (functions/records/canvas-summary.ts), stored: bounded (the first
   * takeaway per category, 50 change marks), measured 6.2 KB at 30 entries, 13.7 KB at 100,
   * 14.4 KB at 400. An update is billed at its larger size, before or after.
   */
  summaryKb: number;
};

export const familySizes = {
  small: {
    description: '2 active members, 1 session a week each, a 30-entry canvas, 4 writes a member a week',
    activeMembersPerWeek: 2,
    sessionsPerActiveMemberPerWeek: 1,
    canvasEntries: 30,
    canvasReadsPerSession: 3,
    otherReadsPerSession: 15,
    writesPerActiveMemberPerWeek: 4,
    socketMinutesPerSession: 15,
    socketsOnlinePerWrite: 1,
    digestMailsPerMemberPerWeek: 1,
    otherMailsPerMonth: 2,
    planBooksPerMonth: 0.3,
    otherStoredItems: 20,
    summaryKb: 6.2,
  },
  medium: {
    description: '3 active members, 2 sessions a week each, a 100-entry canvas, 12 writes a member a week',
    activeMembersPerWeek: 3,
    sessionsPerActiveMemberPerWeek: 2,
    canvasEntries: 100,
    canvasReadsPerSession: 4,
    otherReadsPerSession: 21,
    writesPerActiveMemberPerWeek: 12,
    socketMinutesPerSession: 20,
    socketsOnlinePerWrite: 2,
    digestMailsPerMemberPerWeek: 1,
    otherMailsPerMonth: 3,
    planBooksPerMonth: 1,
    otherStoredItems: 40,
    summaryKb: 13.7,
  },
  large: {
    description: '6 active members, 3 sessions a week each, a 400-entry canvas, 25 writes a member a week',
    activeMembersPerWeek: 6,
    sessionsPerActiveMemberPerWeek: 3,
    canvasEntries: 400,
    canvasReadsPerSession: 5,
    otherReadsPerSession: 25,
    writesPerActiveMemberPerWeek: 25,
    socketMinutesPerSession: 30,
    socketsOnlinePerWrite: 3,
    digestMailsPerMemberPerWeek: 1,
    otherMailsPerMonth: 5,
    planBooksPerMonth: 2,
    otherStoredItems: 80,
    summaryKb: 14.4,
  },
} satisfies Record<string, FamilyProfile>;

/** What one advisor company does in a week. */
export const advisorCompanyUsage = {
  activeAdvisorsPerWeek: 4,
  sessionsPerAdvisorPerWeek: 4,
  otherReadsPerSession: 20,
  /** Canvas reads per session (opening a client family's canvas). */
  canvasReadsPerSession: 5,
  /** Dashboard pages per session: one BatchGet of each family's summary. */
  dashboardLoadsPerSession: 2,
  familiesPerDashboardPage: 10,
  writesPerAdvisorPerWeek: 4,
  socketMinutesPerSession: 20,
  digestMailsPerAdvisorPerWeek: 1,
  storedItems: 60,
};

/**
 * The AWS quotas of one account and region that the limits protect: the defaults AWS documents
 * (Service Quotas), raised only on request. API Gateway's request rate is shared by every API of
 * the account in the region, both stages included when staging shares the account.
 */
export const accountQuotas = {
  /** API Gateway: requests a second (steady) and burst, all APIs of the account in the region. */
  apiGatewayRequestsPerSecond: 10_000,
  apiGatewayBurst: 5_000,
  /** Lambda: concurrent executions of the account in the region; an account new to Lambda may start at 10. */
  lambdaConcurrency: 1_000,
  newAccountLambdaConcurrency: 10,
  /** DynamoDB on-demand: what one partition serves a second (read units of 4 KB strongly consistent, write units of 1 KB). */
  partitionReadUnitsPerSecond: 3_000,
  partitionWriteUnitsPerSecond: 1_000,
  /** API Gateway WebSocket: new connections a second (account, region); messages are limited by the request rate above. */
  webSocketConnectsPerSecond: 500,
  /** API Gateway WebSocket, fixed: a socket that sends nothing this long is closed, and none lives longer than two hours. */
  webSocketIdleSeconds: 600,
  webSocketConnectionSeconds: 7_200,
  /** SES out of the sandbox, as the plan assumes it: a sending rate (AWS sets it with production access) and a day (infra/settings.ts sesDailyQuota). */
  sesSendsPerSecond: 14,
  sesSendsPerDay: 50_000,
} as const;

/** The installation the plan is for. */
export const population = {
  families: 10_000,
  advisorCompanies: 1_000,
  /** The family the plan counts with (familySizes): the cost model's default one. */
  familySize: 'medium' as const,
} as const;

/**
 * How a week's sessions bunch: the busiest hour of a day holds a fifth of the day's sessions
 * (evenings), and its busiest minute runs at three times the hour's mean (a digest mail lands,
 * an advisor company asks its families to fill in their canvas).
 */
export const busyHour = { shareOfDaySessions: 0.2, busiestMinuteFactor: 3 } as const;

/**
 * One busy person in the app, as the load bench drives them (bench/load.ts). The app never polls:
 * reads come from moving between pages (a page read once stays fresh for 30 s:
 * web/src/app/query-client.ts staleTime), saves from submitting a form (no autosave), votes from
 * a click, and every change another person makes reaches the open socket, after which an open
 * activity drawer reads its history list again (web/src/app/routes/use-live-canvas-sync.ts
 * invalidates historyKeys.all; web/src/features/history/components/ActivityDrawer.tsx). The
 * socket says where they are only when that changes (a page of the canvas, a form opened or
 * closed: web/src/features/live/hooks/use-live.tsx) and pings as the app's heartbeat
 * (shared/contracts/live.ts heartbeatSeconds). On opening the canvas: its overview, the newest
 * history event (use-live-canvas-sync.ts newestHistoryMark) and the socket.
 */
export const busyPerson = {
  /** Seconds between one action and the next, evenly spread: at least a page's read of it, far below its 30 s freshness. */
  thinkSeconds: { min: 3, max: 9 },
  /** What an action is, as shares: a page (category) read, a save (a takeaway or an answer), a vote or its removal, the history page. */
  actions: { readPage: 0.4, save: 0.25, vote: 0.2, history: 0.15 },
  /** Share of people whose activity drawer is open: each change by someone else makes them read the history list. */
  drawerOpenShare: 0.25,
  /** People on one canvas at once in the bench (a family at work together). */
  peoplePerCanvas: 5,
  socketPingSeconds: heartbeatSeconds,
} as const;

/**
 * Presence messages one busy person's socket sends a second: one for each page of the canvas they
 * move to, two for each save (its form opened, then closed); votes and the history move nothing.
 */
export function busyPersonLiveMessagesPerSecond(): number {
  const actions = 2 / (busyPerson.thinkSeconds.min + busyPerson.thinkSeconds.max);
  return actions * (busyPerson.actions.readPage + 2 * busyPerson.actions.save) + 1 / busyPerson.socketPingSeconds;
}

/**
 * Requests a second one busy person sends: their actions, and the history reads the canvas's
 * saves and votes cause with the drawer open (their own too: the app reads again on its echo).
 */
export function busyPersonRequestsPerSecond(peoplePerCanvas: number = busyPerson.peoplePerCanvas): number {
  const actions = 2 / (busyPerson.thinkSeconds.min + busyPerson.thinkSeconds.max);
  const writes = actions * (busyPerson.actions.save + busyPerson.actions.vote);
  return actions + writes * peoplePerCanvas * busyPerson.drawerOpenShare;
}

/** Requests of one session, by kind (the weekly profiles' per-session figures). */
type SessionRequests = { canvasReads: number; otherReads: number; dashboard: number; writes: number; signIns: number };

/** Sessions in the busy hour and what each sends: families and advisor companies. */
export function busyHourSessions(): Array<{
  who: 'family' | 'advisor';
  sessionsPerHour: number;
  socketMinutes: number;
  perSession: SessionRequests;
  socketsPerWrite: number;
}> {
  const family = familySizes[population.familySize];
  const advisor = advisorCompanyUsage;
  const perDay = (perWeek: number) => (perWeek / 7) * busyHour.shareOfDaySessions;
  const familySessionsPerWeek = family.activeMembersPerWeek * family.sessionsPerActiveMemberPerWeek;
  const advisorSessionsPerWeek = advisor.activeAdvisorsPerWeek * advisor.sessionsPerAdvisorPerWeek;
  return [
    {
      who: 'family',
      sessionsPerHour: population.families * perDay(familySessionsPerWeek),
      socketMinutes: family.socketMinutesPerSession,
      socketsPerWrite: family.socketsOnlinePerWrite,
      perSession: {
        canvasReads: family.canvasReadsPerSession,
        otherReads: family.otherReadsPerSession,
        dashboard: 0,
        writes: family.writesPerActiveMemberPerWeek / family.sessionsPerActiveMemberPerWeek,
        // A session cookie outlives a session: one sign-in (salt and sign-in) every other session.
        signIns: 0.5,
      },
    },
    {
      who: 'advisor',
      sessionsPerHour: population.advisorCompanies * perDay(advisorSessionsPerWeek),
      socketMinutes: advisor.socketMinutesPerSession,
      socketsPerWrite: 2,
      perSession: {
        canvasReads: advisor.canvasReadsPerSession,
        otherReads: advisor.otherReadsPerSession,
        dashboard: advisor.dashboardLoadsPerSession,
        writes: advisor.writesPerAdvisorPerWeek / advisor.sessionsPerAdvisorPerWeek,
        signIns: 0.5,
      },
    },
  ];
}

/** The busy hour's busiest minute, in requests a second per kind of route (docs/capacity.md). */
export function busiestMinute(): {
  canvasReads: number;
  otherReads: number;
  dashboard: number;
  writes: number;
  signIns: number;
  historyFanOut: number;
  total: number;
} {
  const rates = { canvasReads: 0, otherReads: 0, dashboard: 0, writes: 0, signIns: 0, historyFanOut: 0, total: 0 };
  for (const { sessionsPerHour, perSession, socketsPerWrite } of busyHourSessions()) {
    const perSecond = (sessionsPerHour / 3600) * busyHour.busiestMinuteFactor;
    rates.canvasReads += perSecond * perSession.canvasReads;
    rates.otherReads += perSecond * perSession.otherReads;
    rates.dashboard += perSecond * perSession.dashboard;
    rates.writes += perSecond * perSession.writes;
    // Salt and sign-in.
    rates.signIns += perSecond * perSession.signIns * 2;
    rates.historyFanOut += perSecond * perSession.writes * socketsPerWrite * busyPerson.drawerOpenShare;
  }
  rates.total = rates.canvasReads + rates.otherReads + rates.dashboard + rates.writes + rates.signIns + rates.historyFanOut;
  return rates;
}

/**
 * How far the limits stand above the plan. The stage: ten times the busiest minute (growth,
 * and a campaign beyond the plan), within this installation's share of the account's API
 * Gateway quota (half: staging may share the account). Expensive routes: a share of the
 * account's Lambda concurrency each, divided by the route's duration. Per viewer address: the
 * busy people one address may carry (a family meeting in one house, a small advisor office).
 */
export const limitSizing = {
  stageGrowthFactor: 10,
  shareOfAccountApiQuota: 0.5,
  /** Rate to burst: two seconds' worth. */
  burstSeconds: 2,
  expensiveRoutes: {
    /** The plan book: a PDF rendered in a 1 GB function for about 3 s (scripts/cost-model.ts planBookMs). */
    planBook: { routeKeys: ['POST /api/canvas/plan-book', 'POST /api/canvas/plan-book/{familyId}'], seconds: 3, shareOfConcurrency: 0.05 },
    /** Sign-in and sign-up: scrypt (N=2^14) for about 0.3 s. */
    passwordHashing: {
      routeKeys: ['POST /api/auth/signin', 'POST /api/auth/signup', 'POST /api/auth/reauthenticate'],
      seconds: 0.3,
      shareOfConcurrency: 0.1,
    },
  },
  busyPeoplePerAddress: 10,
  /** WAF's rate-based rule counts a viewer address's requests over this window (60, 120, 300 or 600 s). */
  perAddressWindowSeconds: 60,
} as const;

const roundUp = (value: number, step: number) => Math.ceil(value / step) * step;

/**
 * The live channel at the busiest minute: sockets open at once (every session keeps one for its
 * socket minutes), new sockets a second, and the messages the clients send a second. A session's
 * socket sends presence only when it changes (shared/contracts/live.ts): once on opening, once per
 * canvas page it moves to, twice per write (the form opened, then closed), and a heartbeat
 * (heartbeatSeconds) the whole time.
 */
export function busiestMinuteLive(): { sockets: number; connectsPerSecond: number; messagesPerSecond: number } {
  const live = { sockets: 0, connectsPerSecond: 0, messagesPerSecond: 0 };
  for (const { sessionsPerHour, socketMinutes, perSession } of busyHourSessions()) {
    const perSecond = (sessionsPerHour / 3600) * busyHour.busiestMinuteFactor;
    live.sockets += perSecond * socketMinutes * 60;
    live.connectsPerSecond += perSecond;
    const presence = 1 + perSession.canvasReads + 2 * perSession.writes;
    const heartbeats = (socketMinutes * 60) / heartbeatSeconds;
    live.messagesPerSecond += perSecond * (presence + heartbeats);
  }
  return live;
}

/**
 * The live channel's stage (infra/constructs/live-channel.ts): every route ($default's presence and
 * pings, $disconnect) ten times the busiest minute's messages, as the HTTP stage; `$connect` ten
 * times its new sockets, within half the account's new connections a second. Both within what is
 * left of this installation's share of the account's API Gateway quota after the HTTP stage (the
 * quota counts every API of the account in the region).
 */
export function plannedLiveThrottle(): { stage: { rateLimit: number; burstLimit: number }; connect: { rateLimit: number; burstLimit: number } } {
  const http = plannedStageThrottle();
  const live = busiestMinuteLive();
  const rateLimit = Math.min(
    roundUp(live.messagesPerSecond * limitSizing.stageGrowthFactor, 100),
    accountQuotas.apiGatewayRequestsPerSecond * limitSizing.shareOfAccountApiQuota - http.rateLimit,
  );
  const burstLimit = Math.min(rateLimit * limitSizing.burstSeconds, accountQuotas.apiGatewayBurst * limitSizing.shareOfAccountApiQuota - http.burstLimit);
  const connectRate = Math.min(
    roundUp(live.connectsPerSecond * limitSizing.stageGrowthFactor, 100),
    accountQuotas.webSocketConnectsPerSecond * limitSizing.shareOfAccountApiQuota,
  );
  return { stage: { rateLimit, burstLimit }, connect: { rateLimit: connectRate, burstLimit: Math.min(connectRate * limitSizing.burstSeconds, burstLimit) } };
}

/** The stage's throttle: the busiest minute times the growth factor, within the account share. */
export function plannedStageThrottle(): { rateLimit: number; burstLimit: number } {
  const rateLimit = Math.min(
    roundUp(busiestMinute().total * limitSizing.stageGrowthFactor, 100),
    accountQuotas.apiGatewayRequestsPerSecond * limitSizing.shareOfAccountApiQuota,
  );
  const burstLimit = Math.min(rateLimit * limitSizing.burstSeconds, accountQuotas.apiGatewayBurst * limitSizing.shareOfAccountApiQuota);
  return { rateLimit, burstLimit };
}

/** Throttles of the expensive routes by route key: their share of the account's concurrency over their duration. */
export function plannedRouteThrottles(): Record<string, { rateLimit: number; burstLimit: number }> {
  const throttles: Record<string, { rateLimit: number; burstLimit: number }> = {};
  for (const { routeKeys, seconds, shareOfConcurrency } of Object.values(limitSizing.expensiveRoutes)) {
    const rateLimit = Math.floor((accountQuotas.lambdaConcurrency * shareOfConcurrency) / seconds);
    for (const routeKey of routeKeys) throttles[routeKey] = { rateLimit, burstLimit: rateLimit * limitSizing.burstSeconds };
  }
  return throttles;
}

/** Requests one viewer address may send within the window before WAF (and the local gateway) answers 429. */
export function plannedPerAddressLimit(): { limit: number; windowSeconds: number } {
  const windowSeconds = limitSizing.perAddressWindowSeconds;
  // The people behind one address work on one canvas together: each change reaches all of them.
  const people = limitSizing.busyPeoplePerAddress;
  return { limit: roundUp(people * busyPersonRequestsPerSecond(people) * windowSeconds, 10), windowSeconds };
}

/**
 * Reserved concurrency of the functions that must keep running when the API takes the account's
 * whole concurrency (a flood, a campaign beyond the plan): each is guaranteed its reservation and
 * capped at it (docs/capacity.md "Lambda concurrency"). What each needs at most:
 * - the live sender: one batch at a time per stream shard (parallelizationFactor 1,
 *   infra/constructs/live-channel.ts). An on-demand table starts with about 4 partitions and this
 *   plan's data (10,000 families) fits them; twice that leaves room for splits.
 * - a scheduled job (cleanup, digest, access expiry): one run at a time; one more for a retry
 *   (Scheduler's or Lambda's) that meets a run still going.
 * - the SES events job: one event per bounce or complaint, invoked asynchronously; a burst beyond
 *   the reservation waits in Lambda's queue (retried for up to 6 hours), it is not lost.
 */
export const reservedConcurrencySizing = {
  tablePartitions: 4,
  partitionSplitHeadroom: 2,
  runsPerScheduledJob: 2,
  sesEventsAtOnce: 2,
} as const;

/** AWS keeps at least this much of an account's concurrency unreserved (Lambda's quotas). */
export const minimumUnreservedConcurrency = 100;

/** The reservations, by function (infra/reserved-concurrency.ts applies them). */
export function plannedReservedConcurrency(): { liveSender: number; scheduledJob: number; sesEvents: number } {
  const sizing = reservedConcurrencySizing;
  return {
    liveSender: sizing.tablePartitions * sizing.partitionSplitHeadroom,
    scheduledJob: sizing.runsPerScheduledJob,
    sesEvents: sizing.sesEventsAtOnce,
  };
}
