import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, releaseConfigOf, stackName, type FamilyCanvasStacks } from '../../infra/app-builder';
import { readSettings } from '../../infra/settings';
import { liveAliasName } from '../../infra/constructs/app-function';
import { checkReleaseWiring, deployOrder, type StackTemplate } from '../../scripts/lib/release-checks';
import { routeManifest } from '../../shared/routes';
import { scheduledJobEntries } from '../../infra/stacks/jobs-stack';

/** The jobs the scheduler runs (cleanup, digest, access expiry, cards). */
const scheduledJobs = Object.keys(scheduledJobEntries).length;

/**
 * Stages and safe releases, as a deployer meets them: stacks named by stage, every function
 * published as a version behind its `live` alias, every caller on the alias, and CodeDeploy
 * shifting the alias with a canary that rolls back on the function's alarms.
 */

type Resource = { Type: string; Properties: Record<string, unknown>; UpdatePolicy?: Record<string, unknown> };

let stacks: FamilyCanvasStacks;
const templates = {} as Record<keyof FamilyCanvasStacks, Template>;

// A production deployment's settings; no function is bundled (CDK's own switch): only templates are read.
beforeAll(() => {
  ({ stacks } = buildApp({
    withNag: false,
    webDistPath: null,
    context: {
      'aws:cdk:bundling-stacks': [],
      appUrl: 'https://canvas.familie-weber.de',
      alarmEmail: 'ops@familie-weber.de',
    },
  }));
  for (const [name, stack] of Object.entries(stacks) as Array<[keyof FamilyCanvasStacks, Stack]>) templates[name] = Template.fromStack(stack);
}, 300_000);

function resources(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The product's functions of a stack (not CDK's helpers): they carry the Powertools service name. */
function productFunctions(template: Template): Record<string, Resource> {
  return Object.fromEntries(
    Object.entries(resources(template, 'AWS::Lambda::Function')).filter(
      ([, fn]) => (fn.Properties.Environment as { Variables: Record<string, string> }).Variables.POWERTOOLS_SERVICE_NAME === 'family-canvas',
    ),
  );
}

const releasedStacks = ['api', 'canvasApi', 'jobs', 'mail'] as const;

describe('stages', () => {
  it('names every stack after the stage, so staging and production can share an account', () => {
    for (const stack of Object.values(stacks)) expect(stack.stackName).toMatch(/^FamilyCanvas-production-[A-Z][a-zA-Z]+$/);
    expect(stacks.api.stackName).toBe('FamilyCanvas-production-Api');
  });

  it('keeps the names of an installation deployed before stages when asked (unstagedStackNames)', () => {
    expect(stackName({ stackPrefix: 'FamilyCanvas', stage: 'staging', unstagedStackNames: false }, 'Api')).toBe('FamilyCanvas-staging-Api');
    expect(stackName({ stackPrefix: 'FamilyCanvas', stage: 'production', unstagedStackNames: true }, 'Api')).toBe('FamilyCanvasApi');
    expect(readSettings(new App({ context: { stage: 'development', unstagedStackNames: 'true' } }).node).unstagedStackNames).toBe(true);
  });

  it('deploys data first and monitoring last', () => {
    const order = deployOrder(Object.values(stacks)).map((stack) => stack.stackName.replace('FamilyCanvas-production-', ''));
    const at = (name: string) => order.indexOf(name);
    expect(at('Data')).toBeLessThan(at('Mail'));
    expect(at('Mail')).toBeLessThan(at('Api'));
    expect(at('Api')).toBeLessThan(at('Web'));
    expect(at('Data')).toBeLessThan(at('Jobs'));
    expect(order.at(-1)).toBe('Monitoring');
  });

  it('releases with a canary outside development, all at once in development', () => {
    expect(releaseConfigOf('production')).toBe(codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES);
    expect(releaseConfigOf('staging')).toBe(codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES);
    expect(releaseConfigOf('development')).toBe(codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE);
  });
});

