import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { apiBasePath } from '../../shared/routes';

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
 * and known bad inputs (managed, no upkeep), and a per-IP rate limit on the sign-in routes,
 * on top of the per-e-mail sign-in throttle of the handlers.
 */
export class WafStack extends Stack {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: StackProps) {
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
      description: 'Family Canvas - AWS managed common rules and a rate limit on /api/auth/',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('FamilyCanvasWebAcl'),
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
        // The API takes JSON bodies up to 64 KB (functions/lib/http.ts); the common set's
        // 8 KB body limit would block a long canvas entry, so that one rule only counts.
        managed(1, 'AWSManagedRulesCommonRuleSet', [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed(2, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
