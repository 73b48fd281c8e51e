import type { Stack } from 'aws-cdk-lib';
import { liveAliasName } from '../../infra/constructs/app-function';
import { releaseHookService } from '../../infra/constructs/release-hook';
import type { DeploymentStage } from '../../infra/settings';
import { businessMetrics, serverErrorVersionDimension } from '../../shared/metrics';
import { routeManifest } from '../../shared/routes';

/**
 * What a release relies on, read from the synthesised templates (the same JSON CloudFormation
 * gets): every function of the product is published as a version behind its `live` alias,
 * every alias is moved by a CodeDeploy group with the stage's traffic shift, its alarms and
 * automatic rollback, and every caller (HTTP and WebSocket integrations, the stream's event
 * source, schedules, EventBridge rules, asynchronous invoke settings) reaches the alias, never
 * $LATEST. The canary (infra/constructs/release-hook.ts): every route group's deployment group
 * watches the handled 5xx of the version it publishes, and every route group's and scheduled
 * job's release waits for the stack's BeforeAllowTraffic hook, which knows that function's probe. scripts/release-rehearsal.ts prints it; tests/infra/releases.test.ts keeps it.
 */

type Resource = { Type: string; Properties?: Record<string, unknown>; UpdatePolicy?: Record<string, unknown> };
export type StackTemplate = { name: string; resources: Record<string, Resource> };

/** The CodeDeploy configuration a stage releases with (infra/app-builder.ts releaseConfigOf). */
export function expectedDeploymentConfig(stage: DeploymentStage): string {
  return stage === 'development' ? 'CodeDeployDefault.LambdaAllAtOnce' : 'CodeDeployDefault.LambdaCanary10Percent5Minutes';
}

/** The stacks in the order CloudFormation must deploy them (each after the stacks it depends on). */
export function deployOrder(stacks: readonly Stack[]): Stack[] {
  const ordered: Stack[] = [];
  const visiting = new Set<Stack>();
  const visit = (stack: Stack) => {
    if (ordered.includes(stack)) return;
    if (visiting.has(stack)) throw new Error(`Stacks depend on each other in a cycle through ${stack.stackName}`);
    visiting.add(stack);
    for (const dependency of [...stack.dependencies].sort((a, b) => stacks.indexOf(a) - stacks.indexOf(b))) visit(dependency);
    visiting.delete(stack);
    ordered.push(stack);
  };
  for (const stack of stacks) visit(stack);
  return ordered;
}

/** Whether a CloudFormation value refers to one of these logical ids (`Ref`, also inside `Fn::Join`). */
function refersTo(value: unknown, logicalIds: ReadonlySet<string>): boolean {
  if (Array.isArray(value)) return value.some((item) => refersTo(item, logicalIds));
  if (value && typeof value === 'object') {
    const ref = (value as { Ref?: unknown }).Ref;
    if (typeof ref === 'string' && logicalIds.has(ref)) return true;
    return Object.values(value).some((item) => refersTo(item, logicalIds));
  }
  return false;
}

/** Whether a value names one of these resources by `Fn::GetAtt` (a function's ARN). */
function mentions(value: unknown, logicalIds: ReadonlySet<string>): boolean {
  if (Array.isArray(value)) return value.some((item) => mentions(item, logicalIds));
  if (value && typeof value === 'object') {
    const attribute = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
    if (Array.isArray(attribute) && typeof attribute[0] === 'string' && logicalIds.has(attribute[0])) return true;
    return Object.values(value).some((item) => mentions(item, logicalIds));
  }
  return false;
}

function ofType(template: StackTemplate, type: string): Array<[string, Resource]> {
  return Object.entries(template.resources).filter(([, resource]) => resource.Type === type);
}

