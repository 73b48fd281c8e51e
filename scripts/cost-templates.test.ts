import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeCost, defaultUsage } from './cost-model';
import { countTemplatesIn } from './cost-templates';
import { fixedFrom } from './cost';

/** A small synthesised app: two stacks' templates with what the fixed part counts, and what it must not. */
const alarm = (metric: Record<string, unknown>) => ({ Type: 'AWS::CloudWatch::Alarm', Properties: { ComparisonOperator: 'GreaterThanThreshold', ...metric } });
const stat = (namespace: string, name: string, dimensions?: unknown) => ({
  MetricStat: { Metric: { Namespace: namespace, MetricName: name, Dimensions: dimensions } },
});
const monitoring = {
  Resources: {
    Errors: alarm({ Namespace: 'AWS/Lambda', MetricName: 'Errors' }),
    // A metric-math alarm: billed once per metric it reads (2), not per expression.
    ErrorRate: alarm({ Metrics: [stat('AWS/Lambda', 'Errors'), stat('AWS/Lambda', 'Invocations'), { Id: 'rate', Expression: 'm1 / m2' }] }),
    // Two custom series of one name (a dimension each; a Stage dimension does not make a series of its own here).
    GroupErrors: alarm({ Namespace: 'FamilyCanvas', MetricName: 'ServerErrors', Dimensions: [{ Name: 'Group', Value: 'canvas' }] }),
    OtherGroupErrors: alarm({
      Namespace: 'FamilyCanvas',
      MetricName: 'ServerErrors',
      Dimensions: [
        { Name: 'Group', Value: 'auth' },
        { Name: 'Stage', Value: 'production' },
      ],
    }),
    Dashboard: { Type: 'AWS::CloudWatch::Dashboard', Properties: {} },
    Topic: { Type: 'AWS::SNS::Topic' },
  },
};
const api = {
  Resources: {
    ServerSecret: { Type: 'AWS::SecretsManager::Secret' },
    MfaKey: { Type: 'AWS::SecretsManager::Secret' },
    Auth: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { TABLE_NAME: 't', SERVER_SECRET_ARN: 'a', MFA_KEY_SECRET_ARN: 'b' } } } },
    Canvas: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { TABLE_NAME: 't', ORIGIN_SECRET_ARN: 'c' } } } },
    Helper: { Type: 'AWS::Lambda::Function', Properties: {} },
    Plan: {
      Type: 'AWS::Backup::BackupPlan',
      Properties: { BackupPlan: { BackupPlanRule: [{ RuleName: 'Daily', ScheduleExpression: 'cron(30 2 * * ? *)', Lifecycle: { DeleteAfterDays: 21 } }] } },
    },
  },
};

const dir = mkdtempSync(path.join(tmpdir(), 'cost-templates-'));
writeFileSync(path.join(dir, 'App-Monitoring.template.json'), JSON.stringify(monitoring));
writeFileSync(path.join(dir, 'App-Api.template.json'), JSON.stringify(api));
writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ Resources: { Ignored: alarm({}) } }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the cost model reads its fixed counts from the synthesised templates', () => {
  it('counts alarms, the metrics they are billed by, dashboards, secrets, functions and their secret reads, custom series and backups kept', () => {
    const counts = countTemplatesIn(dir)!;
    expect(counts.templates).toEqual(['App-Api.template.json', 'App-Monitoring.template.json']);
    expect(counts).toMatchObject({
      alarms: 4,
      billedAlarmMetrics: 5,
      dashboards: 1,
      secrets: 2,
      functions: 3,
      functionSecretReads: 3,
      backupDaysKept: 21,
    });
    // The code's own series (10 names without a dimension, CanvasWrites by 8 kinds) and the two alarmed ServerErrors groups.
    expect(counts.customMetrics).toBe(10 + 8 + 2);
  });

  it('puts the counts into the fixed part the model prices, and keeps the defaults without templates', () => {
    const counts = countTemplatesIn(dir)!;
    const fixed = fixedFrom(counts);
    expect(fixed).toMatchObject({ alarms: 4, billedAlarmMetrics: 5, secrets: 2, functions: 3, functionSecretReads: 3, backupDaysKept: 21, customMetrics: 20 });
    const cloudWatch = computeCost({ ...defaultUsage, fixed }).find((line) => line.service === 'CloudWatch')!;
    expect(cloudWatch.fixed).toBeCloseTo(5 * 0.1 + 3 + 20 * 0.3, 9);
    expect(countTemplatesIn(path.join(dir, 'missing'))).toBeUndefined();
    expect(fixedFrom(undefined)).toEqual(defaultUsage.fixed);
  });
});
