import type { CfnResource as CdkCfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, routeFunctionsOf, type FamilyCanvasStacks } from '../../infra/app-builder';
import type { AppFunction } from '../../infra/constructs/app-function';
import { ReleaseHook } from '../../infra/constructs/release-hook';
import { checkReleaseWiring, type StackTemplate } from '../../scripts/lib/release-checks';
import { businessMetrics, metricsNamespace, serverErrorGroupDimension, serverErrorVersionDimension } from '../../shared/metrics';
import { routeManifest, type RouteGroupName } from '../../shared/routes';

/**
 * The canary sees what a bad release does (infra/constructs/app-function.ts release(),
 * infra/constructs/release-hook.ts): every route group's deployment group rolls back on a
 * handled 5xx of the version it publishes, and every route group's and scheduled job's release
 * waits for the stack's BeforeAllowTraffic hook, which may call those functions' versions and
 * nothing else.
 */

type Resource = { Type: string; Properties: Record<string, unknown>; UpdatePolicy?: Record<string, unknown>; DependsOn?: string[] };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

let stacks: FamilyCanvasStacks;
const templates = new Map<Stack, Template>();

beforeAll(() => {
  ({ stacks } = buildApp({
    withNag: false,
    webDistPath: null,
    context: { 'aws:cdk:bundling-stacks': [], appUrl: 'https://canvas.familie-weber.de', alarmEmail: 'ops@familie-weber.de' },
  }));
  for (const stack of Object.values(stacks)) templates.set(stack, Template.fromStack(stack));
}, 900_000);

const templateOf = (stack: Stack) => templates.get(stack)!;
const resources = (stack: Stack, type: string) => templateOf(stack).findResources(type) as Record<string, Resource>;
/** A construct's logical id as the template has it (a version's carries its hash). */
const idOf = (construct: { node: { defaultChild?: unknown } }) => {
  const resource = construct.node.defaultChild as CdkCfnResource;
  return resource.stack.resolve(resource.logicalId) as string;
};

/** What a function's release looks like in its template: its alias, its deployment group, that group's alarms. */
function releaseOf(fn: AppFunction) {
  const stack = fn.function.stack;
  const alias = resources(stack, 'AWS::Lambda::Alias')[idOf(fn.alias)]!;
  const update = alias.UpdatePolicy?.CodeDeployLambdaAliasUpdate as { DeploymentGroupName: { Ref: string }; BeforeAllowTrafficHook?: { Ref: string } };
  const group = resources(stack, 'AWS::CodeDeploy::DeploymentGroup')[update.DeploymentGroupName.Ref]!;
  const alarmNames = (group.Properties.AlarmConfiguration as { Alarms: Array<{ Name: { Ref: string } }> }).Alarms.map((alarm) => alarm.Name.Ref);
  const alarms = alarmNames.map((id) => resources(stack, 'AWS::CloudWatch::Alarm')[id]!);
  return { stack, alias, update, group, alarms, groupId: update.DeploymentGroupName.Ref };
}

/** The route groups' functions, of both Api stacks or of one. */
const routeGroupFunctions = (stack?: Stack) =>
  [...routeFunctionsOf(stacks).entries()].filter(([, fn]) => !stack || fn.function.stack === stack) as Array<[RouteGroupName, AppFunction]>;
/** The scheduled jobs by the name their probe carries. */
const namedJobs = (): Array<[string, AppFunction]> => [
  ['cleanup', stacks.jobs.cleanup],
  ['digest', stacks.jobs.digest],
  ['access-expiry', stacks.jobs.accessExpiry],
  ['cards', stacks.jobs.cards],
];
const scheduledJobs = () => namedJobs().map(([, job]) => job);
/** The stacks with a release hook: the two Api stacks and the jobs'. */
const hookStacks = () => [stacks.api, stacks.canvasApi, stacks.jobs];

