import { CodeDeployClient } from '@aws-sdk/client-codedeploy';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { logger } from '../lib/observability';
import { readSecretsManagerText } from '../lib/secret-source';
import { beforeAllowTraffic, type HookEvent, type Invoker } from './before-allow-traffic';
import { parseProbeMap } from './probes';

/**
 * The Lambda CodeDeploy calls before a release moves traffic (./before-allow-traffic.ts decides).
 * RELEASE_PROBES names each function's probe, ORIGIN_SECRET_ARN the origin secret CloudFront
 * sends (infra/constructs/release-hook.ts sets both). Calls a version by its number, never the alias.
 */
const lambda = new LambdaClient({});
const codeDeploy = new CodeDeployClient({});

/** A synchronous call of one version; Lambda's FunctionError says when the function itself failed. */
export const lambdaInvoker =
  (client: LambdaClient): Invoker =>
  async (target, payload) => {
    const output = await client.send(
      new InvokeCommand({ FunctionName: target.functionName, Qualifier: target.version, Payload: Buffer.from(JSON.stringify(payload)) }),
    );
    const text = output.Payload ? Buffer.from(output.Payload).toString('utf8') : '';
    return { payload: text ? (JSON.parse(text) as unknown) : undefined, ...(output.FunctionError ? { functionError: output.FunctionError } : {}) };
  };

export const handler = async (event: HookEvent): Promise<void> => {
  const probes = parseProbeMap(process.env.RELEASE_PROBES);
  const originSecretArn = process.env.ORIGIN_SECRET_ARN;
  const verdict = await beforeAllowTraffic(event, {
    codeDeploy,
    invoke: lambdaInvoker(lambda),
    probeOf: (functionName) => probes.get(functionName),
    originSecret: async () => (originSecretArn ? readSecretsManagerText(originSecretArn) : undefined),
  });
  const log = verdict.status === 'Succeeded' ? logger.info.bind(logger) : logger.error.bind(logger);
  log('release hook', { deploymentId: event.DeploymentId, status: verdict.status, reason: verdict.reason, outcomes: verdict.outcomes });
};
