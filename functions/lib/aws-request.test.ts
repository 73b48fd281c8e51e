import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getSecretString } from './secrets-manager';
import { awsRequest, signedHeaders } from './aws-request';

/**
 * AWS calls as signed requests (./aws-request.ts); GetSecretValue (./secrets-manager.ts) as one: against a local HTTP server answering as Secrets
 * Manager does, and its signature checked against the AWS SDK's own signer on the same request.
 */
type Seen = { headers: IncomingHttpHeaders; body: string; method?: string; url?: string };
let server: Server;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
/** Answers given before `answer`, one per request. */
let firstAnswers: Array<{ status: number; body: unknown }> = [];
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ headers: request.headers, body, method: request.method, url: request.url });
      const given = firstAnswers.shift() ?? answer;
      response.writeHead(given.status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'r1' });
      response.end(JSON.stringify(given.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  process.env = { ...saved };
  seen = [];
  answer = { status: 200, body: {} };
  firstAnswers = [];
});

const endpoint = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

function asFunction() {
  process.env.AWS_REGION = 'eu-central-1';
  process.env.AWS_ACCESS_KEY_ID = 'AKIDEXAMPLE';
  process.env.AWS_SECRET_ACCESS_KEY = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
  process.env.AWS_SESSION_TOKEN = 'session-token';
  process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = endpoint();
}

describe('GetSecretValue without the SDK client', () => {
  it('reads the secret string with the credentials of the environment, a version stage when asked', async () => {
    asFunction();
    answer = { status: 200, body: { ARN: 'arn:x', SecretString: '{"current":"abc"}' } };
    expect(await getSecretString('arn:aws:secretsmanager:eu-central-1:1:secret:s', { versionStage: 'AWSPREVIOUS' })).toBe('{"current":"abc"}');
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '')).toEqual({ SecretId: 'arn:aws:secretsmanager:eu-central-1:1:secret:s', VersionStage: 'AWSPREVIOUS' });
    expect(request?.headers['x-amz-target']).toBe('secretsmanager.GetSecretValue');
    expect(request?.headers['x-amz-security-token']).toBe('session-token');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/secretsmanager\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
  });

  it("names a refusal by the service's error type, and needs credentials", async () => {
    asFunction();
    answer = {
      status: 400,
      body: { __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value for staging label: AWSPREVIOUS" },
    };
    await expect(getSecretString('s', { versionStage: 'AWSPREVIOUS' })).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    delete process.env.AWS_ACCESS_KEY_ID;
    await expect(getSecretString('s')).rejects.toThrow(/No AWS credentials/);
  });

  it('tries once more after a server error, and not after a refusal', async () => {
    asFunction();
    firstAnswers = [{ status: 503, body: { __type: 'InternalServiceError', message: 'try again' } }];
    answer = { status: 200, body: { SecretString: 'second time' } };
    expect(await getSecretString('s')).toBe('second time');
    expect(seen).toHaveLength(2);
    seen = [];
    firstAnswers = [
      { status: 500, body: { __type: 'InternalServiceError' } },
      { status: 500, body: { __type: 'InternalServiceError' } },
    ];
    await expect(getSecretString('s')).rejects.toMatchObject({ name: 'InternalServiceError', $metadata: { httpStatusCode: 500 } });
    expect(seen).toHaveLength(2);
  });

  it("signs as the AWS SDK's signer does (Signature Version 4)", async () => {
    asFunction();
    answer = { status: 200, body: { SecretString: 'x' } };
    const sdk = new SecretsManagerClient({
      region: 'eu-central-1',
      endpoint: endpoint(),
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' },
    });
    await sdk.send(new GetSecretValueCommand({ SecretId: 'my-secret' }));
    sdk.destroy();
    const [request] = seen;
    const authorization = String(request?.headers.authorization);
    const names = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const amzDate = String(request?.headers['x-amz-date']);
    const at = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    // The headers the SDK signed, but those signedHeaders adds itself.
    const own = new Set(['host', 'x-amz-date', 'x-amz-security-token']);
    const headers = Object.fromEntries(names.filter((name) => !own.has(name)).map((name) => [name, String(request?.headers[name])]));
    const ours = await signedHeaders({
      method: 'POST',
      host: String(request?.headers.host),
      path: '/',
      headers,
      body: request?.body ?? '',
      region: 'eu-central-1',
      service: 'secretsmanager',
      at,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' },
    });
    expect(names).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-security-token', 'x-amz-target']));
    expect(ours.authorization).toBe(authorization);
  });

  it("signs an @connections call, whose connection id needs encoding, as the SDK's client does", async () => {
    asFunction();
    answer = { status: 200, body: {} };
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-token' };
    const connectionId = 'GvA3zfAYFiACF3w=';
    const sdk = new ApiGatewayManagementApiClient({ region: 'eu-central-1', endpoint: endpoint().replace(/\/$/, ''), credentials });
    await sdk.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode('{"type":"ping"}') }));
    sdk.destroy();
    const sdkRequest = seen.shift();
    const names = /SignedHeaders=([^,]+)/.exec(String(sdkRequest?.headers.authorization))?.[1]?.split(';') ?? [];
    const own = new Set(['host', 'x-amz-date', 'x-amz-security-token']);
    const amzDate = String(sdkRequest?.headers['x-amz-date']);
    const at = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const url = new URL(`${endpoint().replace(/\/$/, '')}/@connections/${encodeURIComponent(connectionId)}`);
    // Sent to the same path, signed alike.
    expect(sdkRequest?.url).toBe(url.pathname);
    const ours = await signedHeaders({
      method: 'POST',
      host: url.host,
      path: url.pathname,
      headers: Object.fromEntries(names.filter((name) => !own.has(name)).map((name) => [name, String(sdkRequest?.headers[name])])),
      body: sdkRequest?.body ?? '',
      region: 'eu-central-1',
      service: 'execute-api',
      at,
      credentials,
    });
    expect(ours.authorization).toBe(sdkRequest?.headers.authorization);
    // And awsRequest sends it there: a 410 names the socket gone.
    answer = { status: 410, body: {} };
    await expect(
      awsRequest({
        service: { signingName: 'execute-api', traceName: 'ApiGatewayManagementApi' },
        operation: 'PostToConnection',
        region: 'eu-central-1',
        url,
        headers: {},
        body: '{}',
      }),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 410 } });
    expect(seen.pop()?.url).toBe(url.pathname);
  });
});
