import { randomUUID } from 'node:crypto';
import { GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand, type CodeDeployClient } from '@aws-sdk/client-codedeploy';
import { routeManifest, type RouteGroupName } from '../../shared/routes';
import { probeEventOf, probeRouteOf, type ReleaseProbe } from './probes';

/**
 * CodeDeploy's BeforeAllowTraffic hook of every release (infra/constructs/release-hook.ts): after
 * CloudFormation published a function's new version and before CodeDeploy moves any of the `live`
 * alias's traffic to it, the hook calls that version once per probe (./probes.ts): a real request
 * through the same event API Gateway sends, origin secret included, for a route group; a dry run
 * for a scheduled job. A probe fails when the call throws, the function fails (an uncaught error,
 * a timeout), a request is answered 5xx, or 403 (the version refuses the distribution's own
 * requests: every visitor would get it). Any failure, or a deployment the hook cannot read, is
 * reported `Failed`: CodeDeploy stops the release and the alias stays where it was.
 *
 * The decision takes its invoker and its CodeDeploy client as parameters: the Lambda handler
 * (./handler.ts) passes the Lambda and CodeDeploy SDK clients, the rehearsal
 * (scripts/release-rehearsal.ts) and the tests a locally run handler and a local CodeDeploy endpoint.
 */
export type HookEvent = { DeploymentId: string; LifecycleEventHookExecutionId: string };

/** One function's version a deployment moves the alias to (from its AppSpec). */
export type ReleaseTarget = { functionName: string; version: string };

/** What an invocation gave back: the function's answer, and Lambda's FunctionError when it failed. */
export type InvokeResult = { payload: unknown; functionError?: string };
export type Invoker = (target: ReleaseTarget, payload: unknown) => Promise<InvokeResult>;

export type HookDependencies = {
  /** GetDeployment (which version) and PutLifecycleEventHookExecutionStatus (the verdict). */
  codeDeploy: CodeDeployClient;
  invoke: Invoker;
  /** The probe of a function, by its name; none: the release is refused (the hook was wired to a function it cannot check). */
  probeOf: (functionName: string) => ReleaseProbe | undefined;
  /** The origin secret's current value (CloudFront's header); undefined where no function checks it. */
  originSecret: () => Promise<string | undefined>;
};

export type ProbeOutcome = ReleaseTarget & { probe: string; passed: boolean; detail: string };
export type HookVerdict = { status: 'Succeeded' | 'Failed'; outcomes: ProbeOutcome[]; reason?: string };

type AppSpec = { Resources?: Array<Record<string, { Type?: string; Properties?: { Name?: string; TargetVersion?: string | number } }>> };

/** The functions and target versions of a deployment, from the AppSpec CloudFormation gave CodeDeploy (JSON). */
export async function releaseTargetsOf(codeDeploy: CodeDeployClient, deploymentId: string): Promise<ReleaseTarget[]> {
  const { deploymentInfo } = await codeDeploy.send(new GetDeploymentCommand({ deploymentId }));
  const revision = deploymentInfo?.revision;
  const content = revision?.appSpecContent?.content ?? revision?.string?.content;
  if (!content) throw new Error(`Deployment ${deploymentId} has no AppSpec content`);
  const spec = JSON.parse(content) as AppSpec;
  const targets = (spec.Resources ?? [])
    .flatMap((resource) => Object.values(resource))
    .filter((resource) => resource.Type === 'AWS::Lambda::Function')
    .map((resource) => ({
      // A name or an ARN (`…:function:<name>`): the name either way.
      functionName: String(resource.Properties?.Name ?? '').replace(/^arn:[^:]+:lambda:[^:]+:\d+:function:/, ''),
      version: String(resource.Properties?.TargetVersion ?? ''),
    }));
  if (!targets.length || targets.some((target) => !target.functionName || !target.version)) {
    throw new Error(`Deployment ${deploymentId}: no function and target version in its AppSpec`);
  }
  return targets;
}

