import { awsRequest } from './aws-request';

/**
 * Secrets Manager's GetSecretValue as one signed request (./aws-request.ts), in place of
 * `@aws-sdk/client-secrets-manager` (about 29 KB of every bundle for one call made once
 * every few minutes; README.md, "Lambda bundles"). `AWS_ENDPOINT_URL_SECRETS_MANAGER` points
 * it elsewhere, as for the SDK (the tests use it).
 *
 * A refusal throws an AwsRequestError named by the service's error type
 * (`ResourceNotFoundException`, `AccessDeniedException`, …).
 */
export async function getSecretString(secretId: string, options: { versionStage?: string } = {}): Promise<string | undefined> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('No AWS_REGION for Secrets Manager');
  const answer = await awsRequest<{ SecretString?: string } | undefined>({
    service: { signingName: 'secretsmanager', traceName: 'SecretsManager' },
    operation: 'GetSecretValue',
    region,
    url: new URL(process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? `https://secretsmanager.${region}.amazonaws.com/`),
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body: JSON.stringify({ SecretId: secretId, ...(options.versionStage ? { VersionStage: options.versionStage } : {}) }),
  });
  return answer?.SecretString;
}
