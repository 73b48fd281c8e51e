import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appFunctionsOf, buildApp, type FamilyCanvasStacks } from '../../infra/app-builder';
import { readSettings } from '../../infra/settings';
import { alarmThresholds, throttledRequestsMetric } from '../../infra/stacks/monitoring-stack';
import { businessMetrics, metricsNamespace, serverErrorGroupDimension, stageDimension, stageEnvironmentVariable } from '../../shared/metrics';
import { routeManifest } from '../../shared/routes';

/**
 * Alarms that see real failures at a family product's low traffic: counts rather than shares,
 * the live channel, throttled requests, latency, jobs that did not run or near their timeout,
 * the SES quota; and no deployment without somebody to notify.
 */

type Resource = { Type: string; Properties: Record<string, unknown> };

let stacks: FamilyCanvasStacks;
let monitoring: Template;

// A staging deployment (checked like production); no function is bundled: only templates are read.
beforeAll(() => {
  ({ stacks } = buildApp({
    withNag: false,
    webDistPath: null,
    context: {
      'aws:cdk:bundling-stacks': [],
      stage: 'staging',
      appUrl: 'https://staging.familie-weber.de',
      alarmEmail: 'ops@familie-weber.de',
      sesDailyQuota: '1000',
    },
  }));
  monitoring = Template.fromStack(stacks.monitoring);
}, 300_000);

const fiveMinutes = 300;
/** A value of another stack, as this app's cross-stack references carry it (an output of that stack). */
const fromOtherStack = (logicalId: string) => ({ 'Fn::GetStackOutput': Match.objectLike({ OutputName: Match.stringLikeRegexp(logicalId) }) });
const notifiesTheTopic = { AlarmActions: [fromOtherStack('AlarmTopic')] };

function alarms(): Resource[] {
  return Object.values(monitoring.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
}

/** A function of another stack, as the monitoring stack refers to it. */
function importsFunction(stack: Stack, fn: { node: { defaultChild?: unknown } }) {
  return fromOtherStack(stack.getLogicalId(fn.node.defaultChild as never));
}

describe('handled server errors', () => {
  it('alarm per route group at the first 5xx answer in 5 minutes, quiet without traffic', () => {
    for (const group of Object.keys(routeManifest)) {
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: metricsNamespace,
        MetricName: businessMetrics.serverErrors,
        Dimensions: [
          { Name: serverErrorGroupDimension, Value: group },
          { Name: stageDimension, Value: 'staging' },
        ],
        Statistic: 'Sum',
        Period: fiveMinutes,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        ...notifiesTheTopic,
      });
    }
  });
});

describe('stages in one account stay apart', () => {
  type Dimension = { Name: string; Value: unknown };
  type AlarmProperties = {
    Namespace?: string;
    Dimensions?: Dimension[];
    Metrics?: Array<{ MetricStat?: { Metric: { Namespace: string; Dimensions?: Dimension[] } } }>;
  };
  const ownStage = { Name: stageDimension, Value: 'staging' };

  it('gives every function its stage (STAGE), the Stage dimension of every custom metric it emits', () => {
    const functions = appFunctionsOf(stacks.api.node.root);
    expect(functions.length).toBeGreaterThan(Object.keys(routeManifest).length);
    for (const fn of functions) {
      const stack = Stack.of(fn);
      const id = stack.getLogicalId(fn.function.node.defaultChild as never);
      const resource = (Template.fromStack(stack).findResources('AWS::Lambda::Function') as Record<string, Resource>)[id]!;
      expect((resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables[stageEnvironmentVariable], fn.node.path).toBe('staging');
    }
  });

  it("has every alarm on the product's namespace, in every stack, read this stage's counts only", () => {
    let onNamespace = 0;
    for (const stack of Object.values(stacks) as Stack[]) {
      for (const [id, alarm] of Object.entries(Template.fromStack(stack).findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>)) {
        const properties = alarm.Properties as AlarmProperties;
        const metrics = [
          ...(properties.Namespace ? [{ Namespace: properties.Namespace, Dimensions: properties.Dimensions }] : []),
          ...(properties.Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : [])),
        ];
        for (const metric of metrics.filter((m) => m.Namespace === metricsNamespace)) {
          onNamespace += 1;
          expect(metric.Dimensions ?? [], `${stack.stackName} ${id}`).toContainEqual(ownStage);
        }
      }
    }
    // The handled 5xx per group, the 429s and the throttled routes at least.
    expect(onNamespace).toBeGreaterThan(Object.keys(routeManifest).length);
  });

  it("graphs only this stage's counts on the dashboard", () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>);
    const join = (dashboard!.Properties.DashboardBody as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
    const body = join.map((part) => (typeof part === 'string' ? part : '"token"')).join('');
    const graphed = body.match(new RegExp(`\\["${metricsNamespace}",[^\\]]*\\]`, 'g')) ?? [];
    expect(graphed.length).toBeGreaterThan(10);
    for (const metric of graphed) expect(metric).toContain(`"${stageDimension}","staging"`);
    const searches = body.match(/SEARCH\([^)]*\)/g) ?? [];
    expect(searches.length).toBeGreaterThan(0);
    for (const search of searches) expect(search).toContain(`${stageDimension}=\\"staging\\"`);
  });
});