/** The statements of the hook's role in its stack. */
function hookStatements(stack: Stack): Statement[] {
  const hook = ReleaseHook.of(stack);
  return Object.values(resources(stack, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: idOf(hook.role) }]))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

describe('the handled server errors of the new version stop a release', () => {
  it('gives every route group’s deployment group an alarm on ServerErrors of its group and the version it publishes', () => {
    expect(routeGroupFunctions()).toHaveLength(Object.keys(routeManifest).length);
    for (const [group, fn] of routeGroupFunctions()) {
      const { alarms } = releaseOf(fn);
      const handled = alarms.filter((alarm) => alarm.Properties.MetricName === businessMetrics.serverErrors);
      expect(handled, group).toHaveLength(1);
      expect(handled[0]!.Properties).toMatchObject({
        Namespace: metricsNamespace,
        Statistic: 'Sum',
        Period: 60,
        EvaluationPeriods: 1,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
      // The version CloudFormation publishes in this deployment: the alarm moves with every release.
      expect(handled[0]!.Properties.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: serverErrorGroupDimension, Value: group },
          { Name: serverErrorVersionDimension, Value: { 'Fn::GetAtt': [idOf(fn.function.currentVersion), 'Version'] } },
        ]),
      );
      // Beside the alias's Lambda errors and its p95 duration.
      expect(alarms.map((alarm) => alarm.Properties.MetricName).sort()).toEqual(['Duration', 'Errors', businessMetrics.serverErrors].sort());
    }
  });

  it('gives no such alarm where nothing answers HTTP (the jobs)', () => {
    for (const job of scheduledJobs())
      expect(
        releaseOf(job)
          .alarms.map((alarm) => alarm.Properties.MetricName)
          .sort(),
      ).toEqual(['Duration', 'Errors']);
  });
});

