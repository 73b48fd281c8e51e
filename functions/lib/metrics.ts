import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { businessMetrics, metricsNamespace, serverErrorGroupDimension, type BusinessMetric } from '../../shared/metrics';

/**
 * The product's business metrics (shared/metrics.ts names them once) as CloudWatch
 * Embedded Metric Format lines through Powertools' Metrics. A function counts with
 * countMetric while it works; publishMetrics writes the invocation's counts as EMF lines
 * once at its end (the HTTP middleware, the live handler and the jobs call it).
 *
 * EMF lines are written only in Lambda (AWS_LAMBDA_FUNCTION_NAME is set there) or when
 * METRICS_TO_STDOUT=true (tests read them); locally they would only clutter the output.
 */

let instance: Metrics | undefined;
/** Counts with a dimension (canvas writes by kind): one EMF line per dimension value. */
const dimensioned = new Map<string, { name: BusinessMetric; dimension: string; value: string; count: number }>();

function metrics(): Metrics {
  if (!instance) {
    instance = new Metrics({ namespace: metricsNamespace });
    // No `service` dimension: the dashboard (infra/stacks/monitoring-stack.ts) reads the
    // metrics without dimensions, and canvas writes by `Kind` alone.
    instance.clearDefaultDimensions();
  }
  return instance;
}

function isEmitting(): boolean {
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) || process.env.METRICS_TO_STDOUT === 'true';
}

/** Counts `count` of `name`, optionally under one dimension (e.g. `{ Kind: 'answer' }`). */
export function countMetric(name: BusinessMetric, count = 1, dimension?: Record<string, string>): void {
  if (count <= 0) return;
  const [entry] = Object.entries(dimension ?? {});
  if (!entry) {
    metrics().addMetric(name, MetricUnit.Count, count);
    return;
  }
  const key = `${name}\u0000${entry[0]}\u0000${entry[1]}`;
  const known = dimensioned.get(key);
  if (known) known.count += count;
  else dimensioned.set(key, { name, dimension: entry[0], value: entry[1], count });
}

/**
 * Counts one 5xx answer of a route group (`ServerErrors` by `Group`). The request stack
 * (functions/lib/http.ts) calls it for every answer with a 5xx status: those are caught
 * and answered, so Lambda's own Errors metric never sees them.
 */
export function countServerError(group: string): void {
  countMetric(businessMetrics.serverErrors, 1, { [serverErrorGroupDimension]: group });
}

/** Writes what was counted since the last call (nothing when nothing was), and forgets it. */
export function publishMetrics(): void {
  const all = metrics();
  const emitting = isEmitting();
  if (all.hasStoredMetrics()) {
    if (emitting) all.publishStoredMetrics();
    else all.clearMetrics();
  }
  if (emitting) {
    for (const { name, dimension, value, count } of dimensioned.values()) {
      const single = all.singleMetric();
      single.clearDefaultDimensions();
      single.addDimension(dimension, value);
      single.addMetric(name, MetricUnit.Count, count);
    }
  }
  dimensioned.clear();
}
