import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const input = JSON.parse(body) as { SecretId: string; VersionStage?: string };
      const stage = input.VersionStage ?? 'AWSCURRENT';
      asked.push(`${request.headers['x-amz-target']} ${stage}`);
      const secret = secrets[input.SecretId];
      const value = stage === 'AWSPREVIOUS' ? secret?.previous : secret?.current;
      if (value === undefined) {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value." }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify({ ARN: input.SecretId, Name: 'secret', SecretString: value, VersionStages: [stage], CreatedDate: 1_700_000_000 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    asked,
    /** The environment a function needs to read from it. */
    environment: {
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
      AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