describe('every function behind a live alias', () => {
  it('publishes a version of each function and points its live alias at it', () => {
    let count = 0;
    for (const name of releasedStacks) {
      const template = templates[name];
      const versions = resources(template, 'AWS::Lambda::Version');
      const aliases = Object.values(resources(template, 'AWS::Lambda::Alias'));
      for (const id of Object.keys(productFunctions(template))) {
        const [versionId] =
          Object.entries(versions).find(([, version]) => JSON.stringify(version.Properties.FunctionName) === JSON.stringify({ Ref: id })) ?? [];
        expect(versionId, `${name}/${id} has a version`).toBeDefined();
        const alias = aliases.find((candidate) => JSON.stringify(candidate.Properties.FunctionName) === JSON.stringify({ Ref: id }));
        expect(alias?.Properties).toMatchObject({ Name: liveAliasName, FunctionVersion: { 'Fn::GetAtt': [versionId, 'Version'] } });
        count++;
      }
    }
    // A function per route group, the live handler and sender, the scheduled jobs and the SES events job.
    expect(count).toBe(Object.keys(routeManifest).length + 2 + scheduledJobs + 1);
  });

  it('has every API route, socket route, stream, schedule and rule invoke the alias', () => {
    const api = templates.api;
    // The route groups are in the Api stack and the canvas area's: each stack's integrations invoke its own aliases.
    const integrations = (['api', 'canvasApi'] as const).flatMap((name) =>
      Object.values(resources(templates[name], 'AWS::ApiGatewayV2::Integration')).map((integration) => ({ integration, name })),
    );
    // One per route group and one for the live channel.
    expect(integrations).toHaveLength(Object.keys(routeManifest).length + 1);
    for (const { integration, name } of integrations) {
      const aliasIds = Object.keys(resources(templates[name], 'AWS::Lambda::Alias'));
      const uri = JSON.stringify(integration.Properties.IntegrationUri);
      expect(
        aliasIds.some((id) => uri.includes(`{"Ref":"${id}"}`)),
        uri,
      ).toBe(true);
    }
    const aliasIds = Object.keys(resources(api, 'AWS::Lambda::Alias'));
    for (const mapping of Object.values(resources(api, 'AWS::Lambda::EventSourceMapping'))) {
      const target = JSON.stringify(mapping.Properties.FunctionName);
      expect(
        aliasIds.some((id) => target.includes(`{"Ref":"${id}"}`)),
        target,
      ).toBe(true);
    }
    const jobAliases = Object.keys(resources(templates.jobs, 'AWS::Lambda::Alias'));
    const schedules = Object.values(resources(templates.jobs, 'AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(scheduledJobs);
    for (const schedule of schedules) expect(jobAliases).toContain((schedule.Properties.Target as { Arn: { Ref: string } }).Arn.Ref);
    const mailAliases = Object.keys(resources(templates.mail, 'AWS::Lambda::Alias'));
    for (const rule of Object.values(resources(templates.mail, 'AWS::Events::Rule'))) {
      for (const target of rule.Properties.Targets as Array<{ Arn: { Ref: string } }>) expect(mailAliases).toContain(target.Arn.Ref);
    }
    // Retries and failure destinations of asynchronous runs are set where the callers invoke: on the alias.
    for (const name of ['jobs', 'mail'] as const) {
      const aliases = Object.keys(resources(templates[name], 'AWS::Lambda::Alias'));
      const configs = Object.values(resources(templates[name], 'AWS::Lambda::EventInvokeConfig'));
      expect(configs.length).toBeGreaterThan(0);
      for (const config of configs) expect(JSON.stringify(config.Properties.Qualifier)).toMatch(new RegExp(aliases.map((id) => `"Ref":"${id}"`).join('|')));
    }
  });
});

describe('releases by CodeDeploy', () => {
  it('moves every alias with a canary (10 % for 5 minutes) that rolls back on failure and on its alarms', () => {
    for (const name of releasedStacks) {
      const template = templates[name];
      const groups = resources(template, 'AWS::CodeDeploy::DeploymentGroup');
      const aliases = resources(template, 'AWS::Lambda::Alias');
      expect(Object.keys(aliases)).toHaveLength(Object.keys(productFunctions(template)).length);
      for (const [aliasId, alias] of Object.entries(aliases)) {
        const groupId = (alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate as { DeploymentGroupName: { Ref: string } }).DeploymentGroupName.Ref;
        const group = groups[groupId]!;
        expect(group.Properties, aliasId).toMatchObject({
          DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
          DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
          AutoRollbackConfiguration: { Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) },
          AlarmConfiguration: { Enabled: true },
        });
        // Errors and p95 duration; a route group's third, its handled 5xx: tests/infra/canary.test.ts.
        expect((group.Properties.AlarmConfiguration as { Alarms: unknown[] }).Alarms.length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("watches the alias's errors and its p95 duration during a release", () => {
    const api = templates.api;
    const [fnId] = Object.keys(productFunctions(api)).filter((id) => id.startsWith('Groupcanvas'));
    const [aliasId] = Object.entries(resources(api, 'AWS::Lambda::Alias')).find(([, alias]) => JSON.stringify(alias.Properties.FunctionName).includes(fnId!))!;
    const aliasDimension = Match.arrayWith([{ Name: 'Resource', Value: Match.objectLike({ 'Fn::Join': Match.anyValue() }) }]);
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Namespace: 'AWS/Lambda',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Dimensions: aliasDimension,
    });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Duration',
      ExtendedStatistic: 'p95',
      Period: 60,
      Threshold: 5000,
      Dimensions: aliasDimension,
    });
    expect(aliasId).toBeDefined();
  });

  it('gives CodeDeploy one role and one application per stack', () => {
    for (const name of releasedStacks) {
      templates[name].resourceCountIs('AWS::CodeDeploy::Application', 1);
      templates[name].hasResourceProperties('AWS::IAM::Role', {
        AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'codedeploy.amazonaws.com' } })] }),
      });
    }
  });

  it("stays under CloudFormation's 500 resources per stack", () => {
    for (const [name, template] of Object.entries(templates)) {
      expect(Object.keys(template.toJSON().Resources as object).length, name).toBeLessThan(500);
    }
  });
});

