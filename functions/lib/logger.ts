import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { Context } from 'aws-lambda';
import { config } from './config';

/**
 * Structured JSON logging through Powertools' Logger: one JSON line per event with level,
 * message, timestamp, service, the Lambda context (function, cold start, AWS request id)
 * and, inside a request, its `correlationId` and `requestId` (runWithRequestContext).
 *
 * LOG_LEVEL (config) decides the threshold, `silent` included; POWERTOOLS_LOGGER_SAMPLE_RATE
 * turns debug on for that share of requests (sampleDebugLogs, once per request).
 *
 * What goes into `fields` is the caller's choice: never a password or its hash, a session
 * token, a cookie, a reset or invitation token, or text a user wrote (notes, answers). Ids
 * and counts are enough to follow a request (tests/integration/logging.test.ts checks it).
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

/** The keys of the request being served: kept per async context, because locally one process serves many requests at once. */
export type RequestKeys = { correlationId: string; requestId: string; group?: string };
const requestKeys = new AsyncLocalStorage<RequestKeys>();

let instance: Logger | undefined;
let appliedLevel: string | undefined;

/** The one Logger, made at first use (the level comes from the configuration, read then). */
export function logger(): Logger {
  const level = config().logLevel.toUpperCase();
  if (!instance) {
    instance = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas', logLevel: level as 'INFO' });
    appliedLevel = level;
  } else if (level !== appliedLevel) {
    // Tests change LOG_LEVEL between suites (resetConfigForTests).
    instance.setLogLevel(level as 'INFO');
    appliedLevel = level;
  }
  return instance;
}

/** Writes one log line, with the current request's keys when there is one. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const keys = requestKeys.getStore();
  logger()[level](message, keys ? { ...keys, ...fields } : fields);
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
 * Once per invocation: the Lambda context on every line (Powertools' injectLambdaContext
 * does the same), and a new draw for debug sampling (POWERTOOLS_LOGGER_SAMPLE_RATE).
 */
export function startInvocationLogging(context: Context | undefined): void {
  const instance = logger();
  if (context?.functionName) instance.addContext(context);
  // Only with a sample rate: without one the refresh would reset the level to the first one.
  if (process.env.POWERTOOLS_LOGGER_SAMPLE_RATE) instance.refreshSampleRateCalculation();
}

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  return { error: String(error) };
}
