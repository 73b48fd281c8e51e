import { offlineClientSettings, startAwsJsonEndpoint } from './aws-json-endpoint';

/** One secret's versions as Secrets Manager holds them: AWSCURRENT and, once rotated, AWSPREVIOUS. */
export type SecretVersions = { current: string; previous?: string };

/**
 * A small server answering Secrets Manager's JSON protocol (GetSecretValue) for the secrets in
 * `secrets`, by ARN, so a unit test reads them through the SDK client and Powertools Parameters
 * exactly as a function does in the cloud (AWS_ENDPOINT_URL_SECRETS_MANAGER points the client at
 * it). `asked` lists each call as "<target> <version stage>".
 */
export async function startSecretsManagerEndpoint(secrets: Record<string, SecretVersions>) {
  const asked: string[] = [];
  const endpoint = await startAwsJsonEndpoint((target, input) => {
    const secretId = String(input.SecretId);
    const stage = typeof input.VersionStage === 'string' ? input.VersionStage : 'AWSCURRENT';
    asked.push(`${target} ${stage}`);
    const secret = secrets[secretId];
    const value = stage === 'AWSPREVIOUS' ? secret?.previous : secret?.current;
    if (value === undefined)
      return { status: 400, body: { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value." } };
    return { status: 200, body: { ARN: secretId, Name: 'secret', SecretString: value, VersionStages: [stage], CreatedDate: 1_700_000_000 } };
  });
  return {
    asked,
    /** The environment a function needs to read from it. */
    environment: {
      AWS_REGION: offlineClientSettings.region,
      AWS_ACCESS_KEY_ID: offlineClientSettings.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: offlineClientSettings.credentials.secretAccessKey,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint.url,
    },
    stop: endpoint.stop,
  };
}
