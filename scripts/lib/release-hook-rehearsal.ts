import { startCodeDeployEndpoint, type LocalDeployment } from '../../functions/lib/testing/codedeploy-endpoint';
import { beforeAllowTraffic, type HookVerdict } from '../../functions/release-hook/before-allow-traffic';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { localReleaseInvoker, probedFunctions, type LocalVersion } from '../../infra/local/release-invoker';
import { localEnvironment } from '../../infra/local/stack';
import { ensureTable } from '../../infra/local/table';

/**
 * The release hook on one machine (`npm run release:rehearse`): DynamoDB Local with a fresh table,
 * a local CodeDeploy endpoint reached through the real SDK client, and the real handlers run as
 * versions of their functions (infra/local/release-invoker.ts). Three releases go through the hook's
 * own decision (functions/release-hook/before-allow-traffic.ts):
 * - every route group and scheduled job, healthy: must be reported Succeeded;
 * - the canvas group with a broken setting (its table name names no table, as a wrong setting or a
 *   missing grant does: every request answers 500): must be reported Failed;
 * - the cleanup job with the same setting (its dry run fails): must be reported Failed.
 */
export type RehearsedRelease = { name: string; expected: HookVerdict['status']; verdict: HookVerdict; reported: string | undefined };

const brokenTable = 'family-canvas-no-such-table';

export async function rehearseReleaseHook(): Promise<RehearsedRelease[]> {
  const dynamo = await startDynamoLocal({ port: await freePort() });
  try {
    const tableName = 'family-canvas-rehearsal';
    await ensureTable(dynamo.endpoint, tableName);
    const originSecret = 'rehearsal-origin-secret';
    const healthy: Record<string, string> = {
      ...localEnvironment({ dynamoEndpoint: dynamo.endpoint, sesEndpoint: 'http://127.0.0.1:9', appUrl: 'http://localhost:5173', tableName, originSecret }),
      LOG_LEVEL: 'silent',
    };
    // The process runs the handlers: their settings are the healthy ones unless a version says otherwise.
    Object.assign(process.env, healthy);
    const functions = probedFunctions();
    const versions = new Map<string, LocalVersion>(functions.map((fn) => [`${fn.functionName}:2`, { entry: fn.entry, environment: healthy }]));
    const broken = { ...healthy, TABLE_NAME: brokenTable };
    const entryOf = (name: string) => functions.find((fn) => fn.functionName === name)!.entry;
    versions.set('canvas:3', { entry: entryOf('canvas'), environment: broken });
    versions.set('cleanup:3', { entry: entryOf('cleanup'), environment: broken });

    const releases: Array<LocalDeployment & { name: string; expected: HookVerdict['status'] }> = [
      {
        id: 'd-healthy',
        name: `healthy: all ${functions.length} route groups and jobs`,
        expected: 'Succeeded',
        targets: functions.map((fn) => ({ functionName: fn.functionName, currentVersion: '1', targetVersion: '2' })),
      },
      {
        id: 'd-broken-group',
        name: `broken on purpose: canvas with TABLE_NAME=${brokenTable}`,
        expected: 'Failed',
        targets: [{ functionName: 'canvas', currentVersion: '2', targetVersion: '3' }],
      },
      {
        id: 'd-broken-job',
        name: `broken on purpose: cleanup with TABLE_NAME=${brokenTable}`,
        expected: 'Failed',
        targets: [{ functionName: 'cleanup', currentVersion: '2', targetVersion: '3' }],
      },
    ];
    const codeDeploy = await startCodeDeployEndpoint(releases);
    try {
      const probes = new Map(functions.map((fn) => [fn.functionName, fn.probe]));
      const results: RehearsedRelease[] = [];
      for (const release of releases) {
        const hookExecutionId = `hook-${release.id}`;
        const verdict = await beforeAllowTraffic(
          { DeploymentId: release.id, LifecycleEventHookExecutionId: hookExecutionId },
          { codeDeploy: codeDeploy.client, invoke: localReleaseInvoker(versions), probeOf: (name) => probes.get(name), originSecret: async () => originSecret },
        );
        const reported = codeDeploy.reported.find((report) => report.lifecycleEventHookExecutionId === hookExecutionId)?.status;
        results.push({ name: release.name, expected: release.expected, verdict, reported });
      }
      return results;
    } finally {
      await codeDeploy.stop();
    }
  } finally {
    await dynamo.stop();
  }
}
