import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, inject } from 'vitest';
import { localEnvironment, startLiveSender } from '../../infra/local/stack';
import type { StreamPoller } from '../../infra/local/stream-poller';
import { ensureTable } from '../../infra/local/table';
import { settleBeforeSnapshots } from './table';
import { startGateway, type ClientLimit, type Gateway } from '../../infra/local/gateway';
import type { GatewayThrottle } from '../../infra/api-limits';
import { startDynamoLocal, type DynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { newId } from '../../functions/lib/db/keys';
import { routeByName } from '../../shared/route-paths';
import { routeRequest, type RouteCallArgs, type RouteName } from './route-calls';

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers; cookies: string[] };

export type ClientOptions = {
  /**
   * The loopback address the client connects from (127.0.0.2, 127.0.0.3 …: all of 127/8 is
   * this machine): the gateway puts it into the event as the client address, so a test can
   * be two clients (per-client sign-in throttling and mail limits).
   */
  sourceAddress?: string;
  /** A User-Agent header on every request (a browser's, for the sessions list and new-device mail). */
  userAgent?: string;
};

/** One HTTP request from a chosen local address (fetch cannot bind one). */
function requestFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) };
    const request = httpRequest(url, { method: init.method, headers, localAddress }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
        }
        resolve(new Response(incoming.statusCode === 204 ? null : Buffer.concat(chunks), { status: incoming.statusCode ?? 500, headers }));
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}

/** A client that keeps cookies like a browser, for calling the gateway as a user. */
export class ApiClient {
  private cookieJar = new Map<string, string>();

