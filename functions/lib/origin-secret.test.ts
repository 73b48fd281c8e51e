import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { originProof, resetOriginSecretForTests } from './origin-secret';
import { startSecretsManagerEndpoint, type SecretVersions } from './testing/secrets-manager-endpoint';

/**
 * The origin secret read from Secrets Manager as the cloud does it: the SDK client (through
 * Powertools Parameters, ./secret-source.ts) against ./testing/secrets-manager-endpoint.ts. What the
 * distribution notices: both versions pass during a rotation, a read is reused for minutes, a
 * secret never rotated costs no extra call per request, and a new value is taken at once.
 */

const arn = 'arn:aws:secretsmanager:eu-central-1:111122223333:secret:origin-AbCdEf';
const versions: SecretVersions = { current: 'first' };
let endpoint: Awaited<ReturnType<typeof startSecretsManagerEndpoint>>;
let asked: string[];
const saved = { ...process.env };

beforeAll(async () => {
  endpoint = await startSecretsManagerEndpoint({ [arn]: versions });
  asked = endpoint.asked;
  Object.assign(process.env, { ORIGIN_SECRET_ARN: arn, ...endpoint.environment });
});

afterAll(async () => {
  process.env = saved;
  resetOriginSecretForTests();
  await endpoint.stop();
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
