import { Duration, Stack, TimeZone, Validations, type CfnResource, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { grantTableAccess } from '../constructs/table-access';
import { cleanupEntry, serverSecretEnvironment } from '../lambda-bundles';

export type JobsStackProps = StackProps & {
  table: dynamodb.ITable;
  /** The variables functions/lib/config.ts reads (the job shares the handlers' modules). */
  environment: Record<string, string>;
  /** The server secret: only a job whose code signs with it gets its ARN (infra/lambda-bundles.ts serverSecretEnvironment). */
  serverSecretArn: string;
  /** Alarms of the dead-letter queues go here. */
  alarmTopic: sns.ITopic;
  /** The digest sends mail: from this identity, through this configuration set (bounces feed the suppression list). */
  mailIdentity: ses.IEmailIdentity;
  mailConfigurationSet: ses.IConfigurationSet;
};

/** Handler of the hourly digest dispatch. */
export const digestEntry = 'functions/jobs/digest/handler.ts';
/** Handler of the hourly access-expiry run (time-boxed advisor access). */
export const accessExpiryEntry = 'functions/jobs/access-expiry/handler.ts';
/** Handler of the hourly repair of the dashboard cards the stream left behind. */
export const cardsEntry = 'functions/jobs/cards/handler.ts';
/** The scheduled jobs by name (the release hook dry-runs each: infra/local/release-invoker.ts runs them locally). */
export const scheduledJobEntries = { cleanup: cleanupEntry, digest: digestEntry, 'access-expiry': accessExpiryEntry, cards: cardsEntry } as const;

/**
 * Scheduled work: once a day, remove expired invitations and tokens that DynamoDB's TTL
 * has not deleted yet (TTL deletion can lag by days; reads check expiresAt meanwhile).
 */
export class JobsStack extends Stack {
  readonly cleanup: AppFunction;
  readonly cleanupSchedule: scheduler.Schedule;
  readonly digest: AppFunction;
  readonly digestSchedule: scheduler.Schedule;
  readonly accessExpiry: AppFunction;
  readonly accessExpirySchedule: scheduler.Schedule;
  readonly cards: AppFunction;
  readonly cardsSchedule: scheduler.Schedule;
  /** Every dead-letter queue of the stack (the monitoring dashboard shows them). */
  readonly deadLetterQueues: DeadLetterQueue[];

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    this.cleanup = new AppFunction(this, 'Cleanup', {
      entry: cleanupEntry,
      description: 'Family Canvas job: cleanup of expired items',
      environment: { ...props.environment, ...serverSecretEnvironment(cleanupEntry, props.serverSecretArn) },
      timeout: Duration.minutes(5),
    });
    grantTableAccess(this.cleanup.function, props.table, 'cleanup');

    // Our own role, so the acknowledgements sit on exactly the role they are about.
    const schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
      description: 'EventBridge Scheduler: invokes the scheduled jobs (cleanup, digest, access expiry, cards)',
    });
    this.deadLetterQueues = [];
    this.cleanupSchedule = this.schedule(this.cleanup, {
      id: 'Cleanup',
      scheduleId: 'DailyCleanup',
      name: 'cleanup',
      description: 'Runs the cleanup job every night',
      // Night time for European families, when the table is quiet.
      cron: scheduler.ScheduleExpression.cron({ minute: '30', hour: '3', timeZone: TimeZone.EUROPE_BERLIN }),
      maxEventAge: Duration.hours(2),
      role: schedulerRole,
      alarmTopic: props.alarmTopic,
    });

    // The e-mail digest: every hour, the users whose digest is due that hour (07:00 in their
    // time zone) from the dispatch index. A run is idempotent per user and period, so the
    // scheduler's and Lambda's retries are safe; what keeps failing lands in a DLQ.
    this.digest = new AppFunction(this, 'Digest', {
      entry: digestEntry,
      description: 'Family Canvas job: hourly e-mail digest dispatch',
      environment: {
        ...props.environment,
        ...serverSecretEnvironment(digestEntry, props.serverSecretArn),
        MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
      },
      timeout: Duration.minutes(10),
    });
    grantTableAccess(this.digest.function, props.table, 'digest');
    this.grantMail(this.digest, props);
    this.digestSchedule = this.schedule(this.digest, {
      id: 'Digest',
      scheduleId: 'HourlyDigest',
      name: 'digest',
      description: 'Dispatches the e-mail digests due this hour',
      cron: scheduler.ScheduleExpression.cron({ minute: '5', hour: '*', timeZone: TimeZone.ETC_UTC }),
      maxEventAge: Duration.hours(1),
      role: schedulerRole,
      alarmTopic: props.alarmTopic,
    });

    // Time-boxed advisor access: every hour (UTC, where the end dates are measured), end the
    // relations whose last day is over and warn companies 7 days before. Idempotent per
    // relation and end date, so retries are safe; what keeps failing lands in a DLQ. It
    // needs no WebSocket rights: its history event makes the live sender close the sockets.
    this.accessExpiry = new AppFunction(this, 'AccessExpiry', {
      entry: accessExpiryEntry,
      description: 'Family Canvas job: hourly end of time-boxed advisor access',
      environment: {
        ...props.environment,
        ...serverSecretEnvironment(accessExpiryEntry, props.serverSecretArn),
        MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
      },
      timeout: Duration.minutes(5),
    });
    grantTableAccess(this.accessExpiry.function, props.table, 'accessExpiry');
    this.grantMail(this.accessExpiry, props);
    this.accessExpirySchedule = this.schedule(this.accessExpiry, {
      id: 'AccessExpiry',
      scheduleId: 'HourlyAccessExpiry',
      name: 'access-expiry',
      description: 'Ends work relations whose access end date is over; warns 7 days before',
      cron: scheduler.ScheduleExpression.cron({ minute: '2', hour: '*', timeZone: TimeZone.ETC_UTC }),
      maxEventAge: Duration.hours(1),
      role: schedulerRole,
      alarmTopic: props.alarmTopic,
    });

    // The dashboard cards: every hour, the cards the journal's stream left behind (a batch in
    // the sender's dead-letter queue, a restore without the stream) rebuilt
    // (functions/domain/canvas/repair-summaries.ts). Idempotent: a card is written only when it differs.
    this.cards = new AppFunction(this, 'Cards', {
      entry: cardsEntry,
      description: 'Family Canvas job: hourly repair of stale dashboard cards',
      environment: props.environment,
      timeout: Duration.minutes(10),
    });
    grantTableAccess(this.cards.function, props.table, 'cards');
    this.cardsSchedule = this.schedule(this.cards, {
      id: 'Cards',
      scheduleId: 'HourlyCards',
      name: 'cards',
      description: 'Rebuilds the dashboard cards the stream left behind',
      cron: scheduler.ScheduleExpression.cron({ minute: '20', hour: '*', timeZone: TimeZone.ETC_UTC }),
      maxEventAge: Duration.hours(1),
      role: schedulerRole,
      alarmTopic: props.alarmTopic,
    });
  }

  /** Sending mail through the app's identity and configuration set. */
  private grantMail(job: AppFunction, props: JobsStackProps): void {
    props.mailIdentity.grant(job.function, 'ses:SendEmail');
    iam.Grant.addToPrincipal({
      grantee: job.function,
      actions: ['ses:SendEmail'],
      resourceArns: [this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: props.mailConfigurationSet.configurationSetName })],
    });
  }

  /**
   * A job on a schedule. The scheduler invokes it asynchronously; two ways that can fail,
   * two queues: the schedule cannot deliver (permissions, throttling) → the schedule's DLQ;
   * the job itself fails after Lambda's own retries → the function's on-failure destination.
   */
  private schedule(
    job: AppFunction,
    options: {
      id: string;
      scheduleId: string;
      name: string;
      description: string;
      cron: scheduler.ScheduleExpression;
      maxEventAge: Duration;
      role: iam.Role;
      alarmTopic: JobsStackProps['alarmTopic'];
    },
  ): scheduler.Schedule {
    const scheduleDlq = new DeadLetterQueue(this, `${options.id}ScheduleDlq`, {
      purpose: `${options.name} schedule (undeliverable invocations)`,
      alarmTopic: options.alarmTopic,
    });
    const failedRunsDlq = new DeadLetterQueue(this, `${options.id}FailuresDlq`, {
      purpose: `${options.name} job (runs that failed after retries)`,
      alarmTopic: options.alarmTopic,
    });
    this.deadLetterQueues.push(scheduleDlq, failedRunsDlq);
    // A release of a scheduled job is tried with a dry run first (infra/constructs/release-hook.ts).
    job.releaseProbe = { kind: 'dry-run', job: options.name };
    job.alias.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: options.maxEventAge, onFailure: new destinations.SqsDestination(failedRunsDlq.queue) });
    const schedule = new scheduler.Schedule(this, options.scheduleId, {
      description: options.description,
      schedule: options.cron,
      // The schedule invokes the `live` alias, which a release shifts (infra/constructs/app-function.ts).
      target: new targets.LambdaInvoke(job.alias, {
        role: options.role,
        retryAttempts: 2,
        maxEventAge: options.maxEventAge,
        deadLetterQueue: scheduleDlq.queue,
      }),
    });
    // Granting invoke gives lambda:InvokeFunction on the function and on `<arn>:*`.
    Validations.of(options.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(job.function.node.defaultChild as CfnResource)}.Arn>:*]`,
      reason: `The wildcard only covers versions and aliases of the ${options.name} function itself, which CDK grants with every Lambda invoke permission.`,
    });
    return schedule;
  }
}