const variablesOf = (resource: Resource) => (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables;

/** A product function (not one of CDK's own helpers): it carries the product's Powertools service name. */
function isProductFunction(resource: Resource): boolean {
  return variablesOf(resource)?.POWERTOOLS_SERVICE_NAME === 'family-canvas';
}

/**
 * The stack's release hook and the probe it knows for each function (by logical id), read from
 * its RELEASE_PROBES: a JSON object keyed by function names, which the template writes as an
 * `Fn::Join` of `{ "Ref": <function> }` and the text around it.
 */
function releaseHookOf(template: StackTemplate): { hookId: string; probes: Map<string, string> } | undefined {
  const hook = ofType(template, 'AWS::Lambda::Function').find(([, resource]) => variablesOf(resource)?.POWERTOOLS_SERVICE_NAME === releaseHookService);
  if (!hook) return undefined;
  const value = variablesOf(hook[1])?.RELEASE_PROBES as { 'Fn::Join'?: [string, unknown[]] } | undefined;
  const parts = value?.['Fn::Join']?.[1] ?? [];
  const probes = new Map<string, string>();
  parts.forEach((part, index) => {
    const ref = (part as { Ref?: unknown } | null)?.Ref;
    const after = parts[index + 1];
    const probe = typeof after === 'string' ? /^":"([^"]+)"/.exec(after)?.[1] : undefined;
    if (typeof ref === 'string' && probe) probes.set(ref, probe);
  });
  return { hookId: hook[0], probes };
}

export type ReleaseWiring = {
  /** Product functions found, with their stack. */
  functions: Array<{ stack: string; logicalId: string; description: string }>;
  /** Everything that is not as a release needs it; empty when the app is ready. */
  problems: string[];
};

/** Checks the release wiring of every template; `stage` decides the expected traffic shift. */
export function checkReleaseWiring(templates: readonly StackTemplate[], stage: DeploymentStage): ReleaseWiring {
  const problems: string[] = [];
  const functions: ReleaseWiring['functions'] = [];
  const config = expectedDeploymentConfig(stage);
  const probedGroups = new Set<string>();
  for (const template of templates) {
    const hook = releaseHookOf(template);
    const aliases = ofType(template, 'AWS::Lambda::Alias');
    const aliasIds = new Set(aliases.map(([id]) => id));
    const versions = ofType(template, 'AWS::Lambda::Version');
    for (const [id, fn] of ofType(template, 'AWS::Lambda::Function')) {
      if (!isProductFunction(fn)) continue;
      const where = `${template.name}/${id}`;
      functions.push({ stack: template.name, logicalId: id, description: String(fn.Properties?.Description ?? id) });
      const version = versions.find(([, resource]) => refersTo(resource.Properties?.FunctionName, new Set([id])));
      if (!version) {
        problems.push(`${where}: no published version`);
        continue;
      }
      const alias = aliases.find(([, resource]) => refersTo(resource.Properties?.FunctionName, new Set([id])));
      if (!alias) {
        problems.push(`${where}: no alias`);
        continue;
      }
      const [aliasId, aliasResource] = alias;
      if (aliasResource.Properties?.Name !== liveAliasName)
        problems.push(`${where}: its alias is "${String(aliasResource.Properties?.Name)}", not "${liveAliasName}"`);
      if (JSON.stringify(aliasResource.Properties?.FunctionVersion) !== JSON.stringify({ 'Fn::GetAtt': [version[0], 'Version'] })) {
        problems.push(`${where}: its alias does not point at its published version`);
      }
      const update = aliasResource.UpdatePolicy?.CodeDeployLambdaAliasUpdate as { DeploymentGroupName?: { Ref?: string } } | undefined;
      const groupId = update?.DeploymentGroupName?.Ref;
      const group = groupId ? template.resources[groupId] : undefined;
      if (!group || group.Type !== 'AWS::CodeDeploy::DeploymentGroup') {
        problems.push(`${where}: alias ${aliasId} is not released by a CodeDeploy deployment group`);
        continue;
      }
      const properties = group.Properties ?? {};
      if (properties.DeploymentConfigName !== config) {
        problems.push(`${where}: released with ${JSON.stringify(properties.DeploymentConfigName)}, not ${config}`);
      }
      const alarms = properties.AlarmConfiguration as { Enabled?: boolean; Alarms?: unknown[] } | undefined;
      if (!alarms?.Enabled || !alarms.Alarms?.length) problems.push(`${where}: its deployment group watches no alarm`);
      const rollback = properties.AutoRollbackConfiguration as { Enabled?: boolean; Events?: string[] } | undefined;
      if (!rollback?.Enabled || !rollback.Events?.includes('DEPLOYMENT_STOP_ON_ALARM') || !rollback.Events.includes('DEPLOYMENT_FAILURE')) {
        problems.push(`${where}: its deployment group does not roll back on an alarm and on a failure`);
      }
      // The canary: the hook before any traffic, and for a route group the handled 5xx of the new version.
      const probe = hook?.probes.get(id);
      if (probe) {
        const hookRef = (update as { BeforeAllowTrafficHook?: { Ref?: string } }).BeforeAllowTrafficHook?.Ref;
        if (hookRef !== hook?.hookId) problems.push(`${where}: its release does not wait for the stack's BeforeAllowTraffic hook`);
      }
      if (probe?.startsWith('request:')) {
        probedGroups.add(probe.slice('request:'.length));
        const versionRef = JSON.stringify({ 'Fn::GetAtt': [version[0], 'Version'] });
        const watchesVersion = (alarms?.Alarms ?? []).some((alarm) => {
          const alarmId = (alarm as { Name?: { Ref?: string } }).Name?.Ref;
          const properties = alarmId ? template.resources[alarmId]?.Properties : undefined;
          const dimensions = (properties?.Dimensions as Array<{ Name: string; Value: unknown }> | undefined) ?? [];
          return (
            properties?.MetricName === businessMetrics.serverErrors &&
            dimensions.some((dimension) => dimension.Name === serverErrorVersionDimension && JSON.stringify(dimension.Value) === versionRef)
          );
        });
        if (!watchesVersion) problems.push(`${where}: its deployment group does not watch the handled 5xx of the version it publishes`);
      }
    }
    // Every scheduled job is dry-run by the hook before its release.
    for (const [id, schedule] of ofType(template, 'AWS::Scheduler::Schedule')) {
      const aliasId = ((schedule.Properties?.Target as { Arn?: { Ref?: string } } | undefined)?.Arn as { Ref?: string } | undefined)?.Ref;
      const fnRef = aliasId ? (template.resources[aliasId]?.Properties?.FunctionName as { Ref?: string } | undefined)?.Ref : undefined;
      if (!fnRef || !hook?.probes.get(fnRef)?.startsWith('dry-run:'))
        problems.push(`${template.name}/${id}: the scheduled job is not dry-run before its releases`);
    }

    // Every caller reaches an alias.
    const functionIds = new Set(ofType(template, 'AWS::Lambda::Function').map(([id]) => id));
    const callers: Array<[string, string, unknown]> = [
      ...ofType(template, 'AWS::ApiGatewayV2::Integration').map(([id, r]): [string, string, unknown] => [id, 'API integration', r.Properties?.IntegrationUri]),
      ...ofType(template, 'AWS::Lambda::EventSourceMapping').map(([id, r]): [string, string, unknown] => [id, 'event source', r.Properties?.FunctionName]),
      ...ofType(template, 'AWS::Scheduler::Schedule').map(([id, r]): [string, string, unknown] => [
        id,
        'schedule',
        (r.Properties?.Target as { Arn?: unknown })?.Arn,
      ]),
      ...ofType(template, 'AWS::Events::Rule').flatMap(([id, r]) =>
        ((r.Properties?.Targets as Array<{ Arn?: unknown }> | undefined) ?? [])
          .filter((target) => refersTo(target.Arn, aliasIds) || mentions(target.Arn, functionIds))
          .map((target): [string, string, unknown] => [id, 'EventBridge rule', target.Arn]),
      ),
    ];
    for (const [id, what, target] of callers) {
      if (!refersTo(target, aliasIds)) problems.push(`${template.name}/${id}: the ${what} does not invoke a live alias`);
    }
    for (const [id, config] of ofType(template, 'AWS::Lambda::EventInvokeConfig')) {
      const qualifier = config.Properties?.Qualifier;
      if (qualifier !== liveAliasName && !refersTo(qualifier, aliasIds))
        problems.push(`${template.name}/${id}: asynchronous invoke settings are not on the live alias`);
    }
  }
  for (const group of Object.keys(routeManifest)) {
    if (!probedGroups.has(group)) problems.push(`route group ${group}: no release probe (BeforeAllowTraffic request and handled-5xx alarm)`);
  }
  return { functions, problems };
}