  constructor(
    private readonly baseUrl: () => string,
    private readonly options: ClientOptions = {},
    /** Awaited before each request (the stack's: a dashboard read waits for the stream's consumer). */
    private readonly beforeRequest: (method: string, path: string) => Promise<void> = async () => undefined,
  ) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(this.options.userAgent ? { 'user-agent': this.options.userAgent } : {}), ...options.headers };
    if (this.cookieJar.size) headers.cookie = [...this.cookieJar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined = options.rawBody;
    if (body !== undefined && payload === undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    await this.beforeRequest(method, path);
    const url = `${this.baseUrl()}${path}`;
    const response = this.options.sourceAddress
      ? await requestFrom(this.options.sourceAddress, url, { method, headers, body: payload })
      : await fetch(url, { method, headers, body: payload });
    const cookies = response.headers.getSetCookie();
    for (const cookie of cookies) {
      const [pair] = cookie.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/Max-Age=0/i.test(cookie) || value.join('=') === '') this.cookieJar.delete(name.trim());
      else this.cookieJar.set(name.trim(), value.join('='));
    }
    // A PDF (the plan book) is kept as bytes: read as text it would be mangled.
    if (/^application\/pdf/i.test(response.headers.get('content-type') ?? '')) {
      return { status: response.status, body: Buffer.from(await response.arrayBuffer()) as T, headers: response.headers, cookies };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, cookies };
  }

  /**
   * Calls a route by name (tests/support/route-calls.ts): the method and path from the manifest,
   * the parameters, query and body typed by the contract. The answer as `request` gives it; `T`
   * is what the test reads from the body (an error's, a page's).
   */
  call<N extends RouteName, T = unknown>(name: N, ...[input]: RouteCallArgs<N>): Promise<ApiResponse<T>> {
    const { method, path, body, rawBody, headers } = routeRequest(name, input);
    return this.request<T>(method, path, body, { headers, rawBody });
  }

  get = <T = unknown>(path: string) => this.request<T>('GET', path);
  post = <T = unknown>(path: string, body: unknown = {}) => this.request<T>('POST', path, body);
  patch = <T = unknown>(path: string, body: unknown = {}) => this.request<T>('PATCH', path, body);
  delete = <T = unknown>(path: string) => this.request<T>('DELETE', path);

  clearCookies(): void {
    this.cookieJar.clear();
  }

  /** The Cookie header this client sends (empty when signed out): to act as it without sharing its jar. */
  cookieHeader(): string {
    return [...this.cookieJar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export type SentEmail = {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
};

export type IntegrationStack = {
  apiUrl: string;
  tableName: string;
  /** The shared DynamoDB Local, or the file's own one (privateDynamo). */
  readonly dynamoEndpoint: string;
  sesEndpoint: string;
  /**
   * A new browser-like client (own cookies), optionally from another address or with a
   * User-Agent. Its dashboard reads first wait for the stream's consumer (streamSettled):
   * the dashboard summary follows the journal's stream, a moment after each write.
   */
  client: (options?: ClientOptions) => ApiClient;
  /**
   * Resolves once the table's stream has been read up to now and its consumers (the live
   * sender, the dashboard summaries) are done with it; at once without a stream reader (privateDynamo).
   */
  streamSettled: () => Promise<void>;
  /** E-mails the SES emulator received for one address. */
  emailsTo: (address: string) => Promise<SentEmail[]>;
  /** Waits for the newest e-mail to an address and returns it. */
  latestEmailTo: (address: string) => Promise<SentEmail>;
  /** The first mail to the address after the first `skip` that contains `text` (other calls may mail the account meanwhile). */
  waitForEmailTo: (address: string, options: { skip: number; containing: string }) => Promise<SentEmail>;
  /** Waits until at least `count` mails (with the subject, when given) reached the address; answers all of them, oldest first. */
  waitForEmails: (address: string, count: number, options?: { subject?: string | RegExp }) => Promise<SentEmail[]>;
  /**
   * Only with `privateDynamo`: stops the file's own DynamoDB Local (requests then fail as
   * with an outage) and starts it again on the same port with an empty table (it runs in
   * memory, so its data is gone).
   */
  stopDynamo: () => Promise<void>;
  restartDynamo: () => Promise<void>;
};

export type IntegrationOptions = {
  /**
   * The gateway's stage throttling (infra/api-limits.ts). Off unless a file asks: a test file
   * sends its calls faster than a family would, and only the throttling test is about it.
   */
  gatewayThrottle?: GatewayThrottle;
  /** The per-client limit WAF applies in the cloud (infra/local/gateway.ts GatewayOptions clientLimit); off unless a file asks. */
  gatewayClientLimit?: ClientLimit;
  /**
   * Runs a DynamoDB Local of this file's own (on a free port) instead of the shared one,
   * so the file may stop and restart it (fault tests).
   */
  privateDynamo?: boolean;
};

/**
 * Per test file: a fresh table on the shared DynamoDB Local, the environment pointed
 * at it, and the gateway running the real handlers in this worker (so tests can move the
 * clock and count round trips in-process).
 */
export function useIntegrationStack(options: IntegrationOptions = {}): IntegrationStack {
  let gateway: Gateway | undefined;
  let liveSender: StreamPoller | undefined;
  let privateDynamo: DynamoLocal | undefined;
  let privatePort: number | undefined;
  const tableName = `test-${newId().slice(0, 12)}`;
  let dynamoEndpoint = inject('dynamoEndpoint');
  const sesEndpoint = inject('sesEndpoint');
  const startedAtSeconds = Math.floor(Date.now() / 1000) - 60;
  const requirePrivate = () => {
    if (!options.privateDynamo || privatePort === undefined) throw new Error('useIntegrationStack({ privateDynamo: true }) only');
    return privatePort;
  };
  const stack: IntegrationStack = {
    get apiUrl() {
      if (!gateway) throw new Error('integration stack not started');
      return gateway.url;
    },
    tableName,
    get dynamoEndpoint() {
      return dynamoEndpoint;
    },
    sesEndpoint,
    stopDynamo: async () => {
      requirePrivate();
      await privateDynamo?.stop();
      privateDynamo = undefined;
    },
    restartDynamo: async () => {
      const port = requirePrivate();
      await privateDynamo?.stop();
      privateDynamo = await startDynamoLocal({ port });
      await ensureTable(dynamoEndpoint, tableName);
    },
    client: (clientOptions) =>
      new ApiClient(
        () => stack.apiUrl,
        clientOptions,
        (_method, path) => (path === dashboardPath ? stack.streamSettled() : Promise.resolve()),
      ),
    streamSettled: () => liveSender?.settled() ?? Promise.resolve(),
    emailsTo: async (address) => {
      // Only mail since this file started (addresses are unique per file): the shared
      // emulator's store grows with every file of the run.
      const response = await fetch(`${sesEndpoint}/store?since=${startedAtSeconds}`);
      const { emails } = (await response.json()) as { emails: SentEmail[] };
      const wanted = address.toLowerCase();
      return emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(wanted)));
    },
    ...mailWaiters((address) => stack.emailsTo(address)),
  };
  beforeAll(async () => {
    if (options.privateDynamo) {
      privatePort = await freePort();
      privateDynamo = await startDynamoLocal({ port: privatePort });
      dynamoEndpoint = privateDynamo.endpoint;
    }
    Object.assign(process.env, localEnvironment({ dynamoEndpoint, sesEndpoint, appUrl: 'http://localhost:5173', tableName }), {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      // A database of this file's own in the shared DynamoDB Local (functions/lib/db/local-emulation.ts
      // localDynamoCredentials); DynamoDB Local takes letters and digits in a key.
      FC_LOCAL_DYNAMO_ACCESS_KEY: tableName.replace(/[^A-Za-z0-9]/g, ''),
    });
    await ensureTable(dynamoEndpoint, tableName);
    const port = await freePort();
    // The live channel: handlers send through this gateway's @connections API, and the
    // table's stream feeds the sender (infra/local/stream-poller.ts).
    process.env.LIVE_ENDPOINT = `http://127.0.0.1:${port}`;
    gateway = await startGateway({ port, throttle: options.gatewayThrottle ?? false, clientLimit: options.gatewayClientLimit ?? false });
    if (!options.privateDynamo) liveSender = await startLiveSender({ dynamoEndpoint, tableName });
    settleBeforeSnapshots(() => stack.streamSettled());
  });
  afterAll(async () => {
    await liveSender?.stop();
    await gateway?.stop();
    await privateDynamo?.stop();
  });
  return stack;
}

