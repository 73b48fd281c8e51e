import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context } from 'aws-lambda';
import { config } from './config';

/**
 * Structured JSON logging: one JSON line per event with level, message, timestamp, service,
 * the Lambda context (function, cold start, AWS request id), the X-Ray trace id in Lambda and,
 * inside a request, its `correlationId` and `requestId` (runWithRequestContext).
 *
 * LOG_LEVEL (config) decides the threshold, `silent` included; POWERTOOLS_LOGGER_SAMPLE_RATE
 * turns debug on for that share of invocations (drawn again at each, startInvocationLogging).
 * The lines are the ones Powertools' Logger wrote until 2026-11-26 (same keys, debug and
 * info on stdout, warn and error on stderr, fields that are undefined, null or '' left out,
 * errors as name, message, stack and cause); README.md "Lambda bundles" says why it is ours.
 *
 * What goes into `fields` is the caller's choice: never a password or its hash, a session
 * token, a cookie, a reset or invitation token, or text a user wrote (notes, answers). Ids
 * and counts are enough to follow a request (tests/integration/logging.test.ts checks it).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const thresholds: Record<string, number> = { debug: 8, info: 12, warn: 16, error: 20, silent: 28 };

/** The keys of the request being served: kept per async context, because locally one process serves many requests at once. */
export type RequestKeys = { correlationId: string; requestId: string; group?: string };
const requestKeys = new AsyncLocalStorage<RequestKeys>();

/** The Lambda context's keys of the current invocation (startInvocationLogging), as Powertools named them. */
let lambdaKeys: Record<string, unknown> = {};
let coldStart = true;
/** Whether this invocation was drawn for debug lines by the sample rate. */
let sampledDebug = false;

function sampleRate(): number {
  const rate = Number(process.env.POWERTOOLS_LOGGER_SAMPLE_RATE);
  return Number.isFinite(rate) && rate > 0 ? Math.min(rate, 1) : 0;
}

function threshold(): number {
  const configured = thresholds[config().logLevel.toLowerCase()] ?? thresholds.info!;
  return sampledDebug && configured < thresholds.silent! ? thresholds.debug! : configured;
}

/** The Root part of Lambda's `_X_AMZN_TRACE_ID` (Root=…;Parent=…;Sampled=…). */
function traceId(): string | undefined {
  return /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
}

function describeValue(error: Error): Record<string, unknown> {
  return { name: error.name, message: error.message, stack: error.stack, ...(error.cause === undefined ? {} : { cause: error.cause }) };
}

/** JSON of a line: errors as their parts, bigints as text, a repeated (circular) object once. */
function serialize(line: Record<string, unknown>): string {
  const seen = new WeakSet<object>();
  return JSON.stringify(line, (_key, value: unknown) => {
    const replaced = value instanceof Error ? describeValue(value) : value;
    if (typeof replaced === 'bigint') return replaced.toString();
    if (typeof replaced === 'object' && replaced !== null) {
      if (seen.has(replaced)) return undefined;
      seen.add(replaced);
    }
    return replaced;
  });
}

/** Writes one log line, with the current request's keys when there is one. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (thresholds[level]! < threshold()) return;
  const line: Record<string, unknown> = {
    level: level.toUpperCase(),
    message,
    timestamp: new Date().toISOString(),
    service: process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas',
    ...lambdaKeys,
    sampling_rate: sampleRate(),
    xray_trace_id: traceId(),
    ...requestKeys.getStore(),
    ...fields,
  };
  for (const [key, value] of Object.entries(line)) if (value === undefined || value === null || value === '') delete line[key];
  (level === 'warn' || level === 'error' ? process.stderr : process.stdout).write(`${serialize(line)}\n`);
}

/** Runs `work` as the serving of one request: its log lines carry `keys`. */
export function runWithRequestContext<T>(keys: RequestKeys, work: () => T): T {
  return requestKeys.run(keys, work);
}

/** The keys of the request being served, if any (the tracer annotates with them). */
export function currentRequestKeys(): RequestKeys | undefined {
  return requestKeys.getStore();
}

/**
 * Once per invocation: the Lambda context on every line (cold start only on the first
 * invocation of the process), and a new draw for debug sampling (POWERTOOLS_LOGGER_SAMPLE_RATE).
 */
export function startInvocationLogging(context: Context | undefined): void {
  if (context?.functionName) {
    lambdaKeys = {
      cold_start: coldStart && process.env.AWS_LAMBDA_INITIALIZATION_TYPE !== 'provisioned-concurrency',
      function_arn: context.invokedFunctionArn,
      function_memory_size: context.memoryLimitInMB,
      function_name: context.functionName,
      function_request_id: context.awsRequestId,
    };
    coldStart = false;
  }
  const rate = sampleRate();
  sampledDebug = rate > 0 && Math.random() <= rate;
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
