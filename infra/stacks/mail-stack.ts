import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as eventTargets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as ses from 'aws-cdk-lib/aws-ses';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { DeadLetterQueue } from '../constructs/dead-letter-queue';
import { grantTableAccess } from '../constructs/table-access';
import { serverSecretEnvironment, sesEventsEntry } from '../lambda-bundles';

export type MailStackProps = StackProps & {
  /** A domain (DKIM records to publish are output) or a single e-mail address. */
  mailIdentity: string;
  table: dynamodb.ITable;
  /** The variables functions/lib/config.ts reads (the SES events job shares the handlers' modules). */
  environment: Record<string, string>;
  /** The server secret: the job gets its ARN only if its code signs with it (infra/lambda-bundles.ts serverSecretEnvironment). */
  serverSecretArn: string;
  alarmTopic: sns.ITopic;
};

/** What SES puts on the default EventBridge bus for the events the job handles. */
export const sesEventDetailTypes = ['Email Bounced', 'Email Complaint Received'];

/**
 * The SES identity every e-mail is sent from, and what happens after sending: every mail
 * goes through one configuration set (MAIL_CONFIGURATION_SET) that publishes bounces and
 * complaints to EventBridge; a small job puts those recipients on the table's suppression
 * list, which the mailer checks before every send (functions/domain/mail/mailer.ts). The
 * configuration set also keeps reputation metrics, which the bounce- and complaint-rate
 * alarms read (infra/stacks/monitoring-stack.ts).
 *
 * The stack does not touch DNS: for a domain it outputs the three DKIM CNAME records to
 * publish. A new SES account is in the sandbox and may only send to verified addresses
 * until production access is granted.
 */
export class MailStack extends Stack {
  readonly identity: ses.EmailIdentity;
  readonly configurationSet: ses.ConfigurationSet;
  readonly sesEvents: AppFunction;
  readonly deadLetterQueues: DeadLetterQueue[];

  constructor(scope: Construct, id: string, props: MailStackProps) {
    super(scope, id, props);
    const isAddress = props.mailIdentity.includes('@');

    this.configurationSet = new ses.ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      // SES's own account-level list too: a second guard should our list miss an address.
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new ses.EmailIdentity(this, 'Identity', {
      identity: isAddress ? ses.Identity.email(props.mailIdentity) : ses.Identity.domain(props.mailIdentity),
      configurationSet: this.configurationSet,
    });

    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.eventBus(events.EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    this.sesEvents = new AppFunction(this, 'SesEvents', {
      entry: sesEventsEntry,
      description: 'Family Canvas job: bounced and complaining recipients onto the suppression list',
      environment: { ...props.environment, ...serverSecretEnvironment(sesEventsEntry, props.serverSecretArn) },
      timeout: Duration.seconds(30),
    });
    grantTableAccess(this.sesEvents.function, props.table, 'suppression');

    // EventBridge invokes the job asynchronously: undeliverable events go to the rule's
    // queue, events the job failed on (after Lambda's retries) to the function's.
    const ruleDlq = new DeadLetterQueue(this, 'SesEventsRuleDlq', { purpose: 'SES events rule (undeliverable events)', alarmTopic: props.alarmTopic });
    const failedDlq = new DeadLetterQueue(this, 'SesEventsFailuresDlq', {
      purpose: 'SES events job (events that failed after retries)',
      alarmTopic: props.alarmTopic,
    });
    this.deadLetterQueues = [ruleDlq, failedDlq];
    this.sesEvents.alias.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new destinations.SqsDestination(failedDlq.queue),
    });
    new events.Rule(this, 'SesEventsRule', {
      description: 'Bounces and complaints of Family Canvas mail to the suppression job',
      eventPattern: {
        source: ['aws.ses'],
        detailType: sesEventDetailTypes,
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [
        new eventTargets.LambdaFunction(this.sesEvents.alias, {
          deadLetterQueue: ruleDlq.queue,
          retryAttempts: 8,
          maxEventAge: Duration.hours(6),
        }),
      ],
    });

    if (!isAddress) {
      this.identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          description: `DKIM CNAME ${index + 1} to publish for ${props.mailIdentity}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }
    new CfnOutput(this, 'ConfigurationSetName', { value: this.configurationSet.configurationSetName });
  }
}
