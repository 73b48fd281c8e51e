import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
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
      description: 'Family Canvas - AWS managed common rules, a rate limit per viewer address on /api/ and a tighter one on /api/auth/',
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
        // The API takes JSON bodies up to 64 KB (functions/lib/http.ts); the common set's
        // 8 KB body limit would block a long canvas entry, so that one rule only counts.
        managed(2, 'AWSManagedRulesCommonRuleSet', [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }]),
        managed(3, 'AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
