import { businessMetrics, metricsNamespace, serverErrorGroupDimension, type BusinessMetric } from '../../shared/metrics';

/**
 * The product's business metrics (shared/metrics.ts names them once) as CloudWatch
 * Embedded Metric Format lines. A function counts with countMetric while it works;
 * publishMetrics writes the invocation's counts as EMF lines once at its end (the HTTP
 * middleware, the live handler and the jobs call it).
 *
 * The lines are the ones Powertools' Metrics wrote until 2026-11-26 (README.md "Lambda
 * bundles"): one line for the counts without a dimension (`"Dimensions":[]`: the dashboard,
 * infra/stacks/monitoring-stack.ts, reads them without any), one line per dimension value
 * (canvas writes by `Kind`, 5xx answers by `Group`), every metric a Count, and a name counted
 * twice in an invocation written once with the sum. EMF lines are written only in Lambda
 * (AWS_LAMBDA_FUNCTION_NAME is set there) or when METRICS_TO_STDOUT=true (tests read them);
 * locally they would only clutter the output.
 */

/** Counts without a dimension, by name. */
const plain = new Map<BusinessMetric, number>();
/** Counts with a dimension (canvas writes by kind): one EMF line per dimension value. */
const dimensioned = new Map<string, { name: BusinessMetric; dimension: string; value: string; count: number }>();

function isEmitting(): boolean {
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) || process.env.METRICS_TO_STDOUT === 'true';
}

/** One EMF line: `counts` in the namespace, under `dimension` if given (CloudWatch's format, one JSON object). */
function emfLine(counts: ReadonlyArray<[string, number]>, dimension?: [string, string]): string {
  const directive = {
    Namespace: metricsNamespace,
    Dimensions: dimension ? [[dimension[0]]] : [],
    Metrics: counts.map(([name]) => ({ Name: name, Unit: 'Count' })),
  };
  return JSON.stringify({
    _aws: { Timestamp: Date.now(), CloudWatchMetrics: [directive] },
    ...(dimension ? { [dimension[0]]: dimension[1] } : {}),
    ...Object.fromEntries(counts),
  });
}

/** Counts `count` of `name`, optionally under one dimension (e.g. `{ Kind: 'answer' }`). */
export function countMetric(name: BusinessMetric, count = 1, dimension?: Record<string, string>): void {
  if (count <= 0) return;
  const [entry] = Object.entries(dimension ?? {});
  if (!entry) {
    plain.set(name, (plain.get(name) ?? 0) + count);
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
  if (isEmitting()) {
    const lines: string[] = [];
    // CloudWatch takes at most 100 metrics per line; shared/metrics.ts names far fewer.
    if (plain.size) lines.push(emfLine([...plain]));
    for (const { name, dimension, value, count } of dimensioned.values()) lines.push(emfLine([[name, count]], [dimension, value]));
    if (lines.length) process.stdout.write(lines.map((line) => `${line}\n`).join(''));
  }
  plain.clear();
  dimensioned.clear();
}
