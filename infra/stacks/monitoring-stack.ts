import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import type { AppFunction } from '../constructs/app-function';
import type { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { tableDefinition } from '../table-definition';
import { businessMetrics, canvasWriteKindDimension, metricsNamespace, serverErrorGroupDimension, stageDimension } from '../../shared/metrics';
import { accessLogStageField, stageMetric, stageSearch } from '../custom-metrics';
import { routeManifest } from '../../shared/routes';
import { routeThrottles } from '../api-limits';

export type MonitoringStackProps = StackProps & {
  /** The stage: every alarm and graph on the product's namespace reads this stage's counts only (infra/custom-metrics.ts). */
  stage: string;
  alarmTopic: sns.ITopic;
  httpApi: apigwv2.IHttpApi;
  /** The API's access log (one JSON line per request, infra/stacks/api-stack.ts). */
  accessLogs: logs.ILogGroup;
  /** One function per route group. */
  routeFunctions: ReadonlyMap<string, AppFunction>;
  /** The live channel's socket handler ($connect, $disconnect, $default). */
  liveHandler: AppFunction;
  /** The journal stream's consumer (absent while a restored table has no stream). */
  liveSender?: AppFunction;
  /** Jobs by name: a failed run, or no run in a day (daily) or in two hours (hourly) where one is scheduled, alarms. */
  jobs: Array<{ name: string; fn: AppFunction; scheduledDaily: boolean; scheduledHourly?: boolean }>;
  /** The account's SES quota (messages per 24 hours, infra/settings.ts sesDailyQuota). */
  sesDailyQuota: number;
  /** The account's Lambda concurrency quota (infra/settings.ts lambdaConcurrencyQuota). */
  lambdaConcurrencyQuota: number;
  table: dynamodb.ITable;
  deadLetterQueues: DeadLetterQueue[];
};

/** Thresholds of the alarms, in one place (docs: docs/operations.md "Running it"). */
export const alarmThresholds = {
  /** Per cent of API requests answered 5xx within 5 minutes, once at least `minRequests` came. */
  api5xxPercent: 5,
  api5xxMinRequests: 20,
  /** SES account reputation: AWS reviews an account at 5 % bounces and 0.1 % complaints; alarm at the line. */
  sesBounceRate: 0.05,
  sesComplaintRate: 0.001,
  /** Handled 5xx answers of one route group in 5 minutes (a count, so one failure at night is seen). */
  serverErrors: 1,
  /** 429 answers (API Gateway's throttle or ours: sign-in, mail limits) in 5 minutes. */
  throttledRequests: 5,
  /** p95 of the API's and each route group's latency, ms, in 2 of 3 five-minute periods. */
  latencyP95Ms: 3000,
  /** The sender's oldest unprocessed stream record, ms: live events this late are as good as lost. */
  senderIteratorAgeMs: 60_000,
  /** A job's longest run as a share of its timeout. */
  jobDurationShareOfTimeout: 0.8,
  /** Mails sent in a day as a share of the SES quota. */
  sesQuotaShare: 0.8,
  /** The account's concurrent Lambda executions as a share of its quota (past it every function is throttled). */
  lambdaConcurrencyShare: 0.8,
  /** 429 answers of one route with a throttle of its own (infra/api-limits.ts routeThrottles) in 5 minutes. */
  routeThrottledRequests: 1,
} as const;

/** The metric the access-log filter writes per route key for every 429 answer (dimension Route). */
export const throttledRequestsByRouteMetric = 'ThrottledRequestsByRoute';

/** The metric the access-log filter writes for every 429 answer (namespace FamilyCanvas). */
export const throttledRequestsMetric = 'ThrottledRequests';

/** The DynamoDB operations the functions call (system errors are published per operation). */
const tableOperations = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

const fiveMinutes = Duration.minutes(5);

/**
 * Logs Insights over the access log, per route group: the group is the first path segment
 * after /api (true of the manifest by convention); the routes outside that convention are
 * mapped back to their group here, from the manifest itself: by their first segment when it
 * names no group, by their first two segments when it names another group
 * (`/api/canvas/history` belongs to canvas-history, not canvas).
 */
export function routeGroupQuery(): string[] {
  const groups = new Set(Object.keys(routeManifest));
  const bySegment = new Map<string, string>();
  const byPair = new Map<string, string>();
  for (const [group, definition] of Object.entries(routeManifest)) {
    for (const route of definition.routes) {
      const [, segment, sub] = /^\/api\/([^/]+)(?:\/([^/{]+))?/.exec(route.path) ?? [];
      if (!segment || segment === group) continue;
      if (!groups.has(segment)) bySegment.set(segment, group);
      else if (sub) byPair.set(`${segment}/${sub}`, group);
    }
  }
  const pairs = [...byPair].reduce((expression, [pair, group]) => `replace(${expression}, "${pair}", "${group}/")`, 'pair');
  const segments = [...bySegment].reduce((expression, [segment, group]) => `replace(${expression}, "${segment}", "${group}")`, 'area2');
  return [
    'parse route /^\\S+ \\/api\\/(?<area>[^\\/ ?]+)(\\/(?<sub>[^\\/ ?]+))?/',
    'fields concat(area, "/", sub) as pair',
    `fields ${pairs} as mappedPair`,
    'parse mappedPair /^(?<area2>[^\\/]+)/',
    `fields ${segments} as group, status like /^4/ as is4xx, status like /^5/ as is5xx`,
    'stats count(*) as requests, sum(is4xx) as c4xx, sum(is5xx) as c5xx, pct(latencyMs, 50) as p50ms, pct(latencyMs, 99) as p99ms by group',
    'sort requests desc',
  ];
}

/**
 * Alarms (every one notifies the alarm topic) and the operations dashboard. Last of the
 * stacks: it reads the API, the functions, the table and the mail set-up; dead-letter
 * queues carry their own alarms (infra/constructs/dead-letter-queue.ts).
 */
export class MonitoringStack extends Stack {
  readonly dashboard: cloudwatch.Dashboard;
  readonly alarms: cloudwatch.Alarm[] = [];
  private readonly alarmAction: actions.SnsAction;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.alarmAction = new actions.SnsAction(props.alarmTopic);
    const { httpApi, table } = props;

    // API: share of 5xx answers.
    const requests = httpApi.metricCount({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM });
    const serverErrors = httpApi.metricServerError({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM });
    this.alarm('Api5xxRate', {
      alarmDescription: `More than ${alarmThresholds.api5xxPercent} % of API requests answered 5xx in 5 minutes (2 of 3 periods). The access log and the group functions' logs say which route.`,
      metric: new cloudwatch.MathExpression({
        expression: `IF(requests >= ${alarmThresholds.api5xxMinRequests}, 100 * errors / requests, 0)`,
        usingMetrics: { requests, errors: serverErrors },
        period: fiveMinutes,
        label: '5xx %',
      }),
      threshold: alarmThresholds.api5xxPercent,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    // Lambda: errors and throttles of every route group's function.
    for (const [group, fn] of props.routeFunctions) {
      this.alarm(`LambdaErrors-${group}`, {
        alarmDescription: `The ${group} function failed (an uncaught error or a timeout, not a 4xx/5xx answer).`,
        metric: fn.function.metricErrors({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
      this.alarm(`LambdaThrottles-${group}`, {
        alarmDescription: `Invocations of the ${group} function were throttled (account concurrency used up).`,
        metric: fn.function.metricThrottles({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
    }

    // Handled 5xx answers per route group (functions/http/http.ts counts them): a count, not a share,
    // so a single failure at low traffic is seen.
    for (const group of props.routeFunctions.keys()) {
      this.alarm(`ServerErrors-${group}`, {
        alarmDescription: `The ${group} API answered 5xx (a handled server error: the function caught it and answered "internal error"). Its log lines at level error say why.`,
        metric: stageMetric(props.stage, {
          metricName: businessMetrics.serverErrors,
          dimensionsMap: { [serverErrorGroupDimension]: group },
          period: fiveMinutes,
          statistic: cloudwatch.Stats.SUM,
        }),
        threshold: alarmThresholds.serverErrors,
      });
    }

    // Latency p95: the whole API and each route group's function.
    this.alarm('ApiLatencyP95', {
      alarmDescription: `The API's p95 latency was above ${alarmThresholds.latencyP95Ms} ms in 2 of 3 five-minute periods. The dashboard's per-group table shows which route group; look at its DynamoDB latency and its logs.`,
      metric: httpApi.metricLatency({ period: fiveMinutes, statistic: cloudwatch.Stats.p(95) }),
      threshold: alarmThresholds.latencyP95Ms,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });
    for (const [group, fn] of props.routeFunctions) {
      this.alarm(`LatencyP95-${group}`, {
        alarmDescription: `The ${group} function's p95 duration was above ${alarmThresholds.latencyP95Ms} ms in 2 of 3 five-minute periods. Its traces (X-Ray) show which call is slow.`,
        metric: fn.function.metricDuration({ period: fiveMinutes, statistic: cloudwatch.Stats.p(95) }),
        threshold: alarmThresholds.latencyP95Ms,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
      });
    }

    // Throttled requests: every 429 in the access log, API Gateway's own and the app's limits,
    // by the stage the access log names (a filter with dimensions takes no default value).
    const stageOfLine = { [stageDimension]: `$.${accessLogStageField}` };
    new logs.MetricFilter(this, 'ThrottledRequestsFilter', {
      logGroup: props.accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: metricsNamespace,
      metricName: throttledRequestsMetric,
      metricValue: '1',
      dimensions: stageOfLine,
    });
    this.alarm('ApiThrottledRequests', {
      alarmDescription: `At least ${alarmThresholds.throttledRequests} requests were answered 429 in 5 minutes (the API stage's rate limit or the app's sign-in and mail limits). The access log shows the routes and addresses; a flood from a few addresses is an attack (WAF), many addresses means the limits are too low.`,
      metric: stageMetric(props.stage, { metricName: throttledRequestsMetric, period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
      threshold: alarmThresholds.throttledRequests,
    });

    // The same 429s by route key: the routes with throttles of their own alarm at their first one
    // (a burst of plan books or sign-ins reached the share of concurrency the plan gives them).
    new logs.MetricFilter(this, 'ThrottledRequestsByRouteFilter', {
      logGroup: props.accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: metricsNamespace,
      metricName: throttledRequestsByRouteMetric,
      metricValue: '1',
      dimensions: { Route: '$.route', ...stageOfLine },
    });
    for (const [routeKey, throttle] of Object.entries(routeThrottles)) {
      this.alarm(`RouteThrottled-${routeKey.replace(/[^A-Za-z0-9]+/g, '-').replace(/-+$/, '')}`, {
        alarmDescription: `${routeKey} answered 429: its own throttle (${throttle.rateLimit}/s, burst ${throttle.burstLimit}; infra/api-limits.ts routeThrottles) or the app's limits. The access log shows the addresses: one address is a flood (WAF's per-address rule should catch it), many mean the route's share of Lambda concurrency is too small (docs/capacity.md).`,
        metric: stageMetric(props.stage, {
          metricName: throttledRequestsByRouteMetric,
          dimensionsMap: { Route: routeKey },
          period: fiveMinutes,
          statistic: cloudwatch.Stats.SUM,
        }),
        threshold: alarmThresholds.routeThrottledRequests,
      });
    }

    // Lambda: the account's concurrency near its quota (the first limit a new account meets, docs/capacity.md).
    this.alarm('LambdaConcurrencyNearQuota', {
      alarmDescription: `Concurrent Lambda executions of the account reached ${alarmThresholds.lambdaConcurrencyShare * 100} % of its quota (${props.lambdaConcurrencyQuota}, setting lambdaConcurrencyQuota): past it every function is throttled (API 500s, late live changes). Ask for a higher quota in Service Quotas (docs/capacity.md) and raise the setting with it.`,
      metric: new cloudwatch.Metric({
        namespace: 'AWS/Lambda',
        metricName: 'ConcurrentExecutions',
        period: Duration.minutes(1),
        statistic: cloudwatch.Stats.MAXIMUM,
      }),
      threshold: Math.floor(props.lambdaConcurrencyQuota * alarmThresholds.lambdaConcurrencyShare),
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
    });

    // Live channel: the socket handler and the stream sender.
    const live = [{ name: 'LiveHandler', fn: props.liveHandler, what: 'live channel handler' }];
    if (props.liveSender) live.push({ name: 'LiveSender', fn: props.liveSender, what: 'live sender' });
    for (const { name, fn, what } of live) {
      this.alarm(`${name}Errors`, {
        alarmDescription: `The ${what} failed (an uncaught error or a timeout). Its log says which; the sender retries a batch twice, then its dead-letter queue gets it.`,
        metric: fn.function.metricErrors({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
      this.alarm(`${name}Throttles`, {
        alarmDescription: `Invocations of the ${what} were throttled (account concurrency used up): live changes arrive late or sockets are refused.`,
        metric: fn.function.metricThrottles({ period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
    }
    if (props.liveSender) {
      this.alarm('LiveSenderIteratorAge', {
        alarmDescription: `The live sender is behind the journal stream by ${alarmThresholds.senderIteratorAgeMs / 1000} s or more: other browsers see changes late (records older than 5 minutes are dropped to the dead-letter queue). Look at its errors, duration and throttles.`,
        metric: props.liveSender.function.metric('IteratorAge', { period: fiveMinutes, statistic: cloudwatch.Stats.MAXIMUM }),
        threshold: alarmThresholds.senderIteratorAgeMs,
      });
    }

    // Jobs: a failed run; a daily job that did not run for a day.
    for (const job of props.jobs) {
      this.alarm(`JobFailed-${job.name}`, {
        alarmDescription: `The ${job.name} job failed. Its failed events end up in its dead-letter queue after Lambda's retries.`,
        metric: job.fn.function.metricErrors({ period: Duration.hours(1), statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
      this.alarm(`JobThrottled-${job.name}`, {
        alarmDescription: `Invocations of the ${job.name} job were throttled.`,
        metric: job.fn.function.metricThrottles({ period: Duration.hours(1), statistic: cloudwatch.Stats.SUM }),
        threshold: 1,
      });
      if (job.scheduledDaily) {
        this.alarm(`JobDidNotRun-${job.name}`, {
          alarmDescription: `The daily ${job.name} job has not run for 24 hours: check its schedule and the schedule's dead-letter queue.`,
          metric: job.fn.function.metricInvocations({ period: Duration.days(1), statistic: cloudwatch.Stats.SUM }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.BREACHING,
        });
      }
      if (job.scheduledHourly) {
        this.alarm(`JobDidNotRun-${job.name}`, {
          alarmDescription: `The hourly ${job.name} job has not run for 2 hours: check its schedule (EventBridge Scheduler) and the schedule's dead-letter queue.`,
          metric: job.fn.function.metricInvocations({ period: Duration.hours(2), statistic: cloudwatch.Stats.SUM }),
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.BREACHING,
        });
      }
      const timeout = job.fn.function.timeout;
      if (job.scheduledHourly && timeout) {
        this.alarm(`JobNearTimeout-${job.name}`, {
          alarmDescription: `A run of the ${job.name} job took more than ${alarmThresholds.jobDurationShareOfTimeout * 100} % of its ${timeout.toMinutes()}-minute timeout: it will soon be cut off mid-run. Its log says how many it handled; raise the timeout or split the work.`,
          metric: job.fn.function.metricDuration({ period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM }),
          threshold: timeout.toMilliseconds() * alarmThresholds.jobDurationShareOfTimeout,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        });
      }
    }

    // DynamoDB: throttles (table and indexes) and system errors.
    const indexNames = tableDefinition.globalSecondaryIndexes.map((index) => index.indexName);
    const throttleEvents = (metricName: 'ReadThrottleEvents' | 'WriteThrottleEvents') => {
      // Ids unique per expression: both may share one graph.
      const prefix = metricName === 'ReadThrottleEvents' ? 'read' : 'write';
      return new cloudwatch.MathExpression({
        expression: [`${prefix}Table`, ...indexNames.map((_, i) => `${prefix}Index${i}`)].join(' + '),
        usingMetrics: {
          [`${prefix}Table`]: table.metric(metricName, { period: fiveMinutes, statistic: cloudwatch.Stats.SUM }),
          ...Object.fromEntries(
            indexNames.map((indexName, i) => [
              `${prefix}Index${i}`,
              new cloudwatch.Metric({
                namespace: 'AWS/DynamoDB',
                metricName,
                dimensionsMap: { TableName: table.tableName, GlobalSecondaryIndexName: indexName },
                period: fiveMinutes,
                statistic: cloudwatch.Stats.SUM,
              }),
            ]),
          ),
        },
        period: fiveMinutes,
        label: metricName,
      });
    };
    this.alarm('DynamoReadThrottles', {
      alarmDescription: 'DynamoDB throttled reads of the table or an index (on-demand: a hot partition or a sudden burst beyond twice the previous peak).',
      metric: throttleEvents('ReadThrottleEvents'),
      threshold: 1,
    });
    this.alarm('DynamoWriteThrottles', {
      alarmDescription: 'DynamoDB throttled writes of the table or an index.',
      metric: throttleEvents('WriteThrottleEvents'),
      threshold: 1,
    });
    const systemErrors = table.metricSystemErrorsForOperations({ operations: tableOperations, period: fiveMinutes });
    this.alarm('DynamoSystemErrors', {
      alarmDescription: 'DynamoDB answered with internal errors (HTTP 500): check the AWS Health Dashboard.',
      metric: systemErrors,
      threshold: 1,
    });

    // SES reputation (account-wide: what AWS itself watches).
    const sesRate = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    this.alarm('SesBounceRate', {
      alarmDescription:
        'SES bounce rate at 5 %: AWS reviews the account at this rate and may pause sending. Bounced addresses go onto the suppression list; look for a bad import or an old address list.',
      metric: sesRate('Reputation.BounceRate'),
      threshold: alarmThresholds.sesBounceRate,
    });
    this.alarm('SesSendQuota', {
      alarmDescription: `SES sent ${alarmThresholds.sesQuotaShare * 100} % of the account's daily quota (${props.sesDailyQuota}, setting sesDailyQuota) in a day: beyond it SES refuses mail (sign-up, resets, invitations, digests). Raise the quota in Service Quotas and the setting with it.`,
      metric: new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: 'Send', period: Duration.days(1), statistic: cloudwatch.Stats.SUM }),
      threshold: Math.ceil(props.sesDailyQuota * alarmThresholds.sesQuotaShare),
    });
    this.alarm('SesComplaintRate', {
      alarmDescription: 'SES complaint rate at 0.1 %: AWS reviews the account at this rate. Look at which mails recipients mark as spam.',
      metric: sesRate('Reputation.ComplaintRate'),
      threshold: alarmThresholds.sesComplaintRate,
    });

    this.dashboard = this.buildDashboard(props, requests, systemErrors, throttleEvents);
  }

  /** An alarm on the topic; by default "at or above the threshold in one period", missing data is fine. */
  private alarm(id: string, props: Omit<cloudwatch.AlarmProps, 'evaluationPeriods'> & { evaluationPeriods?: number }): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      evaluationPeriods: 1,
      ...props,
    });
    alarm.addAlarmAction(this.alarmAction);
    this.alarms.push(alarm);
    return alarm;
  }

  private buildDashboard(
    props: MonitoringStackProps,
    requests: cloudwatch.IMetric,
    systemErrors: cloudwatch.IMetric,
    throttleEvents: (name: 'ReadThrottleEvents' | 'WriteThrottleEvents') => cloudwatch.IMetric,
  ): cloudwatch.Dashboard {
    const { httpApi, table } = props;
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.hours(24),
      periodOverride: cloudwatch.PeriodOverride.AUTO,
    });
    const functions = [...props.routeFunctions].map(([group, fn]) => ({ label: group, fn }));
    const perFunction = (metric: (fn: AppFunction) => cloudwatch.IMetric) =>
      functions.map(({ label, fn }) => (metric(fn) as cloudwatch.Metric).with({ label }));
    const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...extra });
    const business = (metricName: string, label: string) =>
      stageMetric(props.stage, { metricName, statistic: cloudwatch.Stats.SUM, period: Duration.hours(1), label });

    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown:
          "# Family Canvas\nAPI, functions (one per route group), table, mail, and the product's own metrics (namespace `FamilyCanvas`). Alarms notify the alarm topic.",
        width: 24,
        height: 2,
      }),
    );

    // API (whole) and per route group.
    dashboard.addWidgets(
      graph('API requests, 4xx, 5xx', [
        (requests as cloudwatch.Metric).with({ label: 'requests' }),
        httpApi.metricClientError({ statistic: cloudwatch.Stats.SUM, label: '4xx' }),
        httpApi.metricServerError({ statistic: cloudwatch.Stats.SUM, label: '5xx' }),
      ]),
      graph('API latency p50 / p99 (ms)', [
        httpApi.metricLatency({ statistic: cloudwatch.Stats.p(50), label: 'p50' }),
        httpApi.metricLatency({ statistic: cloudwatch.Stats.p(99), label: 'p99' }),
      ]),
      new cloudwatch.LogQueryWidget({
        title: 'Per route group: requests, 4xx, 5xx, latency p50 / p99 (access log)',
        logGroupNames: [props.accessLogs.logGroupName],
        queryLines: routeGroupQuery(),
        view: cloudwatch.LogQueryVisualizationType.TABLE,
        width: 8,
        height: 6,
      }),
    );
    dashboard.addWidgets(
      graph(
        'Requests per route group (invocations)',
        perFunction((fn) => fn.function.metricInvocations({ statistic: cloudwatch.Stats.SUM })),
      ),
      graph(
        'Duration p50 per route group (ms)',
        perFunction((fn) => fn.function.metricDuration({ statistic: cloudwatch.Stats.p(50) })),
      ),
      graph(
        'Duration p99 per route group (ms)',
        perFunction((fn) => fn.function.metricDuration({ statistic: cloudwatch.Stats.p(99) })),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Lambda errors per function',
        perFunction((fn) => fn.function.metricErrors({ statistic: cloudwatch.Stats.SUM })),
      ),
      graph(
        'Lambda throttles per function',
        perFunction((fn) => fn.function.metricThrottles({ statistic: cloudwatch.Stats.SUM })),
      ),
      graph(
        'Lambda concurrency (max)',
        perFunction((fn) => fn.function.metric('ConcurrentExecutions', { statistic: cloudwatch.Stats.MAXIMUM })),
      ),
    );
    dashboard.addWidgets(
      graph(
        'Jobs: invocations, errors, duration',
        props.jobs.flatMap(({ name, fn }) => [
          fn.function.metricInvocations({ statistic: cloudwatch.Stats.SUM, label: `${name} runs` }),
          fn.function.metricErrors({ statistic: cloudwatch.Stats.SUM, label: `${name} errors` }),
        ]),
        { right: props.jobs.map(({ name, fn }) => fn.function.metricDuration({ statistic: cloudwatch.Stats.MAXIMUM, label: `${name} duration max` })) },
      ),
      graph(
        'Dead-letter queues: messages',
        props.deadLetterQueues.map((dlq) => dlq.queue.metricApproximateNumberOfMessagesVisible({ statistic: cloudwatch.Stats.MAXIMUM, label: dlq.node.id })),
      ),
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: [...this.alarms, ...props.deadLetterQueues.map((dlq) => dlq.alarm)], width: 8, height: 6 }),
    );

    // DynamoDB.
    dashboard.addWidgets(
      graph('DynamoDB consumed capacity', [
        table.metricConsumedReadCapacityUnits({ statistic: cloudwatch.Stats.SUM, label: 'read units' }),
        table.metricConsumedWriteCapacityUnits({ statistic: cloudwatch.Stats.SUM, label: 'write units' }),
      ]),
      graph('DynamoDB throttles and errors', [
        throttleEvents('ReadThrottleEvents'),
        throttleEvents('WriteThrottleEvents'),
        (systemErrors as cloudwatch.MathExpression).with({ label: 'system errors' }),
        table.metricUserErrors({ statistic: cloudwatch.Stats.SUM, label: 'user errors (account)' }),
      ]),
      graph('DynamoDB latency (ms, avg)', [
        table.metricSuccessfulRequestLatency({ dimensionsMap: { TableName: table.tableName, Operation: 'Query' }, label: 'Query' }),
        table.metricSuccessfulRequestLatency({ dimensionsMap: { TableName: table.tableName, Operation: 'GetItem' }, label: 'GetItem' }),
        table.metricSuccessfulRequestLatency({ dimensionsMap: { TableName: table.tableName, Operation: 'TransactWriteItems' }, label: 'TransactWriteItems' }),
      ]),
    );

    // SES.
    const ses = (metricName: string, label: string, statistic: string = cloudwatch.Stats.SUM) =>
      new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic, label });
    dashboard.addWidgets(
      graph('SES sends, deliveries, bounces, complaints', [
        ses('Send', 'sends'),
        ses('Delivery', 'deliveries'),
        ses('Bounce', 'bounces'),
        ses('Complaint', 'complaints'),
      ]),
      graph(
        'SES reputation',
        [ses('Reputation.BounceRate', 'bounce rate', cloudwatch.Stats.MAXIMUM), ses('Reputation.ComplaintRate', 'complaint rate', cloudwatch.Stats.MAXIMUM)],
        {
          leftAnnotations: [
            { value: alarmThresholds.sesBounceRate, label: 'bounce alarm' },
            { value: alarmThresholds.sesComplaintRate, label: 'complaint alarm' },
          ],
        },
      ),
      graph('E-mails not sent', [
        business(businessMetrics.emailsSuppressed, 'suppressed recipients'),
        business(businessMetrics.emailsRefusedByLimits, 'refused by limits'),
      ]),
    );

    // The product's own metrics (emitted by the functions under shared/metrics.ts's names).
    dashboard.addWidgets(
      new cloudwatch.TextWidget({
        markdown: `## Product (namespace \`${metricsNamespace}\`, ${stageDimension} \`${props.stage}\`)\nThis stage's counts only (names in shared/metrics.ts).`,
        width: 24,
        height: 1,
      }),
    );
    dashboard.addWidgets(
      graph('Sign-ins', [business(businessMetrics.signIns, 'sign-ins'), business(businessMetrics.signInFailures, 'failures')]),
      graph('Invitations, digests, plan books', [
        business(businessMetrics.invitationsSent, 'invitations sent'),
        business(businessMetrics.digestMails, 'digest mails'),
        business(businessMetrics.planBooks, 'plan books'),
      ]),
      graph('Canvas writes by kind, reverts', [
        stageSearch(props.stage, businessMetrics.canvasWrites, canvasWriteKindDimension, { statistic: 'Sum', period: Duration.hours(1), label: 'writes' }),
        business(businessMetrics.reverts, 'reverts'),
      ]),
    );
    dashboard.addWidgets(
      graph('WebSocket', [business(businessMetrics.webSocketConnections, 'connections'), business(businessMetrics.webSocketMessages, 'messages')]),
      graph(
        'Handled 5xx answers per route group',
        [...props.routeFunctions.keys()].map((group) =>
          stageMetric(props.stage, {
            metricName: businessMetrics.serverErrors,
            dimensionsMap: { [serverErrorGroupDimension]: group },
            statistic: cloudwatch.Stats.SUM,
            period: fiveMinutes,
            label: group,
          }),
        ),
      ),
    );
    return dashboard;
  }
}
