import { CodeDeployClient } from '@aws-sdk/client-codedeploy';
import { offlineClientSettings, startAwsJsonEndpoint } from './aws-json-endpoint';

/** A deployment as CodeDeploy holds it for a Lambda release: the functions and versions of its AppSpec. */
export type LocalDeployment = { id: string; targets: Array<{ functionName: string; currentVersion: string; targetVersion: string }> };

/**
 * A small server answering CodeDeploy's JSON protocol for the release hook
 * (functions/release-hook/before-allow-traffic.ts): GetDeployment gives each deployment's AppSpec
 * as CloudFormation writes it (JSON), PutLifecycleEventHookExecutionStatus records the verdict in
 * `reported`. `client` is the real SDK client pointed at it.
 */
export async function startCodeDeployEndpoint(deployments: readonly LocalDeployment[]) {
  const reported: Array<{ deploymentId: string; lifecycleEventHookExecutionId: string; status: string }> = [];
  const endpoint = await startAwsJsonEndpoint((target, input) => {
    const deploymentId = String(input.deploymentId);
    const deployment = deployments.find((candidate) => candidate.id === deploymentId);
    if (!deployment) return { status: 400, body: { __type: 'DeploymentDoesNotExistException', message: `The deployment ${deploymentId} could not be found.` } };
    if (target.endsWith('.GetDeployment')) {
      const appSpec = {
        version: 0.0,
        Resources: deployment.targets.map((fn, index) => ({
          [`Function${index}`]: {
            Type: 'AWS::Lambda::Function',
            Properties: { Name: fn.functionName, Alias: 'live', CurrentVersion: fn.currentVersion, TargetVersion: fn.targetVersion },
          },
        })),
      };
      const content = JSON.stringify(appSpec);
      return {
        status: 200,
        body: { deploymentInfo: { deploymentId, computePlatform: 'Lambda', revision: { revisionType: 'AppSpecContent', appSpecContent: { content } } } },
      };
    }
    if (target.endsWith('.PutLifecycleEventHookExecutionStatus')) {
      const lifecycleEventHookExecutionId = String(input.lifecycleEventHookExecutionId);
      reported.push({ deploymentId, lifecycleEventHookExecutionId, status: String(input.status) });
      return { status: 200, body: { lifecycleEventHookExecutionId } };
    }
    return { status: 400, body: { __type: 'UnknownOperationException', message: target } };
  });
  return {
    reported,
    client: new CodeDeployClient({ ...offlineClientSettings, endpoint: endpoint.url, maxAttempts: 1 }),
    stop: endpoint.stop,
  };
}
