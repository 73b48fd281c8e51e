import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

export type AlertsStackProps = StackProps & {
  /** Where alarm notifications go; none when undefined (subscribe later in the console or by redeploying with `-c alarmEmail=…`). */
  alarmEmail: string | undefined;
};

/**
 * The one topic every alarm notifies. A stack of its own, deployed first: every other stack
 * may send alarms to it (dead-letter queues sit next to what they catch), while the
 * monitoring stack, which reads every other stack's resources, comes last.
 */
export class AlertsStack extends Stack {
  readonly alarmTopic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlertsStackProps) {
    super(scope, id, props);

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Family Canvas alarms',
      enforceSSL: true,
    });
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names, metrics and thresholds, no personal data. CloudWatch cannot publish to a topic encrypted with the AWS managed SNS key, and a customer managed key for this alone would add a monthly cost and a key policy to keep.',
    });
    if (props.alarmEmail) this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarmTopic.topicArn });
  }
}
