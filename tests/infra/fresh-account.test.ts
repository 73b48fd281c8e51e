import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../infra/app-builder';

type Resource = { Type: string; Properties?: Record<string, unknown>; DependsOn?: string[]; DeletionPolicy?: string };

let api: Template;

// Real-looking settings, as a deployer gives them; no function is bundled (CDK's own switch):
// only the template is read.
beforeAll(() => {
  const { stacks } = buildApp({
    withNag: false,
    webDistPath: null,
    context: {
      'aws:cdk:bundling-stacks': [],
      appUrl: 'https://d1234abcd.cloudfront.net',
      mailIdentity: 'anna@familie-weber.de',
      alarmEmail: 'ops@familie-weber.de',
    },
  });
  api = Template.fromStack(stacks.api);
}, 300_000);

describe('a deployment to a fresh account', () => {
  it("sets API Gateway's CloudWatch role (the account setting a stage with access logs needs), retained", () => {
    const accounts = Object.entries(api.findResources('AWS::ApiGateway::Account') as Record<string, Resource>);
    expect(accounts).toHaveLength(1);
    const [, account] = accounts[0]!;
    expect(account.DeletionPolicy).toBe('Retain');
    const roleRef = (account.Properties!.CloudWatchRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    expect(roleRef[1]).toBe('Arn');
    const role = (api.findResources('AWS::IAM::Role') as Record<string, Resource>)[roleRef[0]]!;
    expect(role.DeletionPolicy).toBe('Retain');
    expect(JSON.stringify(role.Properties!.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    expect(JSON.stringify(role.Properties!.ManagedPolicyArns)).toContain('service-role/AmazonAPIGatewayPushToCloudWatchLogs');
  });

  it('creates the HTTP and the WebSocket stage (both with access logs) only after the account setting', () => {
    const [accountId] = Object.keys(api.findResources('AWS::ApiGateway::Account'));
    const stages = Object.values(api.findResources('AWS::ApiGatewayV2::Stage') as Record<string, Resource>);
    expect(stages.map((stage) => stage.Properties!.StageName).sort()).toEqual(['$default', 'ws']);
    for (const stage of stages) {
      expect(stage.Properties!.AccessLogSettings).toBeDefined();
      expect(stage.DependsOn ?? []).toContain(accountId);
    }
  });
});
