import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

/**
 * X-Ray traces without the X-Ray SDK. Tracing is Active on every function
 * (infra/constructs/app-function.ts): Lambda records the invocation's segment and hands each
 * invocation its trace header (`_X_AMZN_TRACE_ID`). This module adds what Powertools' Tracer
 * added on top, as subsegment documents sent to the X-Ray daemon over UDP
 * (`AWS_XRAY_DAEMON_ADDRESS`), the way the X-Ray SDK sends them:
 *
 * - the handler's subsegment (`## index.handler`), annotated with `ColdStart`, `Service` and
 *   the request's annotations (annotateRequest: the route group and correlation id), a fault
 *   when the handler failed or answered a 5xx;
 * - one subsegment per DynamoDB, SES and `@connections` call (traced, the wrapper of each
 *   client): service, operation, table, region, request id, status and retries, an error,
 *   throttle or fault as the answer was; the call carries the trace header downstream.
 *
 * Powertools' Tracer pulled in the X-Ray SDK (with semver and cls-hooked), about 115 KB of
 * every bundle and 20 ms of every cold start (README.md, "Lambda bundles"). Responses and
 * request bodies are never recorded (personal data); error names and messages are.
 *
 * Off outside Lambda (npm start, tests: no AWS_EXECUTION_ENV, no daemon) and where
 * POWERTOOLS_TRACE_ENABLED=false, as the Tracer was; off for an invocation Lambda did not sample.
 */

type TraceHeader = { root: string; parent: string; sampled: boolean };

type Cause = { exceptions: Array<{ id: string; type: string; message: string }> };

/** A subsegment document as the X-Ray daemon takes it (https is not used: the daemon is local). */
export type SubsegmentDocument = {
  type: 'subsegment';
  id: string;
  trace_id: string;
  parent_id: string;
  name: string;
  start_time: number;
  end_time: number;
  namespace?: 'aws';
  annotations?: Record<string, string | number | boolean>;
  aws?: Record<string, unknown>;
  http?: { response: { status: number } };
  error?: boolean;
  throttle?: boolean;
  fault?: boolean;
  cause?: Cause;
};

/** `Root=…;Parent=…;Sampled=1` (other fields, such as Lineage, are ignored). */
export function parseTraceHeader(value: string | undefined): TraceHeader | undefined {
  if (!value) return undefined;
  const fields = new Map(
    value.split(';').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const root = fields.get('Root');
  const parent = fields.get('Parent');
  if (!root || !parent) return undefined;
  return { root, parent, sampled: fields.get('Sampled') === '1' };
}

/** `host:port`, or the daemon's `tcp:host:port udp:host:port` form (the UDP one is used). */
export function parseDaemonAddress(value: string | undefined): { host: string; port: number } {
  const udp =
    value
      ?.split(/\s+/)
      .find((part) => part.startsWith('udp:'))
      ?.slice(4) ??
    value?.split(/\s+/)[0] ??
    '127.0.0.1:2000';
  const at = udp.lastIndexOf(':');
  return { host: udp.slice(0, at) || '127.0.0.1', port: Number(udp.slice(at + 1)) || 2000 };
}

/** Whether this process traces at all: in Lambda, unless switched off. */
export function isTracingEnabled(): boolean {
  return Boolean(process.env.AWS_EXECUTION_ENV) && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';
}

/** The invocation's trace, when it is sampled and tracing is on. */
function currentTrace(): TraceHeader | undefined {
  if (!isTracingEnabled()) return undefined;
  // The runtime's invocation store first (several invocations at once in one process), as Powertools reads it.
  const fromStore = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId?: () => string | undefined } } }).awslambda?.InvokeStore?.getXRayTraceId?.();
  const header = parseTraceHeader(fromStore ?? process.env._X_AMZN_TRACE_ID);
  return header?.sampled ? header : undefined;
}

const newId = () => randomBytes(8).toString('hex');
const seconds = (ms: number) => ms / 1000;

let socket: Socket | undefined;

function send(document: SubsegmentDocument): void {
  const { host, port } = parseDaemonAddress(process.env.AWS_XRAY_DAEMON_ADDRESS);
  if (!socket) {
    socket = createSocket('udp4');
    socket.on('error', () => undefined); // a trace is never worth a failed request
    socket.unref();
  }
  socket.send(Buffer.from(`{"format":"json","version":1}\n${JSON.stringify(document)}`), port, host);
}

function causeOf(error: unknown): Cause {
  const failure = error as { name?: string; message?: string };
  return { exceptions: [{ id: newId(), type: String(failure?.name ?? 'Error'), message: String(failure?.message ?? error).slice(0, 500) }] };
}

/** The handler's subsegment of the invocation being served (one at a time in a Lambda process). */
let handlerSegment: { trace: TraceHeader; id: string; startedAt: number; annotations: Record<string, string | number | boolean> } | undefined;
let coldStart = true;

/** Opens the handler's subsegment (the request stack calls it first). */
export function beginHandlerTrace(service = process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas'): void {
  const wasCold = coldStart;
  coldStart = false;
  const trace = currentTrace();
  handlerSegment = trace ? { trace, id: newId(), startedAt: Date.now(), annotations: { ColdStart: wasCold, Service: service } } : undefined;
}

