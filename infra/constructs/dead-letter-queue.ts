import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export type DeadLetterQueueProps = {
  /** What the queue catches, for its description and alarm ("cleanup schedule", "SES events rule"). */
  purpose: string;
  /** The alarm topic: any message in the queue notifies it. */
  alarmTopic: sns.ITopic;
};

/**
 * A dead-letter queue for one asynchronous invocation (a schedule's target, an EventBridge
 * rule's target, a Lambda's failed asynchronous events, a stream consumer): encrypted, TLS
 * only, messages kept the SQS maximum of 14 days, and an alarm as soon as one message is in
 * it, because every message is work that did not happen. Reuse it for every new
 * asynchronous path, e.g. `new DeadLetterQueue(this, 'StreamDlq', { purpose, alarmTopic })`.
 */
export class DeadLetterQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: DeadLetterQueueProps) {
    super(scope, id);
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself a dead-letter queue (${props.purpose}); a dead-letter queue of a dead-letter queue would only move the same messages again. Its alarm fires on the first message.`,
    });

    this.alarm = new cloudwatch.Alarm(this, 'NotEmpty', {
      alarmDescription: `A message is in the dead-letter queue of the ${props.purpose}: that work did not happen. Read the message, fix the cause, redrive or delete it.`,
      metric: this.queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: cloudwatch.Stats.MAXIMUM }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.alarm.addAlarmAction(new actions.SnsAction(props.alarmTopic));
  }
}
