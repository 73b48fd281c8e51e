import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { businessMetrics } from '../shared/metrics';
import { historyItemTypes } from '../shared/contracts/history';

/**
 * What the cost model's fixed part counts, read from the synthesised CloudFormation templates
 * (`npm run synth` writes them to cdk.out/*.template.json): alarms and the metrics they are
 * billed by, dashboards, secrets, functions and the secrets each reads, custom metric series,
 * and how many daily backups AWS Backup keeps. scripts/cost.ts passes them to the model
 * (scripts/cost-model.ts `fixed`); without templates the model's defaults stand.
 */
export type TemplateCounts = {
  /** The template files read. */
  templates: string[];
  /** AWS::CloudWatch::Alarm resources. */
  alarms: number;
  /** What CloudWatch bills alarms by: one per metric an alarm reads (a metric-math alarm, one per metric in its expression). */
  billedAlarmMetrics: number;
  dashboards: number;
  /** AWS::SecretsManager::Secret resources. */
  secrets: number;
  /** AWS::Lambda::Function resources (the app's functions and CDK's own helpers). */
  functions: number;
  /** (function, secret) pairs: a function's `*_SECRET_ARN` variables, each a secret it reads through its cache. */
  functionSecretReads: number;
  /** Custom metric series: the non-AWS series the alarms read, and the code's business metrics (shared/metrics.ts) by their one dimension. */
  customMetrics: number;
  /** Days AWS Backup keeps each daily backup (the longest daily rule), or undefined without a plan. */
  backupDaysKept: number | undefined;
};

type Resource = { Type?: string; Properties?: Record<string, unknown> };
type Template = { Resources?: Record<string, Resource> };
type MetricStat = { Metric?: { Namespace?: string; MetricName?: string; Dimensions?: unknown } };

/** The series of an alarm's metrics: one for a single-metric alarm, one per MetricStat of a metric-math alarm. */
function alarmSeries(properties: Record<string, unknown>): Array<{ namespace: string; name: string; dimensions: unknown }> {
  const metrics = properties.Metrics as Array<{ MetricStat?: MetricStat }> | undefined;
  if (metrics)
    return metrics.flatMap((query) =>
      query.MetricStat?.Metric
        ? [
            {
              namespace: String(query.MetricStat.Metric.Namespace),
              name: String(query.MetricStat.Metric.MetricName),
              dimensions: query.MetricStat.Metric.Dimensions,
            },
          ]
        : [],
    );
  return [{ namespace: String(properties.Namespace), name: String(properties.MetricName), dimensions: properties.Dimensions }];
}

/** The code's own series: the business metrics without a dimension, CanvasWrites by each kind (history item types and `vote`). */
function codeSeries(): string[] {
  const undimensioned = Object.values(businessMetrics).filter((name) => name !== businessMetrics.canvasWrites && name !== businessMetrics.serverErrors);
  const kinds = [...historyItemTypes, 'vote'];
  return [...undimensioned.map((name) => `FamilyCanvas|${name}|`), ...kinds.map((kind) => `FamilyCanvas|${businessMetrics.canvasWrites}|Kind=${kind}`)];
}

const dimensionsKey = (dimensions: unknown) =>
  Array.isArray(dimensions)
    ? (dimensions as Array<{ Name?: string; Value?: unknown }>)
        .filter((dimension) => dimension.Name !== 'Stage')
        .map((dimension) => `${dimension.Name}=${typeof dimension.Value === 'string' ? dimension.Value : JSON.stringify(dimension.Value)}`)
        .sort()
        .join(',')
    : '';

/** Days of the longest daily rule of the backup plans. */
function backupDays(resources: Resource[]): number | undefined {
  const days = resources
    .filter((resource) => resource.Type === 'AWS::Backup::BackupPlan')
    .flatMap(
      (resource) => ((resource.Properties?.BackupPlan as { BackupPlanRule?: unknown[] } | undefined)?.BackupPlanRule ?? []) as Array<Record<string, unknown>>,
    )
    .filter((rule) => /cron\(\S+ \S+ \* \* \? \*\)/.test(String(rule.ScheduleExpression ?? '')))
    .map((rule) => Number((rule.Lifecycle as { DeleteAfterDays?: number } | undefined)?.DeleteAfterDays ?? 0));
  return days.length ? Math.max(...days) : undefined;
}

/** The counts of templates given as parsed JSON (by file name). */
export function countTemplates(templates: Record<string, unknown>): TemplateCounts {
  const resources = Object.values(templates).flatMap((template) => Object.values((template as Template).Resources ?? {}));
  const ofType = (type: string) => resources.filter((resource) => resource.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm');
  const series = alarms.flatMap((alarm) => alarmSeries(alarm.Properties ?? {}));
  const custom = new Set(codeSeries());
  for (const one of series) if (!one.namespace.startsWith('AWS/')) custom.add(`${one.namespace}|${one.name}|${dimensionsKey(one.dimensions)}`);
  const functions = ofType('AWS::Lambda::Function');
  return {
    templates: Object.keys(templates).sort(),
    alarms: alarms.length,
    billedAlarmMetrics: series.length,
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    functions: functions.length,
    functionSecretReads: functions.reduce((sum, fn) => {
      const variables = ((fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
      return sum + Object.keys(variables).filter((name) => name.endsWith('_SECRET_ARN')).length;
    }, 0),
    customMetrics: custom.size,
    backupDaysKept: backupDays(resources),
  };
}

/** The counts of cdk.out's templates, or undefined when `npm run synth` has not written any. */
export function countTemplatesIn(dir: string): TemplateCounts | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((file) => file.endsWith('.template.json'));
  if (!files.length) return undefined;
  return countTemplates(Object.fromEntries(files.map((file) => [file, JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as unknown])));
}
