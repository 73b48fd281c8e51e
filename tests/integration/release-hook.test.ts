import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../../functions/lib/db/client';
import { startCodeDeployEndpoint, type LocalDeployment } from '../../functions/lib/testing/codedeploy-endpoint';
import { beforeAllowTraffic, type HookDependencies } from '../../functions/release-hook/before-allow-traffic';
import { localReleaseInvoker, probedFunctions, type LocalVersion } from '../../infra/local/release-invoker';
import { signUpAndConfirm } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';

/**
 * The release hook's decision (functions/release-hook/before-allow-traffic.ts) against the real
 * handlers, run as versions of their functions (infra/local/release-invoker.ts) on DynamoDB Local,
 * and a local CodeDeploy endpoint reached through the real SDK client: a healthy release is
 * reported Succeeded and changes nothing; a version with a broken setting is reported Failed.
 */
const stack = useIntegrationStack();
const originSecret = 'release-hook-origin-secret';
const functions = probedFunctions();
const byName = new Map(functions.map((fn) => [fn.functionName, fn]));

let codeDeploy: Awaited<ReturnType<typeof startCodeDeployEndpoint>>;
const versions = new Map<string, LocalVersion>();

/** A deployment moving `names` from version 1 to `version`. */
const deployment = (id: string, names: string[], version: string): LocalDeployment => ({
  id,
  targets: names.map((functionName) => ({ functionName, currentVersion: '1', targetVersion: version })),
});
const deployments = [
  deployment('healthy', [...byName.keys()], '2'),
  deployment('group-without-table', ['canvas'], '3'),
  deployment('job-without-table', ['cleanup'], '3'),
  deployment('group-refusing-cloudfront', ['user'], '4'),
  deployment('unknown-function', ['not-probed'], '2'),
  deployment('no-function', [], '2'),
];

const dependencies = (): HookDependencies => ({
  codeDeploy: codeDeploy.client,
  invoke: localReleaseInvoker(versions),
  probeOf: (name) => byName.get(name)?.probe,
  originSecret: async () => originSecret,
});

const itemCount = async () => (await db().send(new ScanCommand({ TableName: tableName(), Select: 'COUNT' }))).Count;

beforeAll(async () => {
  codeDeploy = await startCodeDeployEndpoint(deployments);
  // The environment the integration stack set up, as every version's configuration; the origin secret checked as in the cloud.
  const healthy = { ...(process.env as Record<string, string>), ORIGIN_SECRET: originSecret };
  for (const fn of functions) versions.set(`${fn.functionName}:2`, { entry: fn.entry, environment: healthy });
  // A release whose table setting names no table (a wrong setting, a missing grant: the same 500).
  const withoutTable = { ...healthy, TABLE_NAME: 'family-canvas-no-such-table' };
  versions.set('canvas:3', { entry: byName.get('canvas')!.entry, environment: withoutTable });
  versions.set('cleanup:3', { entry: byName.get('cleanup')!.entry, environment: withoutTable });
  // A release that checks another origin secret than the one CloudFront sends.
  versions.set('user:4', { entry: byName.get('user')!.entry, environment: { ...healthy, ORIGIN_SECRET: 'another-secret' } });
  await signUpAndConfirm(stack, { createEntityName: 'Release Hook Family' });
});

afterAll(async () => {
  await codeDeploy?.stop();
});

describe('the BeforeAllowTraffic hook', () => {
  it('reports Succeeded for a healthy release of every route group and job, and its calls change nothing', async () => {
    const before = await itemCount();
    const verdict = await beforeAllowTraffic({ DeploymentId: 'healthy', LifecycleEventHookExecutionId: 'hook-healthy' }, dependencies());
    expect(verdict.reason).toBeUndefined();
    expect(verdict.status).toBe('Succeeded');
    expect(verdict.outcomes).toHaveLength(functions.length);
    for (const outcome of verdict.outcomes) expect(outcome.passed, `${outcome.functionName}: ${outcome.probe} ${outcome.detail}`).toBe(true);
    // A session-bound route answers 401 after reading the (unknown) session; the jobs' dry runs finish.
    expect(verdict.outcomes.find((outcome) => outcome.functionName === 'canvas')?.detail).toBe('answered 401');
    expect(verdict.outcomes.find((outcome) => outcome.functionName === 'cleanup')?.probe).toBe('dry run of cleanup');
    expect(codeDeploy.reported).toContainEqual({ deploymentId: 'healthy', lifecycleEventHookExecutionId: 'hook-healthy', status: 'Succeeded' });
    expect(await itemCount()).toBe(before);
  }, 600_000);

  it('reports Failed for a route group whose new version answers 500 (its table setting is wrong)', async () => {
    const verdict = await beforeAllowTraffic({ DeploymentId: 'group-without-table', LifecycleEventHookExecutionId: 'hook-group' }, dependencies());
    expect(verdict.status).toBe('Failed');
    expect(verdict.outcomes).toMatchObject([{ functionName: 'canvas', version: '3', passed: false, detail: 'answered 500' }]);
    expect(codeDeploy.reported).toContainEqual({ deploymentId: 'group-without-table', lifecycleEventHookExecutionId: 'hook-group', status: 'Failed' });
  }, 120_000);

  it('reports Failed for a job whose dry run fails', async () => {
    const verdict = await beforeAllowTraffic({ DeploymentId: 'job-without-table', LifecycleEventHookExecutionId: 'hook-job' }, dependencies());
    expect(verdict.status).toBe('Failed');
    expect(verdict.outcomes[0]).toMatchObject({ functionName: 'cleanup', passed: false });
    expect(verdict.outcomes[0]!.detail).toMatch(/^failed \(Unhandled\)/);
    expect(codeDeploy.reported).toContainEqual({ deploymentId: 'job-without-table', lifecycleEventHookExecutionId: 'hook-job', status: 'Failed' });
  }, 120_000);

  it('reports Failed for a version that refuses the requests CloudFront sends (403)', async () => {
    const verdict = await beforeAllowTraffic({ DeploymentId: 'group-refusing-cloudfront', LifecycleEventHookExecutionId: 'hook-origin' }, dependencies());
    expect(verdict.status).toBe('Failed');
    expect(verdict.outcomes[0]!.detail).toMatch(/^answered 403/);
  }, 120_000);

  it('reports Failed for a function it has no probe for, and for a deployment it cannot read', async () => {
    expect((await beforeAllowTraffic({ DeploymentId: 'unknown-function', LifecycleEventHookExecutionId: 'hook-unknown' }, dependencies())).status).toBe(
      'Failed',
    );
    const unreadable = await beforeAllowTraffic({ DeploymentId: 'no-function', LifecycleEventHookExecutionId: 'hook-unreadable' }, dependencies());
    expect(unreadable).toMatchObject({ status: 'Failed', reason: expect.stringMatching(/could not be checked/) });
    expect(codeDeploy.reported).toContainEqual({ deploymentId: 'no-function', lifecycleEventHookExecutionId: 'hook-unreadable', status: 'Failed' });
  }, 120_000);
});