/** The dashboard's route: its summaries follow the journal's stream (functions/domain/canvas/refresh-summaries.ts refreshSummariesAfter). */
const dashboardPath = routeByName('listDashboardFamilies').path;

/** A unique e-mail address for one test. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${newId().slice(0, 10)}@example.com`;
}

/**
 * Polling waits over a mailbox reader (the SES emulator's store), shared by the test stack and
 * the benchmark: the one place a test waits for mail. (Every operation awaits its mail before it
 * answers, functions/domain/mail/mailer.ts, so locally the wait is short; it is a wait
 * all the same, so that a mail sent later, by a job or the stream, is found too.)
 */
export function mailWaiters(emailsTo: (address: string) => Promise<SentEmail[]>): Pick<IntegrationStack, 'latestEmailTo' | 'waitForEmailTo' | 'waitForEmails'> {
  const poll = async <T>(address: string, pick: (emails: SentEmail[]) => T | undefined, what: string): Promise<T> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = pick(await emailsTo(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const matches = (subject: string | RegExp | undefined) => (email: SentEmail) =>
    subject === undefined || (typeof subject === 'string' ? email.subject === subject : subject.test(email.subject));
  return {
    latestEmailTo: (address) => poll(address, (emails) => emails.at(-1), 'e-mail'),
    waitForEmailTo: (address, { skip, containing }) =>
      poll(address, (emails) => emails.slice(skip).find((email) => email.body.text?.includes(containing)), `e-mail containing ${containing}`),
    waitForEmails: (address, count, { subject } = {}) =>
      poll(
        address,
        (emails) => {
          const matching = emails.filter(matches(subject));
          return matching.length >= count ? matching : undefined;
        },
        `${count} e-mail(s)${subject ? ` with subject ${String(subject)}` : ''}`,
      ),
  };
}