describe('the release rehearsal (npm run release:rehearse)', () => {
  const asTemplates = (): StackTemplate[] =>
    Object.values(stacks).map((stack) => ({ name: stack.stackName, resources: Template.fromStack(stack).toJSON().Resources as StackTemplate['resources'] }));

  it('finds the app ready to release', () => {
    const { functions, problems } = checkReleaseWiring(asTemplates(), 'production');
    expect(problems).toEqual([]);
    // The route groups, the live handler and sender, the scheduled jobs and the SES events job.
    expect(functions).toHaveLength(Object.keys(routeManifest).length + 2 + scheduledJobs + 1);
  });

  it('reports an integration that calls the function itself, and the wrong traffic shift', () => {
    const broken = asTemplates();
    const api = broken.find((template) => template.name.endsWith('-Api'))!;
    const [integrationId, integration] = Object.entries(api.resources).find(([, resource]) => resource.Type === 'AWS::ApiGatewayV2::Integration')!;
    const [fnId] = Object.entries(api.resources).find(([, resource]) => resource.Type === 'AWS::Lambda::Function')!;
    api.resources[integrationId] = { ...integration, Properties: { ...integration.Properties, IntegrationUri: { 'Fn::GetAtt': [fnId, 'Arn'] } } };
    const { problems } = checkReleaseWiring(broken, 'staging');
    expect(problems).toContain(`${api.name}/${integrationId}: the API integration does not invoke a live alias`);
    expect(checkReleaseWiring(asTemplates(), 'development').problems.some((problem) => problem.includes('not CodeDeployDefault.LambdaAllAtOnce'))).toBe(true);
  });
});