const isRouteGroup = (group: string): group is RouteGroupName => Object.hasOwn(routeManifest, group);

async function runProbe(target: ReleaseTarget, probe: ReleaseProbe, dependencies: HookDependencies, requestId: string): Promise<ProbeOutcome> {
  if (probe.kind === 'dry-run') {
    const name = `dry run of ${probe.job}`;
    try {
      const result = await dependencies.invoke(target, { dryRun: true });
      if (result.functionError) return { ...target, probe: name, passed: false, detail: `failed (${result.functionError}): ${errorMessageOf(result.payload)}` };
      return { ...target, probe: name, passed: true, detail: `finished: ${JSON.stringify(result.payload)}` };
    } catch (error) {
      return { ...target, probe: name, passed: false, detail: `could not be run: ${errorMessageOf(error)}` };
    }
  }
  if (!isRouteGroup(probe.group)) return { ...target, probe: `request to ${probe.group}`, passed: false, detail: 'no such route group' };
  const route = probeRouteOf(routeManifest[probe.group]);
  const name = `${route.method} ${route.path} (${probe.group})`;
  try {
    const event = probeEventOf(route, { originSecret: await dependencies.originSecret(), requestId, sessionToken: `release-probe-${randomUUID()}` });
    const result = await dependencies.invoke(target, event);
    if (result.functionError) return { ...target, probe: name, passed: false, detail: `failed (${result.functionError}): ${errorMessageOf(result.payload)}` };
    const status = (result.payload as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status !== 'number') return { ...target, probe: name, passed: false, detail: 'answered without a status code' };
    if (status >= 500) return { ...target, probe: name, passed: false, detail: `answered ${status}` };
    if (status === 403)
      return { ...target, probe: name, passed: false, detail: 'answered 403: the version refuses requests that come through the distribution' };
    return { ...target, probe: name, passed: true, detail: `answered ${status}` };
  } catch (error) {
    return { ...target, probe: name, passed: false, detail: `could not be called: ${errorMessageOf(error)}` };
  }
}

function errorMessageOf(value: unknown): string {
  if (value instanceof Error) return value.message;
  const message = (value as { errorMessage?: unknown } | null)?.errorMessage;
  return typeof message === 'string' ? message : JSON.stringify(value);
}

/** Runs the probes of a deployment's new versions and reports the verdict to CodeDeploy; returns it. */
export async function beforeAllowTraffic(event: HookEvent, dependencies: HookDependencies): Promise<HookVerdict> {
  let verdict: HookVerdict;
  try {
    const targets = await releaseTargetsOf(dependencies.codeDeploy, event.DeploymentId);
    const outcomes: ProbeOutcome[] = [];
    let reason: string | undefined;
    for (const target of targets) {
      const probe = dependencies.probeOf(target.functionName);
      if (!probe) {
        reason = `no synthetic call is known for ${target.functionName}`;
        continue;
      }
      outcomes.push(await runProbe(target, probe, dependencies, `release-probe-${event.LifecycleEventHookExecutionId}`));
    }
    const failed = outcomes.filter((outcome) => !outcome.passed);
    reason ??= failed.length ? failed.map((outcome) => `${outcome.functionName}:${outcome.version} ${outcome.probe} ${outcome.detail}`).join('; ') : undefined;
    verdict = { status: reason ? 'Failed' : 'Succeeded', outcomes, ...(reason ? { reason } : {}) };
  } catch (error) {
    verdict = { status: 'Failed', outcomes: [], reason: `the deployment could not be checked: ${errorMessageOf(error)}` };
  }
  await dependencies.codeDeploy.send(
    new PutLifecycleEventHookExecutionStatusCommand({
      deploymentId: event.DeploymentId,
      lifecycleEventHookExecutionId: event.LifecycleEventHookExecutionId,
      status: verdict.status,
    }),
  );
  return verdict;
}
