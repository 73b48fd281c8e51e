import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FamilyCanvasStacks } from '../../infra/app-builder';
import { alarmThresholds, routeGroupQuery, throttledRequestsByRouteMetric } from '../../infra/stacks/monitoring-stack';
import { sesEventDetailTypes } from '../../infra/stacks/mail-stack';
import { authRateLimitPer5Minutes, wafBlockedAlarmThreshold, webAclMetricName } from '../../infra/stacks/waf-stack';
import { perViewerAddressLimit, routeThrottles, stageThrottle } from '../../infra/api-limits';
import { accountQuotas, busiestMinute, limitSizing, plannedRouteThrottles } from '../../infra/traffic-plan';
import { logRetentionDays } from '../../infra/log-retention';
import { businessMetrics, metricsNamespace, stageDimension } from '../../shared/metrics';
import { accessLogStageField } from '../../infra/custom-metrics';
import { routeManifest } from '../../shared/routes';

/**
 * Operations: the alarm topic, every alarm, the dead-letter queues, the dashboard, the SES
 * configuration set and its suppression job, and the optional WAF. Two apps are built: the
 * default one, and one with `waf=true` and an alarm e-mail.
 */
type CfnResource = { Type: string; Properties: Record<string, unknown> };
type AlarmProperties = {
  AlarmName?: string;
  AlarmActions: unknown[];
  Threshold: number;
  ComparisonOperator: string;
  MetricName?: string;
  Namespace?: string;
  Metrics?: Array<{ Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: unknown[] } } }>;
  TreatMissingData?: string;
};

const groups = Object.keys(routeManifest);
let stacks: FamilyCanvasStacks;
let withWaf: FamilyCanvasStacks;
const templates = {} as Record<'alerts' | 'mail' | 'api' | 'canvasApi' | 'jobs' | 'monitoring' | 'web', Template>;

