import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import {
  businessMetrics,
  localStage,
  metricsNamespace,
  serverErrorGroupDimension,
  serverErrorVersionDimension,
  stageDimension,
  stageEnvironmentVariable,
  type BusinessMetric,
} from '../../shared/metrics';
import { config } from './config';

/**
 * Powertools for AWS Lambda: the one Logger, Metrics and Tracer of a function, and the
 * middy middlewares every handler runs with (observabilityMiddlewares: the HTTP groups'
 * stack in ./http.ts, the live handler, the stream sender and the jobs through observed()).
 *
 * Settings come from the environment Powertools reads (infra/constructs/app-function.ts
 * powertoolsEnvironment; locally infra/local/stack.ts localEnvironment): POWERTOOLS_SERVICE_NAME,
 * POWERTOOLS_LOGGER_SAMPLE_RATE, POWERTOOLS_METRICS_DISABLED (locally true unless a test reads
 * the EMF lines), POWERTOOLS_TRACE_ENABLED (tracing runs in Lambda only). The log level is
 * LOG_LEVEL (config), `silent` included.
 *
 * What goes into a log line's fields is the caller's choice: never a password or its hash,
 * a session token, a cookie, a reset or invitation token, or text a user wrote (notes,
 * answers). Ids and counts are enough to follow a request (tests/integration/logging.test.ts).
 */
const constructedLevel = powertoolsLevel(process.env.LOG_LEVEL ?? 'info');
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas', logLevel: constructedLevel });

function powertoolsLevel(level: string): 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT' {
  const upper = level.toUpperCase();
  return upper === 'DEBUG' || upper === 'WARN' || upper === 'ERROR' || upper === 'SILENT' ? upper : 'INFO';
}

/**
 * The business metrics (shared/metrics.ts names them) as EMF lines, written once at the end
 * of each invocation by logMetrics. One default dimension, the stage (`Stage`, from STAGE;
 * shared/metrics.ts stageDimension), and no `service`: the dashboard and the alarms
 * (infra/stacks/monitoring-stack.ts) read the counts by stage, and canvas writes and server
 * errors by stage and their one dimension. Metrics' own notices (such as "No application
 * metrics to publish" after a request that counted nothing, most of them) go through a
 * Logger that only lets errors pass.
 */
// Outside Lambda (the local stack, the tests, scripts) Metrics writes nothing unless asked to
// (POWERTOOLS_METRICS_DISABLED=false, as tests/integration/metrics.test.ts does). Said here, not only in
// infra/local/stack.ts's environment: the local stack imports modules that load this one before it sets that.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
const noticeLevel = (level: string) => (level === 'SILENT' ? 'SILENT' : 'ERROR');
const metricsNotices = logger.createChild({ logLevel: noticeLevel(logger.getLevelName()) });
export const metrics = new Metrics({ namespace: metricsNamespace, logger: metricsNotices });
const stageDimensions = { [stageDimension]: process.env[stageEnvironmentVariable] || localStage };
metrics.clearDefaultDimensions();
metrics.setDefaultDimensions(stageDimensions);

/** X-Ray: the handler's subsegment (cold start, service) and one per AWS SDK call (tracer.captureAWSv3Client). */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas' });

/**
 * Counts `count` of `name` under the stage, optionally under dimensions (e.g. `{ Kind: 'answer' }`):
 * a dimensioned count is its own EMF line (Metrics' singleMetric, which keeps the stage), so its
 * dimensions never spread to the invocation's other counts. Each further set is one more
 * dimension set of the same line (CloudWatch files the one count under each, each with the stage).
 */
export function countMetric(name: BusinessMetric, count = 1, ...dimensionSets: Array<Record<string, string>>): void {
  if (count <= 0) return;
  const [first, ...more] = dimensionSets.filter((set) => Object.keys(set).length > 0);
  if (!first) {
    metrics.addMetric(name, MetricUnit.Count, count);
    return;
  }
  const single = metrics.singleMetric();
  // A single metric starts with Powertools' own `service` again: the stage alone.
  single.clearDefaultDimensions();
  single.setDefaultDimensions(stageDimensions);
  for (const [dimension, value] of Object.entries(first)) single.addDimension(dimension, value);
  for (const set of more) single.addDimensions(set);
  single.addMetric(name, MetricUnit.Count, count);
}

/**
 * Counts one 5xx answer of a route group. The request stack (./http.ts) calls it for every
 * answer with a 5xx status: those are caught and answered, so Lambda's own Errors metric never
 * sees them. Two dimension sets: `Group` (the group's alarm and the dashboard) and `Group` with
 * `Version`, the Lambda version that answered (Lambda sets AWS_LAMBDA_FUNCTION_VERSION): a
 * release's canary alarm reads the new version's count alone (infra/constructs/app-function.ts).
 */
export function countServerError(group: string): void {
  const version = process.env.AWS_LAMBDA_FUNCTION_VERSION;
  countMetric(
    businessMetrics.serverErrors,
    1,
    { [serverErrorGroupDimension]: group },
    version ? { [serverErrorGroupDimension]: group, [serverErrorVersionDimension]: version } : {},
  );
}

/**
 * Tests and scripts set LOG_LEVEL after this module was loaded (resetConfigForTests): each
 * invocation then takes the configured level. Runs after injectLambdaContext, whose debug
 * sampling restores the level the Logger was made with; in Lambda the two never differ, so
 * sampling is left alone there.
 */
const configuredLogLevel = (): middy.MiddlewareObj => ({
  before: () => {
    const wanted = powertoolsLevel(config().logLevel);
    metricsNotices.setLogLevel(noticeLevel(wanted));
    if (wanted !== constructedLevel) logger.setLogLevel(wanted);
  },
});

/**
 * The Powertools middlewares, in the order they run: the level, the Lambda context and the
 * keys of the invocation on every log line (cleared after it), the handler's subsegment
 * (responses are never recorded: personal data), and the metrics written at the end with
 * the cold-start metric. `keys` names what ties the invocation's lines together.
 */
export function observabilityMiddlewares<E>(keys?: (event: E, context: Context) => Record<string, string | undefined>): middy.MiddlewareObj<E>[] {
  return [
    injectLambdaContext(logger, { resetKeys: true }) as middy.MiddlewareObj<E>,
    configuredLogLevel() as middy.MiddlewareObj<E>,
    ...(keys ? [{ before: (request: middy.Request<E>) => logger.appendKeys(keys(request.event, request.context)) }] : []),
    captureLambdaHandler(tracer, { captureResponse: false }) as middy.MiddlewareObj<E>,
    logMetrics(metrics, { captureColdStartMetric: true }) as middy.MiddlewareObj<E>,
  ];
}

/**
 * A handler (a route group's request stack, a job, the live sender, the live channel) wrapped in
 * observabilityMiddlewares. Callers outside Lambda (the local gateway, `npm run job`, tests) may
 * leave out the context: middy hands an empty one on.
 */
export function observed<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
  keys?: (event: E, context: Context) => Record<string, string | undefined>,
): Invocable<E, R> {
  return middy<E, R>(handler).use(observabilityMiddlewares<E>(keys)) as unknown as Invocable<E, R>;
}

/** A wrapped handler as callers see it: the event may be left out where the handler takes none (a job run by hand). */
type Invocable<E, R> = undefined extends E ? (event?: E, context?: Context) => Promise<R> : (event: E, context?: Context) => Promise<R>;