describe('the BeforeAllowTraffic hook', () => {
  it('is called before every route group’s and scheduled job’s release, with the probe of each', () => {
    for (const stack of hookStacks()) {
      const hook = ReleaseHook.of(stack);
      const hookId = idOf(hook.function);
      const probes = resources(stack, 'AWS::Lambda::Function')[hookId]!.Properties.Environment as { Variables: { RELEASE_PROBES: unknown } };
      const probeMap = JSON.stringify(probes.Variables.RELEASE_PROBES);
      const probed = stack === stacks.jobs ? namedJobs() : routeGroupFunctions(stack);
      expect(probed.length, stack.stackName).toBeGreaterThan(0);
      for (const [name, fn] of probed) {
        const { update, alias } = releaseOf(fn);
        expect(update.BeforeAllowTrafficHook, name).toEqual({ Ref: hookId });
        // The hook and its grants are in place before the alias moves (the move starts the deployment that calls it).
        expect(alias.DependsOn, name).toEqual(expect.arrayContaining([hookId]));
        const text = stack === stacks.jobs ? `dry-run:${name}` : `request:${name}`;
        expect(probeMap, name).toContain(`{"Ref":"${idOf(fn.function)}"},"\\":\\"${text}\\"`);
      }
    }
  });

  it('may invoke the versions of the functions it probes and nothing else, read their deployments and report on them', () => {
    for (const stack of hookStacks()) {
      const statements = hookStatements(stack);
      const invokes = statements.filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
      const invoked = invokes.flatMap((statement) => [statement.Resource].flat()).map((resource) => JSON.stringify(resource));
      const probed = stack === stacks.jobs ? scheduledJobs() : routeGroupFunctions(stack).map(([, fn]) => fn);
      expect(invoked.sort()).toEqual(probed.map((fn) => JSON.stringify({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [idOf(fn.function), 'Arn'] }, ':*']] })).sort());
      // CodeDeploy: only the stack's own deployment groups.
      const codeDeploy = statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('codedeploy:')));
      expect(codeDeploy.flatMap((statement) => [statement.Action].flat()).sort()).toEqual(
        ['codedeploy:GetDeployment', 'codedeploy:PutLifecycleEventHookExecutionStatus'].sort(),
      );
      for (const statement of codeDeploy) {
        for (const resource of [statement.Resource].flat()) expect(JSON.stringify(resource)).toMatch(/deploymentgroup/);
      }
      // Nothing on every resource but X-Ray's, which has no resource-level permissions (active tracing, as every function).
      for (const statement of statements.filter((candidate) => ![candidate.Action].flat().every((action) => action.startsWith('xray:'))))
        expect([statement.Resource].flat(), JSON.stringify(statement)).not.toContain('*');
    }
  });

  it('reads the origin secret the route groups check, so its requests come as CloudFront’s do', () => {
    const hookId = idOf(ReleaseHook.of(stacks.api).function);
    const variables = (resources(stacks.api, 'AWS::Lambda::Function')[hookId]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    const secretArn = { Ref: idOf(stacks.api.originSecret) };
    expect(variables.ORIGIN_SECRET_ARN).toEqual(secretArn);
    const reads = hookStatements(stacks.api).filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
    expect(reads.flatMap((statement) => [statement.Resource].flat())).toEqual([secretArn]);
    expect(hookStatements(stacks.jobs).some((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'))).toBe(false);
  });

  it('is no product function of its own: no alias, no release', () => {
    for (const stack of hookStacks()) {
      const hookId = idOf(ReleaseHook.of(stack).function);
      const aliases = Object.values(resources(stack, 'AWS::Lambda::Alias'));
      expect(aliases.some((alias) => JSON.stringify(alias.Properties.FunctionName) === JSON.stringify({ Ref: hookId }))).toBe(false);
    }
    expect(stacks.mail.node.tryFindChild('ReleaseHook')).toBeUndefined();
  });

  it('leaves cdk-nag with no open finding in the stacks that have one', () => {
    for (const stack of hookStacks()) {
      const report = new AwsSolutionsChecks(stack.node.root).validateScope(stack);
      const findings = report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`));
      expect(findings, stack.stackName).toEqual([]);
    }
  });
});

describe('the release rehearsal’s checks (npm run release:rehearse)', () => {
  const asTemplates = (): StackTemplate[] =>
    Object.values(stacks).map((stack) => ({ name: stack.stackName, resources: templateOf(stack).toJSON().Resources as StackTemplate['resources'] }));

  it('finds the canary wired, and names a route group released without its hook or its handled-5xx alarm', () => {
    expect(checkReleaseWiring(asTemplates(), 'production').problems).toEqual([]);
    const broken = asTemplates();
    const canvas = routeFunctionsOf(stacks).get('canvas')!;
    const api = broken.find((template) => template.name === canvas.function.stack.stackName)!;
    const alias = api.resources[idOf(canvas.alias)]!;
    const update = alias.UpdatePolicy!.CodeDeployLambdaAliasUpdate as Record<string, unknown>;
    alias.UpdatePolicy = { CodeDeployLambdaAliasUpdate: { ...update, BeforeAllowTrafficHook: undefined } };
    const group = api.resources[(update.DeploymentGroupName as { Ref: string }).Ref]!;
    const alarms = (group.Properties!.AlarmConfiguration as { Alarms: Array<{ Name: { Ref: string } }> }).Alarms;
    group.Properties = {
      ...group.Properties,
      AlarmConfiguration: {
        Enabled: true,
        Alarms: alarms.filter((alarm) => api.resources[alarm.Name.Ref]?.Properties?.MetricName !== businessMetrics.serverErrors),
      },
    };
    const where = `${api.name}/${idOf(canvas.function)}`;
    expect(checkReleaseWiring(broken, 'production').problems).toEqual([
      `${where}: its release does not wait for the stack's BeforeAllowTraffic hook`,
      `${where}: its deployment group does not watch the handled 5xx of the version it publishes`,
    ]);
  });
});