function nagFindings(stack: Stack): string[] {
  const report = new AwsSolutionsChecks(stack.node.root).validateScope(stack);
  return report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}: ${v.description}`));
}

function resourcesOf(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

/** The alarms of a stack by construct id (the path's last part before the resource). */
function alarmsById(stack: Stack, template: Template): Map<string, AlarmProperties> {
  const byLogicalId = resourcesOf(template, 'AWS::CloudWatch::Alarm');
  const result = new Map<string, AlarmProperties>();
  for (const child of stack.node.findAll()) {
    const cfn = child.node.defaultChild as { cfnResourceType?: string } | undefined;
    if (cfn?.cfnResourceType !== 'AWS::CloudWatch::Alarm') continue;
    const logicalId = stack.getLogicalId(cfn as Parameters<Stack['getLogicalId']>[0]);
    const alarm = byLogicalId[logicalId];
    if (alarm) result.set(child.node.id, alarm.Properties as AlarmProperties);
  }
  return result;
}

/** A reference to the alarm topic from another stack (an import of the Alerts stack's output). */
function notifiesAlarmTopic(alarm: AlarmProperties): boolean {
  return JSON.stringify(alarm.AlarmActions).includes('AlarmTopic');
}

function metricNames(alarm: AlarmProperties): string[] {
  return [alarm.MetricName, ...(alarm.Metrics ?? []).map((m) => m.MetricStat?.Metric.MetricName)].filter((n): n is string => Boolean(n));
}

// No stack is bundled (CDK's own switch): these tests read templates, not function code,
// and tests/infra/stacks.test.ts builds the bundled app already.
const noBundling = { 'aws:cdk:bundling-stacks': [], stage: 'development' };

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: noBundling }));
  for (const name of ['alerts', 'mail', 'api', 'canvasApi', 'jobs', 'monitoring', 'web'] as const) templates[name] = Template.fromStack(stacks[name]);
  ({ stacks: withWaf } = buildApp({ withNag: false, webDistPath: null, context: { ...noBundling, waf: 'true', alarmEmail: 'ops@example.org' } }));
}, 300_000);

describe('alarm topic', () => {
  it('is TLS only and has no subscription unless alarmEmail is set', () => {
    templates.alerts.resourceCountIs('AWS::SNS::Topic', 1);
    templates.alerts.resourceCountIs('AWS::SNS::Subscription', 0);
    const policy = JSON.stringify(resourcesOf(templates.alerts, 'AWS::SNS::TopicPolicy'));
    expect(policy).toContain('aws:SecureTransport');
  });

  it('subscribes the alarmEmail address from context', () => {
    Template.fromStack(withWaf.alerts).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});

describe('alarms', () => {
  let alarms: Map<string, AlarmProperties>;
  beforeAll(() => {
    alarms = alarmsById(stacks.monitoring, templates.monitoring);
  });

  it('every alarm of the monitoring stack notifies the alarm topic', () => {
    expect(alarms.size).toBeGreaterThan(groups.length * 2);
    for (const [id, alarm] of alarms) expect(notifiesAlarmTopic(alarm), id).toBe(true);
  });

  it('API: 5xx share of requests at 5 % over 2 of 3 five-minute periods, once there are 20 requests', () => {
    const alarm = alarms.get('Api5xxRate')!;
    expect(alarm.Threshold).toBe(alarmThresholds.api5xxPercent);
    expect(alarm.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
    expect(metricNames(alarm).sort()).toEqual(['5xx', 'Count']);
    expect(alarm.Metrics?.find((m) => m.Expression)?.Expression).toBe('IF(requests >= 20, 100 * errors / requests, 0)');
  });

  it('the binding limits: 429s of each route with its own throttle at the first one, account concurrency at 80 % of its quota', () => {
    for (const routeKey of Object.keys(routeThrottles)) {
      const alarm = alarms.get(`RouteThrottled-${routeKey.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`);
      expect(alarm, routeKey).toBeDefined();
      expect(alarm!.MetricName).toBe(throttledRequestsByRouteMetric);
      expect((alarm as { Dimensions?: unknown[] }).Dimensions).toEqual([
        { Name: 'Route', Value: routeKey },
        { Name: stageDimension, Value: 'development' },
      ]);
      expect(alarm!.Threshold).toBe(1);
    }
    const filters = Object.values(resourcesOf(templates.monitoring, 'AWS::Logs::MetricFilter')).map((f) => f.Properties);
    expect(filters).toContainEqual(
      expect.objectContaining({
        MetricTransformations: [
          expect.objectContaining({
            MetricName: throttledRequestsByRouteMetric,
            Dimensions: [
              { Key: 'Route', Value: '$.route' },
              { Key: stageDimension, Value: `$.${accessLogStageField}` },
            ],
          }),
        ],
      }),
    );
    const concurrency = alarms.get('LambdaConcurrencyNearQuota')!;
    expect(concurrency.MetricName).toBe('ConcurrentExecutions');
    expect(concurrency.Namespace).toBe('AWS/Lambda');
    // The development synth's quota: the account default of the plan.
    expect(concurrency.Threshold).toBe(accountQuotas.lambdaConcurrency * alarmThresholds.lambdaConcurrencyShare);
  });

  it('Lambda: errors and throttles of every route group, at the first one', () => {
    for (const group of groups) {
      expect(metricNames(alarms.get(`LambdaErrors-${group}`)!), group).toEqual(['Errors']);
      expect(metricNames(alarms.get(`LambdaThrottles-${group}`)!), group).toEqual(['Throttles']);
      expect(alarms.get(`LambdaErrors-${group}`)!.Threshold).toBe(1);
    }
  });

  it('DynamoDB: read and write throttles of the table and both indexes, and system errors', () => {
    const read = alarms.get('DynamoReadThrottles')!;
    expect(metricNames(read)).toEqual(['ReadThrottleEvents', 'ReadThrottleEvents', 'ReadThrottleEvents']);
    expect(JSON.stringify(read.Metrics)).toContain('GSI1');
    expect(JSON.stringify(read.Metrics)).toContain('GSI2');
    expect(metricNames(alarms.get('DynamoWriteThrottles')!)).toEqual(['WriteThrottleEvents', 'WriteThrottleEvents', 'WriteThrottleEvents']);
    const systemErrors = alarms.get('DynamoSystemErrors')!;
    expect(new Set(metricNames(systemErrors))).toEqual(new Set(['SystemErrors']));
    expect(JSON.stringify(systemErrors.Metrics)).toContain('TransactWriteItems');
  });

  it('SES: bounce rate at 5 % and complaint rate at 0.1 %', () => {
    expect(alarms.get('SesBounceRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate', Threshold: 0.05 });
    expect(alarms.get('SesComplaintRate')).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: 0.001 });
  });

  it('jobs: a failed run of either job, and a day without a cleanup run', () => {
    expect(metricNames(alarms.get('JobFailed-cleanup')!)).toEqual(['Errors']);
    expect(metricNames(alarms.get('JobFailed-ses-events')!)).toEqual(['Errors']);
    expect(metricNames(alarms.get('JobFailed-access-expiry')!)).toEqual(['Errors']);
    expect(metricNames(alarms.get('JobFailed-cards')!)).toEqual(['Errors']);
    expect(alarms.get('JobDidNotRun-cleanup')).toMatchObject({
      MetricName: 'Invocations',
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      TreatMissingData: 'breaching',
    });
    expect(alarms.has('JobDidNotRun-ses-events')).toBe(false);
  });
});

describe('dead-letter queues', () => {
  function expectDlqs(template: Template, count: number) {
    const queues = resourcesOf(template, 'AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(count);
    for (const queue of Object.values(queues)) expect(queue.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    const policies = resourcesOf(template, 'AWS::SQS::QueuePolicy');
    for (const queueId of Object.keys(queues)) {
      const policy = Object.values(policies).find((p) => JSON.stringify(p.Properties.Queues).includes(queueId));
      expect(JSON.stringify(policy?.Properties.PolicyDocument), queueId).toContain('"aws:SecureTransport":"false"');
    }
    // Each queue alarms on its first message.
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties as AlarmProperties);
    const queueAlarms = alarms.filter((a) => a.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(queueAlarms).toHaveLength(count);
    for (const alarm of queueAlarms) {
      expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      expect(notifiesAlarmTopic(alarm)).toBe(true);
    }
    return Object.keys(queues);
  }

  it('jobs: each schedule and each job function (asynchronous failures) has its own', () => {
    const queues = expectDlqs(templates.jobs, 8);
    const schedules = Object.values(resourcesOf(templates.jobs, 'AWS::Scheduler::Schedule'));
    const invokeConfigs = Object.values(resourcesOf(templates.jobs, 'AWS::Lambda::EventInvokeConfig'));
    expect(schedules).toHaveLength(4);
    expect(invokeConfigs).toHaveLength(4);
    // Every queue serves exactly one schedule or one function.
    const users = [...schedules, ...invokeConfigs].map((resource) => JSON.stringify(resource));
    for (const queue of queues)
      expect(
        users.filter((user) => user.includes(queue!)),
        queue,
      ).toHaveLength(1);
    for (const schedule of schedules) expect(JSON.stringify(schedule)).toMatch(/DeadLetterConfig.*RetryPolicy|RetryPolicy.*DeadLetterConfig/);
    templates.jobs.resourcePropertiesCountIs(
      'AWS::Lambda::EventInvokeConfig',
      { MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } } } },
      4,
    );
  });

  it('mail: the SES events rule and the SES events function each have one', () => {
    expectDlqs(templates.mail, 2);
    templates.mail.hasResourceProperties('AWS::Events::Rule', {
      Targets: [Match.objectLike({ DeadLetterConfig: { Arn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } } })],
    });
    templates.mail.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
  });
});

describe('SES configuration set and the suppression job', () => {
  it('keeps reputation metrics and publishes bounces and complaints to EventBridge', () => {
    templates.mail.hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    templates.mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({
        Enabled: true,
        MatchingEventTypes: ['bounce', 'complaint'],
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
      }),
    });
    templates.mail.hasResourceProperties('AWS::SES::EmailIdentity', { ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() } });
  });

  it("routes the configuration set's bounce and complaint events to the job, which may only put items", () => {
    const jobId = stacks.mail.getLogicalId(stacks.mail.sesEvents.alias.node.defaultChild as Parameters<Stack['getLogicalId']>[0]);
    templates.mail.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.ses'],
        'detail-type': sesEventDetailTypes,
        detail: { mail: { tags: { 'ses:configuration-set': [{ Ref: Match.anyValue() }] } } },
      },
      Targets: [Match.objectLike({ Arn: { Ref: jobId } })],
    });
    const policies = JSON.stringify(resourcesOf(templates.mail, 'AWS::IAM::Policy'));
    expect(policies).toContain('dynamodb:PutItem');
    for (const action of ['dynamodb:GetItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:Scan', 'dynamodb:Query'])
      expect(policies).not.toContain(action);
  });

  it('sends mail through the configuration set: its name in the environment, and the permission on it', () => {
    for (const group of groups) {
      const fn = Object.values({ ...resourcesOf(templates.api, 'AWS::Lambda::Function'), ...resourcesOf(templates.canvasApi, 'AWS::Lambda::Function') }).find(
        (f) => f.Properties.Description === `Family Canvas API: ${group}`,
      );
      const variables = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.MAIL_CONFIGURATION_SET, group).toBeDefined();
    }
    for (const name of ['api', 'canvasApi'] as const)
      expect(JSON.stringify(resourcesOf(templates[name], 'AWS::IAM::Policy')), name).toContain(':configuration-set/');
  });
});

describe('dashboard', () => {
  let body: string;
  beforeAll(() => {
    const [dashboard] = Object.values(resourcesOf(templates.monitoring, 'AWS::CloudWatch::Dashboard'));
    body = JSON.stringify(dashboard?.Properties.DashboardBody);
  });

  it('shows the API, every route group, Lambda, DynamoDB and SES', () => {
    for (const title of [
      'API requests, 4xx, 5xx',
      'API latency p50 / p99',
      'Per route group: requests, 4xx, 5xx, latency p50 / p99',
      'Lambda errors per function',
      'Lambda throttles per function',
      'Lambda concurrency',
      'Duration p99 per route group',
      'DynamoDB consumed capacity',
      'DynamoDB throttles and errors',
      'SES sends, deliveries, bounces, complaints',
      'Dead-letter queues',
    ]) {
      expect(body, title).toContain(title);
    }
    for (const group of groups) expect(body, group).toContain(`\\"label\\":\\"${group}\\"`);
    for (const metric of [
      'ConsumedReadCapacityUnits',
      'ConsumedWriteCapacityUnits',
      'ReadThrottleEvents',
      'SystemErrors',
      'Reputation.BounceRate',
      'Complaint',
      'ConcurrentExecutions',
    ]) {
      expect(body, metric).toContain(metric);
    }
  });

  it('has a place for every business metric, under the names of shared/metrics.ts', () => {
    expect(body).toContain(metricsNamespace);
    for (const name of Object.values(businessMetrics)) expect(body, name).toContain(name);
  });

  it('maps every route of the manifest to its group in the access-log query', () => {
    const query = routeGroupQuery().join('\n');
    // The query's group is the first path segment, except where the manifest says otherwise.
    for (const [group, definition] of Object.entries(routeManifest)) {
      for (const route of definition.routes) {
        const [, segment = '', sub] = /^\/api\/([^/]+)(?:\/([^/{]+))?/.exec(route.path) ?? [];
        if (segment === group) continue;
        if (!groups.includes(segment)) expect(query, route.path).toContain(`"${segment}", "${group}"`);
        else expect(query, route.path).toContain(`"${segment}/${sub}", "${group}/"`);
      }
    }
  });
});

describe('logs', () => {
  it('keeps every function log and access log for a year, and keeps them when their stack is deleted', () => {
    const logGroups = Object.values(stacks)
      .flatMap((stack) => Object.entries(Template.fromStack(stack).findResources('AWS::Logs::LogGroup')))
      .map(([id, resource]) => ({ id, ...(resource as { DeletionPolicy?: string; Properties: { RetentionInDays?: number } }) }));
    // One per function, the HTTP API's and the live channel's access logs.
    expect(logGroups.length).toBeGreaterThan(groups.length + 2);
    expect(logGroups.filter((group) => group.Properties.RetentionInDays !== logRetentionDays || group.DeletionPolicy !== 'Retain')).toEqual([]);
  });
});

describe('API throttles from the capacity plan', () => {
  it("throttles the stage and the expensive routes as the capacity plan sizes them, within the account's quotas", () => {
    // The stage: ten times the plan's busiest minute (docs/capacity.md), rounded up to a hundred, within half the account's quota.
    const planned = Math.ceil((busiestMinute().total * limitSizing.stageGrowthFactor) / 100) * 100;
    expect(stageThrottle.rateLimit).toBe(Math.min(planned, accountQuotas.apiGatewayRequestsPerSecond * limitSizing.shareOfAccountApiQuota));
    expect(stageThrottle.rateLimit).toBeGreaterThan(busiestMinute().total);
    expect(stageThrottle.burstLimit).toBeLessThanOrEqual(accountQuotas.apiGatewayBurst * limitSizing.shareOfAccountApiQuota);
    const [stage] = Object.values(resourcesOf(templates.api, 'AWS::ApiGatewayV2::Stage')).filter((r) => r.Properties.StageName === '$default');
    expect(stage?.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: stageThrottle.rateLimit,
      ThrottlingBurstLimit: stageThrottle.burstLimit,
    });
    // The plan book and password hashing: their share of the account's concurrency over their duration.
    const routes = plannedRouteThrottles();
    expect(routes['POST /api/canvas/plan-book']?.rateLimit).toBe(Math.floor((accountQuotas.lambdaConcurrency * 0.05) / 3));
    expect(stage?.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        Object.entries(routes).map(([key, throttle]) => [key, { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit }]),
      ),
    );
    // Route settings name routes that exist: the stage is created after them.
    const routeIds = Object.entries(resourcesOf(templates.api, 'AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => Object.keys(routes).includes(route.Properties.RouteKey as string))
      .map(([id]) => id);
    expect(routeIds).toHaveLength(Object.keys(routes).length);
    const [stageResource] = Object.values(templates.api.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: '$default' } })) as Array<{
      DependsOn?: string[];
    }>;
    expect(stageResource?.DependsOn).toEqual(expect.arrayContaining(routeIds));
  });
});

describe('optional WAF', () => {
  it('is off by default in development: no WAF stack, the distribution has no web ACL', () => {
    expect(stacks.waf).toBeUndefined();
    const [distribution] = Object.values(resourcesOf(templates.web, 'AWS::CloudFront::Distribution'));
    expect((distribution?.Properties.DistributionConfig as Record<string, unknown>).WebACLId).toBeUndefined();
  });

  it('with waf=true: a CloudFront web ACL in us-east-1 with the AWS common rules and a rate rule on /api/auth/*', () => {
    const waf = withWaf.waf!;
    expect(waf.region).toBe('us-east-1');
    const template = Template.fromStack(waf);
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'AuthRateLimit',
          Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: authRateLimitPer5Minutes,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' }) },
            }),
          },
        }),
        // The per-client limit: every /api request counted per viewer address, as the plan sizes it.
        Match.objectLike({
          Name: 'ApiRateLimit',
          Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: perViewerAddressLimit.limit,
              EvaluationWindowSec: perViewerAddressLimit.windowSeconds,
              AggregateKeyType: 'IP',
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' }) },
            }),
          },
        }),
        Match.objectLike({
          Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet' }) },
          OverrideAction: { None: {} },
        }),
        Match.objectLike({ Statement: { ManagedRuleGroupStatement: Match.objectLike({ Name: 'AWSManagedRulesKnownBadInputsRuleSet' }) } }),
      ]),
    });
    const [distribution] = Object.values(resourcesOf(Template.fromStack(withWaf.web), 'AWS::CloudFront::Distribution'));
    expect(JSON.stringify((distribution?.Properties.DistributionConfig as Record<string, unknown>).WebACLId)).toContain(waf.stackName);
  });
});

describe('WAF alarms', () => {
  it('with waf=true: blocked requests of each rate rule alarm on a us-east-1 topic the alarm address subscribes to', () => {
    const template = Template.fromStack(withWaf.waf!);
    for (const rule of ['ApiRateLimit', 'AuthRateLimit']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/WAFV2',
        MetricName: 'BlockedRequests',
        Dimensions: Match.arrayWith([
          { Name: 'Rule', Value: rule },
          { Name: 'WebACL', Value: webAclMetricName },
        ]),
        Threshold: wafBlockedAlarmThreshold,
        AlarmActions: [Match.objectLike({ Ref: Match.stringLikeRegexp('WafAlarmTopic') })],
      });
    }
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });
});

describe('cdk-nag AwsSolutions on the operations stacks', () => {
  it.each(['alerts', 'mail', 'jobs', 'monitoring', 'api', 'canvasApi'] as const)('%s stack has no unacknowledged finding', (name) => {
    expect(nagFindings(stacks[name])).toEqual([]);
  });

  it('with waf=true: the WAF stack and the web stack (its CFR2 now satisfied, not acknowledged) have none', () => {
    expect(nagFindings(withWaf.waf!)).toEqual([]);
    expect(nagFindings(withWaf.web)).toEqual([]);
  });
});

describe('re-pointing the stacks at a restored table', () => {
  it('with restoredTableName: the data stack drops its own table (retained in the account) and every function uses the restored one', () => {
    const { stacks: restored } = buildApp({
      withNag: false,
      webDistPath: null,
      context: { ...noBundling, restoredTableName: 'family-canvas-restored-2026-11-22' },
    });
    Template.fromStack(restored.data).resourceCountIs('AWS::DynamoDB::Table', 0);
    // The product's functions (the release hooks read no table: tests/infra/canary.test.ts).
    const functions = [restored.api, restored.canvasApi]
      .flatMap((stack) => Object.values(resourcesOf(Template.fromStack(stack), 'AWS::Lambda::Function')))
      .filter((fn) => (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME === 'family-canvas');
    // The route groups and the live channel's handler; its sender needs the restored table's stream ARN.
    expect(functions.length).toBe(groups.length + 1);
    for (const fn of functions) {
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME).toBe('family-canvas-restored-2026-11-22');
    }
    for (const stack of [restored.api, restored.canvasApi]) {
      expect(JSON.stringify(resourcesOf(Template.fromStack(stack), 'AWS::IAM::Policy'))).toContain('table/family-canvas-restored-2026-11-22/index/GSI1');
    }
    // The default app keeps its own table, retained on removal.
    Template.fromStack(stacks.data).hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  }, 120_000);
});