/** Closes and sends the handler's subsegment: a fault when it failed or answered a 5xx. */
export function endHandlerTrace(outcome: { error?: unknown; status?: number } = {}): void {
  const segment = handlerSegment;
  handlerSegment = undefined;
  if (!segment) return;
  const failed = outcome.error !== undefined || (outcome.status ?? 0) >= 500;
  send({
    type: 'subsegment',
    id: segment.id,
    trace_id: segment.trace.root,
    parent_id: segment.trace.parent,
    name: '## index.handler',
    start_time: seconds(segment.startedAt),
    end_time: seconds(Date.now()),
    annotations: segment.annotations,
    ...(failed ? { fault: true } : {}),
    ...(outcome.error !== undefined ? { cause: causeOf(outcome.error) } : {}),
  });
}

/** Annotations (searchable in X-Ray) of the request being served. */
export function annotateRequest(annotations: Record<string, string>): void {
  if (!handlerSegment) return;
  // X-Ray keys: letters, digits and underscores.
  for (const [key, value] of Object.entries(annotations)) handlerSegment.annotations[key.replace(/\W/g, '_')] = value;
}

type MiddlewareClient = {
  middlewareStack: { add: (middleware: never, options: { step: 'build'; name: string; priority?: 'high' | 'low' }) => void };
};

type CallContext = { clientName?: string; commandName?: string };
type CallArgs = { input?: { TableName?: unknown }; request?: { headers?: Record<string, string> } };
type CallMetadata = { $metadata?: { requestId?: string; httpStatusCode?: number; attempts?: number } };

/** One AWS call as its subsegment (service and operation from the client's and command's names). */
function callSegment(
  trace: TraceHeader,
  id: string,
  context: CallContext,
  args: CallArgs,
  startedAt: number,
  outcome: { output?: CallMetadata; error?: unknown },
): SubsegmentDocument {
  const metadata = (outcome.output ?? (outcome.error as CallMetadata | undefined))?.$metadata ?? {};
  const status = metadata.httpStatusCode;
  const errorName = String((outcome.error as { name?: string } | undefined)?.name ?? '');
  const throttled = status === 429 || /Throttl|ProvisionedThroughputExceeded|TooManyRequests/.test(errorName);
  const fault = outcome.error !== undefined && (status === undefined || status >= 500);
  return {
    type: 'subsegment',
    id,
    trace_id: trace.root,
    parent_id: handlerSegment?.trace.root === trace.root ? handlerSegment.id : trace.parent,
    name: (context.clientName ?? 'AWS').replace(/Client$/, ''),
    namespace: 'aws',
    start_time: seconds(startedAt),
    end_time: seconds(Date.now()),
    aws: {
      operation: (context.commandName ?? '').replace(/Command$/, ''),
      region: process.env.AWS_REGION,
      ...(metadata.requestId ? { request_id: metadata.requestId } : {}),
      ...(typeof args.input?.TableName === 'string' ? { table_name: args.input.TableName } : {}),
      retries: Math.max(0, (metadata.attempts ?? 1) - 1),
    },
    ...(status ? { http: { response: { status } } } : {}),
    ...(outcome.error !== undefined
      ? { cause: causeOf(outcome.error), ...(fault ? { fault: true } : { error: true }), ...(throttled ? { throttle: true } : {}) }
      : {}),
  };
}

/** An AWS SDK v3 client whose calls are traced (each call one subsegment; nothing is sent when tracing is off). */
export function traced<T>(client: T): T {
  const middleware =
    (next: (args: CallArgs) => Promise<{ output?: CallMetadata }>, context: CallContext) =>
    async (args: CallArgs): Promise<{ output?: CallMetadata }> => {
      const trace = currentTrace();
      if (!trace) return next(args);
      const id = newId();
      const startedAt = Date.now();
      if (args.request?.headers) args.request.headers['X-Amzn-Trace-Id'] = `Root=${trace.root};Parent=${id};Sampled=1`;
      try {
        const result = await next(args);
        send(callSegment(trace, id, context, args, startedAt, { output: result.output }));
        return result;
      } catch (error) {
        send(callSegment(trace, id, context, args, startedAt, { error }));
        throw error;
      }
    };
  (client as MiddlewareClient).middlewareStack.add(middleware as never, { step: 'build', name: 'xrayTrace', priority: 'low' });
  return client;
}

/**
 * An AWS call made without an SDK client (functions/lib/aws-request.ts) as its subsegment:
 * `run` gets the trace header to send along (undefined when not traced) and returns the
 * answer's status and request id beside its value.
 */
export async function tracedCall<T>(
  service: string,
  operation: string,
  run: (traceHeader: string | undefined) => Promise<{ value: T; status: number; requestId?: string }>,
): Promise<T> {
  const trace = currentTrace();
  if (!trace) return (await run(undefined)).value;
  const id = newId();
  const startedAt = Date.now();
  const context = { clientName: service, commandName: operation };
  try {
    const result = await run(`Root=${trace.root};Parent=${id};Sampled=1`);
    send(callSegment(trace, id, context, {}, startedAt, { output: { $metadata: { requestId: result.requestId, httpStatusCode: result.status } } }));
    return result.value;
  } catch (error) {
    send(callSegment(trace, id, context, {}, startedAt, { error }));
    throw error;
  }
}

/** Tests: the next handler is a cold start again, and a fresh socket is made. */
export function resetTracingForTests(): void {
  coldStart = true;
  handlerSegment = undefined;
  socket?.close();
  socket = undefined;
}
