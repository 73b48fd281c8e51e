import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiBasePath } from '../../shared/routes';
import { perViewerAddressLimit } from '../api-limits';

/** Requests per client IP within 5 minutes to /api/auth/* before WAF answers 429 (sign-in, sign-up, salt). */
export const authRateLimitPer5Minutes = 300;

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/**
 * The optional AWS WAF web ACL in front of CloudFront (context `waf=true`). A CloudFront web
 * ACL must live in us-east-1, hence a stack of its own there. Rules: AWS's common rule set
 * and known bad inputs (managed, no upkeep), a per-viewer-address rate limit on all of /api
 * (infra/api-limits.ts perViewerAddressLimit: one client's flood gets 429 while everyone else is
 * served; the local gateway applies the same), and a tighter one on the sign-in routes, on top of
 * the per-e-mail sign-in throttle of the handlers.
 */
export type WafStackProps = StackProps & {
  /** Where the alarms of this stack notify (an e-mail subscription of its own topic: a CloudWatch alarm notifies a topic of its region only). */
  alarmEmail?: string;
};

/** The web ACL's metric name: CloudWatch's WebACL dimension of its metrics (AWS/WAFV2, us-east-1). */
export const webAclMetricName = 'FamilyCanvasWebAcl';

/** Requests one rule blocked in 5 minutes before its alarm fires: a few viewers flooding, not one slip. */
export const wafBlockedAlarmThreshold = 100;

export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: WafStackProps) {
    super(scope, id, props);

    const managed = (priority: number, name: string, ruleActionOverrides?: wafv2.CfnWebACL.RuleActionOverrideProperty[]): wafv2.CfnWebACL.RuleProperty => ({
      name: `AWS-${name}`,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name, ...(ruleActionOverrides ? { ruleActionOverrides } : {}) } },
      visibilityConfig: visibility(`AWS-${name}`),
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Family Canvas - AWS managed common rules, a rate limit per viewer address on /api/ and a tighter one on /api/auth/',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(webAclMetricName),
      rules: [
        {
          name: 'AuthRateLimit',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: authRateLimitPer5Minutes,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: `${apiBasePath}/auth/`,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('AuthRateLimit'),
        },
        {
          name: 'ApiRateLimit',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429 } } },
          statement: {
            rateBasedStatement: {
              limit: perViewerAddressLimit.limit,
              evaluationWindowSec: perViewerAddressLimit.windowSeconds,
              // The viewer's address: WAF in front of CloudFront sees the client, not an edge.
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: `${apiBasePath}/`,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('ApiRateLimit'),
        },
        // The API takes JSON bodies up to 64 KB (functions/http/http.ts); the common set's
        // 8 KB body limit would block a long canvas entry, so that one rule only counts.
        managed(2, 'AWSManagedRulesCommonRuleSet', [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    // Blocked requests per rate rule: the per-client limits binding (docs/capacity.md). In us-east-1
    // with the web ACL's metrics, so on a topic of this region.
    const topic = new sns.Topic(this, 'WafAlarmTopic', { displayName: 'Family Canvas WAF alarms', enforceSSL: true });
    if (props.alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const action = new actions.SnsAction(topic);
    for (const rule of ['ApiRateLimit', 'AuthRateLimit']) {
      const alarm = new cloudwatch.Alarm(this, `WafBlocked-${rule}`, {
        alarmDescription: `WAF's ${rule} rule blocked ${wafBlockedAlarmThreshold} or more requests in 5 minutes (a viewer address past its limit, infra/api-limits.ts). WAF's sampled requests show the addresses: a few means a flood held off; many ordinary ones (an office behind one address) means the limit is too low for them (docs/capacity.md).`,
        metric: new cloudwatch.Metric({
          namespace: 'AWS/WAFV2',
          metricName: 'BlockedRequests',
          dimensionsMap: { WebACL: webAclMetricName, Rule: rule },
          period: Duration.minutes(5),
          statistic: cloudwatch.Stats.SUM,
        }),
        threshold: wafBlockedAlarmThreshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(action);
      this.alarms.push(alarm);
    }

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
