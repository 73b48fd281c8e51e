import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { originProof, resetOriginSecretForTests } from './origin-secret';

/**
 * The origin secret read from Secrets Manager as the cloud does it: the SDK client (through
 * Powertools Parameters, ./secret-source.ts) against a small server that answers Secrets
 * Manager's JSON protocol (AWS_ENDPOINT_URL_SECRETS_MANAGER points the client at it). What the
 * distribution notices: both versions pass during a rotation, a read is reused for minutes, a
 * secret never rotated costs no extra call per request, and a new value is taken at once.
 */

const arn = 'arn:aws:secretsmanager:eu-central-1:111122223333:secret:origin-AbCdEf';
const versions: { current: string; previous?: string } = { current: 'first' };
const asked: string[] = [];
let server: http.Server;
const saved = { ...process.env };

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const input = JSON.parse(body) as { SecretId: string; VersionStage?: string };
      const stage = input.VersionStage ?? 'AWSCURRENT';
      asked.push(`${request.headers['x-amz-target']} ${stage}`);
      const value = stage === 'AWSPREVIOUS' ? versions.previous : versions.current;
      if (input.SecretId !== arn || value === undefined) {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        response.end(JSON.stringify({ __type: 'ResourceNotFoundException', message: "Secrets Manager can't find the specified secret value." }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify({ ARN: arn, Name: 'origin', SecretString: value, VersionStages: [stage], CreatedDate: 1_700_000_000 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  Object.assign(process.env, {
    ORIGIN_SECRET_ARN: arn,
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});

afterAll(async () => {
  process.env = saved;
  resetOriginSecretForTests();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  resetOriginSecretForTests();
  asked.length = 0;
});

describe('the origin secret from Secrets Manager', () => {
  it('accepts the current and the previous version during a rotation, and reads them once for many requests', async () => {
    Object.assign(versions, { current: 'second', previous: 'first' });
    expect(await originProof('second')).toBe('proven');
    expect(await originProof('first')).toBe('proven');
    expect(await originProof('second')).toBe('proven');
    expect(asked.sort()).toEqual(['secretsmanager.GetSecretValue AWSCURRENT', 'secretsmanager.GetSecretValue AWSPREVIOUS']);
  });

  it('a secret never rotated: only its value passes, and its missing previous version is not asked for again', async () => {
    versions.current = 'only';
    delete versions.previous;
    expect(await originProof('only')).toBe('proven');
    expect(await originProof('only')).toBe('proven');
    expect(asked.filter((call) => call.endsWith('AWSPREVIOUS'))).toHaveLength(1);
    expect(await originProof(undefined)).toBe('refused');
  });

  it('a value that matches neither is read again at once (just rotated), then refused without another read within the minute', async () => {
    versions.current = 'old';
    delete versions.previous;
    expect(await originProof('old')).toBe('proven');
    Object.assign(versions, { current: 'new', previous: 'old' });
    expect(await originProof('new')).toBe('proven');
    const reads = asked.length;
    expect(await originProof('forged')).toBe('refused');
    expect(await originProof('forged')).toBe('refused');
    expect(asked.length - reads).toBe(0);
  });
});
