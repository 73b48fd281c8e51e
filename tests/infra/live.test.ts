import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, developmentContext, type FamilyCanvasStacks } from '../../infra/app-builder';
import { journalInsertFilterPattern } from '../../functions/domain/live/journal-stream';
import { liveChannel, routeManifest } from '../../shared/routes';
import { bundleUses } from '../../infra/lambda-bundles';
import { stageThrottle } from '../../infra/api-limits';
import { accountQuotas, busiestMinuteLive, busyPersonLiveMessagesPerSecond, limitSizing, plannedLiveThrottle } from '../../infra/traffic-plan';
import { heartbeatSeconds } from '../../shared/contracts/live';

/**
 * The live channel in the cloud: the WebSocket API (stage `ws`, three routes, one Lambda),
 * the stream sender filtered to new journal events with its dead-letter queue, the
 * CloudFront `/ws` behaviour, and grants no wider than needed; cdk-nag clean.
 */
let stacks: FamilyCanvasStacks;
let api: Template;
let web: Template;
let data: Template;

type Resource = { Type: string; Properties: Record<string, unknown> };

function nagFindings(stack: Stack): string[] {
  const report = new AwsSolutionsChecks(stack.node.root).validateScope(stack);
  return report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}: ${v.description}`));
}

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: { ...developmentContext, 'aws:cdk:bundling-stacks': [] } }));
  api = Template.fromStack(stacks.api);
  web = Template.fromStack(stacks.web);
  data = Template.fromStack(stacks.data);
});

describe('live channel', () => {
  it('the table streams new images', () => {
    data.hasResourceProperties('AWS::DynamoDB::Table', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
  });

  it('is a WebSocket API with stage ws and the three routes on one function', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: liveChannel.stage, AutoDeploy: true, AccessLogSettings: Match.anyValue() });
    const routes = Object.values(api.findResources('AWS::ApiGatewayV2::Route') as Record<string, Resource>)
      .map((route) => route.Properties.RouteKey)
      .filter((key) => typeof key === 'string' && key.startsWith('$'));
    expect(routes.sort()).toEqual([...liveChannel.routeKeys].sort());
    const integrations = Object.values(api.findResources('AWS::ApiGatewayV2::Integration') as Record<string, Resource>).filter(
      (integration) => integration.Properties.IntegrationType === 'AWS_PROXY' && JSON.stringify(integration.Properties.ApiId).includes('LiveApi'),
    );
    expect(integrations).toHaveLength(1);
  });

  it('feeds the sender from the stream, filtered to journal inserts, with retries and a dead-letter queue', () => {
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      StartingPosition: 'LATEST',
      ParallelizationFactor: 1,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 2,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify(journalInsertFilterPattern) }] },
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmDescription: Match.stringLikeRegexp('live sender') });
  });

  it('lets only the handler, the sender and the revoking groups manage connections, of this API only', () => {
    // The revoking groups of the canvas area (canvas-shares) are in CanvasApi: both Api stacks count.
    const apiStacks = [api, Template.fromStack(stacks.canvasApi)];
    const policies = apiStacks.flatMap((template) => Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>));
    const managing = policies.filter((policy) => JSON.stringify(policy.Properties.PolicyDocument).includes('execute-api:ManageConnections'));
    const revoking = Object.values(routeManifest).filter((group) => bundleUses(group.entry).liveSockets).length;
    expect(managing).toHaveLength(2 + revoking);
    for (const policy of managing) {
      const statement = (policy.Properties.PolicyDocument as { Statement: Array<{ Action: unknown; Resource: unknown }> }).Statement.find((s) =>
        JSON.stringify(s.Action).includes('ManageConnections'),
      );
      expect(JSON.stringify(statement?.Resource)).toContain('LiveApi');
      expect(JSON.stringify(statement?.Resource)).not.toBe('"*"');
    }
    // The groups that revoke know where the management API is; the others do not.
    const functions = apiStacks.flatMap((template) => Object.values(template.findResources('AWS::Lambda::Function') as Record<string, Resource>));
    const withEndpoint = functions.filter((fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes('LIVE_ENDPOINT'));
    expect(withEndpoint).toHaveLength(2 + revoking);
  });

  it('is served on the app’s origin: CloudFront /ws to the stage, nothing cached, the handshake’s headers passed but Host', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: liveChannel.path,
            ViewerProtocolPolicy: 'https-only',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
            // Which headers: tests/infra/origin-secret.test.ts.
            OriginRequestPolicyId: { Ref: Match.stringLikeRegexp('^LiveRequests') },
          }),
        ]),
      }),
    });
  });

  it("throttles the stage as the capacity plan sizes it: the plan's people all present and busy fit, within the account's quotas", () => {
    const live = busiestMinuteLive();
    const planned = plannedLiveThrottle();
    // Every route: ten times the busiest minute's presence and pings, rounded up to a hundred (docs/capacity.md "Live channel").
    expect(planned.stage.rateLimit).toBe(Math.ceil((live.messagesPerSecond * limitSizing.stageGrowthFactor) / 100) * 100);
    expect(planned.stage.burstLimit).toBe(planned.stage.rateLimit * limitSizing.burstSeconds);
    // Even if every socket open at the busiest minute were the bench's busy person, their presence and heartbeats fit.
    expect(planned.stage.rateLimit).toBeGreaterThan(live.sockets * busyPersonLiveMessagesPerSecond());
    // With the HTTP stage, within this installation's share of the account's API Gateway quota.
    const share = limitSizing.shareOfAccountApiQuota;
    expect(planned.stage.rateLimit + stageThrottle.rateLimit).toBeLessThanOrEqual(accountQuotas.apiGatewayRequestsPerSecond * share);
    expect(planned.stage.burstLimit + stageThrottle.burstLimit).toBeLessThanOrEqual(accountQuotas.apiGatewayBurst * share);
    // $connect: ten times the new sockets a second, within half the account's.
    expect(planned.connect.rateLimit).toBeGreaterThanOrEqual(live.connectsPerSecond * limitSizing.stageGrowthFactor);
    expect(planned.connect.rateLimit).toBeLessThanOrEqual(accountQuotas.webSocketConnectsPerSecond * share);
    // The heartbeat keeps an idle socket open: well under API Gateway's idle timeout.
    expect(heartbeatSeconds * 3).toBeLessThanOrEqual(accountQuotas.webSocketIdleSeconds);

    const stages = Object.entries(api.findResources('AWS::ApiGatewayV2::Stage', { Properties: { StageName: liveChannel.stage } })) as Array<
      [string, Resource & { DependsOn?: string[] }]
    >;
    expect(stages).toHaveLength(1);
    const [, stage] = stages[0]!;
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: planned.stage.rateLimit,
      ThrottlingBurstLimit: planned.stage.burstLimit,
    });
    expect(stage.Properties.RouteSettings).toEqual({
      $connect: { ThrottlingRateLimit: planned.connect.rateLimit, ThrottlingBurstLimit: planned.connect.burstLimit },
    });
    // The route the settings name exists before the stage.
    const [connectRoute] = Object.entries(api.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: '$connect' } }));
    expect(stage.DependsOn).toEqual(expect.arrayContaining([connectRoute![0]]));
  });

  it('passes cdk-nag (every finding acknowledged with a reason)', () => {
    expect(nagFindings(stacks.api)).toEqual([]);
    expect(nagFindings(stacks.web)).toEqual([]);
  });
});
