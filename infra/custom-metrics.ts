import type { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { metricsNamespace, stageDimension } from '../shared/metrics';

/**
 * A metric of the product's own namespace (shared/metrics.ts) for one stage. Every alarm and
 * graph on the namespace is made here, so each reads only its own stage's counts: staging's
 * 5xx never fire production's alarms in a shared account (tests/infra/alarms.test.ts checks
 * every alarm on the namespace).
 */
export function stageMetric(stage: string, props: Omit<cloudwatch.MetricProps, 'namespace'>): cloudwatch.Metric {
  return new cloudwatch.Metric({ ...props, namespace: metricsNamespace, dimensionsMap: { ...props.dimensionsMap, [stageDimension]: stage } });
}

/** A CloudWatch search over the namespace's `metricName` by `dimension`, within one stage (one line per value). */
export function stageSearch(
  stage: string,
  metricName: string,
  dimension: string,
  options: { statistic: string; period: Duration; label: string },
): cloudwatch.MathExpression {
  const seconds = options.period.toSeconds();
  return new cloudwatch.MathExpression({
    expression: `SEARCH('{${metricsNamespace},${stageDimension},${dimension}} ${stageDimension}="${stage}" MetricName="${metricName}"', '${options.statistic}', ${seconds})`,
    label: options.label,
    period: options.period,
  });
}

/** The access log's field with the stage (infra/stacks/api-stack.ts): the metric filters read the `Stage` dimension from it. */
export const accessLogStageField = 'deploymentStage';