describe('the dashboard', () => {
  it('graphs the handled 5xx answers of every route group', () => {
    const [dashboard] = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard') as Record<string, Resource>);
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);
    expect(body).toContain('Handled 5xx answers per route group');
    for (const group of Object.keys(routeManifest)) {
      expect(body, group).toContain(
        `${businessMetrics.serverErrors}\\",\\"${serverErrorGroupDimension}\\",\\"${group}\\",\\"${stageDimension}\\",\\"staging\\"`,
      );
    }
  });
});

describe('the live channel', () => {
  it('alarms on errors and throttles of the socket handler and the stream sender', () => {
    const live = stacks.api.live;
    for (const fn of [live.handler, live.sender!]) {
      for (const metric of ['Errors', 'Throttles']) {
        monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName: metric,
          Dimensions: [{ Name: 'FunctionName', Value: importsFunction(stacks.api, fn.function) }],
          Threshold: 1,
          ...notifiesTheTopic,
        });
      }
    }
  });

  it('alarms when the sender falls a minute behind the journal stream', () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Statistic: 'Maximum',
      Dimensions: [{ Name: 'FunctionName', Value: importsFunction(stacks.api, stacks.api.live.sender!.function) }],
      Threshold: alarmThresholds.senderIteratorAgeMs,
      ...notifiesTheTopic,
    });
  });
});

describe('throttled requests and latency', () => {
  it('counts every 429 of the access log and alarms at a handful in 5 minutes', () => {
    monitoring.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [Match.objectLike({ MetricNamespace: metricsNamespace, MetricName: throttledRequestsMetric, MetricValue: '1' })],
    });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: metricsNamespace,
      MetricName: throttledRequestsMetric,
      Statistic: 'Sum',
      Period: fiveMinutes,
      Threshold: alarmThresholds.throttledRequests,
      ...notifiesTheTopic,
    });
  });

  it("alarms on the API's p95 latency and on each route group's", () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      ExtendedStatistic: 'p95',
      Threshold: alarmThresholds.latencyP95Ms,
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      ...notifiesTheTopic,
    });
    const perGroup = alarms().filter((alarm) => alarm.Properties.MetricName === 'Duration' && alarm.Properties.ExtendedStatistic === 'p95');
    expect(perGroup).toHaveLength(Object.keys(routeManifest).length);
  });
});

describe('jobs', () => {
  it('alarms when an hourly job (digest, access expiry) has not run for 2 hours, missing data counting as not run', () => {
    for (const job of [stacks.jobs.digest, stacks.jobs.accessExpiry]) {
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/Lambda',
        MetricName: 'Invocations',
        Dimensions: [{ Name: 'FunctionName', Value: importsFunction(stacks.jobs, job.function) }],
        Period: 7200,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
        ...notifiesTheTopic,
      });
    }
  });

  it('alarms when a digest run takes more than 80 % of its timeout', () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Duration',
      Statistic: 'Maximum',
      Dimensions: [{ Name: 'FunctionName', Value: importsFunction(stacks.jobs, stacks.jobs.digest.function) }],
      Threshold: 10 * 60 * 1000 * 0.8,
      ComparisonOperator: 'GreaterThanThreshold',
      ...notifiesTheTopic,
    });
  });
});

describe('SES', () => {
  it('alarms at 80 % of the daily sending quota the deployment gives', () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Send',
      Statistic: 'Sum',
      Period: 86_400,
      Threshold: 800,
      ...notifiesTheTopic,
    });
  });
});

describe('notifications are mandatory', () => {
  const names = ['FC_ALARM_EMAIL', 'FC_STAGE', 'FC_PLACEHOLDERS'] as const;
  let saved: Record<string, string | undefined>;
  beforeEach(() => {
    saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    for (const name of names) delete process.env[name];
  });
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });
  const settingsWith = (context: Record<string, unknown>) => readSettings(new App({ context }).node);
  const real = { appUrl: 'https://canvas.familie-weber.de' };

  it('refuses a production or staging synth without an alarm address, naming the setting', () => {
    for (const stage of ['production', 'staging']) {
      expect(() => settingsWith({ ...real, stage })).toThrow(/alarmEmail is required outside development.*-c alarmEmail=.*FC_ALARM_EMAIL/);
    }
    expect(() => buildApp({ withNag: false, webDistPath: null, context: real })).toThrow(/alarmEmail is required/);
    process.env.FC_ALARM_EMAIL = 'ops@familie-weber.de';
    expect(settingsWith(real).alarmEmail).toBe('ops@familie-weber.de');
  });

  it('lets a development synth, or a first pass with placeholders, go without one', () => {
    expect(settingsWith({ stage: 'development' }).alarmEmail).toBeUndefined();
    expect(settingsWith({ placeholders: 'true' })).toMatchObject({ stage: 'production', placeholders: true, alarmEmail: undefined });
  });

  it('subscribes the alarm address to the topic every alarm notifies', () => {
    Template.fromStack(stacks.alerts).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@familie-weber.de' });
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions).toHaveLength(1);
  });

  it('refuses a quota that is not a whole number', () => {
    expect(() => settingsWith({ stage: 'development', sesDailyQuota: 'lots' })).toThrow(/sesDailyQuota must be a whole number/);
    expect(settingsWith({ stage: 'development' }).sesDailyQuota).toBe(50_000);
    // cdk.json's context carries a number, the command line a string.
    expect(settingsWith({ stage: 'development', sesDailyQuota: 200 }).sesDailyQuota).toBe(200);
    expect(settingsWith({ stage: 'development', sesDailyQuota: '200' }).sesDailyQuota).toBe(200);
  });
});
