import { createHash, timingSafeEqual } from 'node:crypto';
import { getSecretString } from './secrets-manager';

/**
 * The origin secret: CloudFront adds it as a custom origin header (`x-origin-verify`) to every
 * request it sends to the API origins (infra/stacks/web-stack.ts), so a request that carries it
 * came through our distribution (its WAF, CSP and rate rule) and its `CloudFront-Viewer-Address`
 * is CloudFront's, not the client's (functions/lib/client-address.ts).
 *
 * Where the accepted values come from:
 * - in the cloud, the Secrets Manager secret named by `ORIGIN_SECRET_ARN`: its current and its
 *   previous version (AWSCURRENT, AWSPREVIOUS), so a rotation never refuses the distribution
 *   while it still sends the old value (README "Security"). Read at the first request and again
 *   after refreshAfterMs, or sooner (at most once per retryMismatchAfterMs) when a request
 *   brings a value that matches neither;
 * - locally, `ORIGIN_SECRET` (and `ORIGIN_SECRET_PREVIOUS`), set where a front door adds the
 *   header (infra/local/stack.ts localEnvironment);
 * - neither set: no check (unit tests that build events by hand). Every cloud function gets
 *   the ARN (tests/infra/origin-secret.test.ts).
 */
export const originSecretHeader = 'x-origin-verify';

const refreshAfterMs = 5 * 60_000;
const retryMismatchAfterMs = 60_000;

let cached: { values: Promise<string[]>; readAt: number } | undefined;

async function readFromSecretsManager(secretArn: string): Promise<string[]> {
  const current = await getSecretString(secretArn);
  // A secret that was never rotated has no previous version.
  const previous = await getSecretString(secretArn, { versionStage: 'AWSPREVIOUS' }).catch((error: unknown) => {
    if ((error as { name?: string } | null)?.name === 'ResourceNotFoundException') return undefined;
    throw error;
  });
  const values = [current, previous].filter((value): value is string => typeof value === 'string' && value !== '');
  if (values.length === 0) throw new Error('The origin secret has no value');
  return values;
}

function read(): Promise<string[]> {
  const secretArn = process.env.ORIGIN_SECRET_ARN;
  if (secretArn) return readFromSecretsManager(secretArn);
  return Promise.resolve([process.env.ORIGIN_SECRET, process.env.ORIGIN_SECRET_PREVIOUS].filter((value): value is string => !!value));
}

/** Whether this function checks the origin secret at all (a secret or its ARN is configured). */
export function isOriginSecretConfigured(): boolean {
  return !!(process.env.ORIGIN_SECRET_ARN || process.env.ORIGIN_SECRET);
}

function acceptedValues(nowMs: number, maxAgeMs: number): Promise<string[]> {
  if (!cached || nowMs - cached.readAt >= maxAgeMs) {
    const values = read();
    const entry = { values, readAt: nowMs };
    cached = entry;
    // A failed read is tried again on the next request.
    values.catch(() => {
      if (cached === entry) cached = undefined;
    });
  }
  return cached.values;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison of what a request sent with each accepted value (hashed first, so lengths never leak). */
export function matchesOneOf(sent: string | undefined, accepted: readonly string[]): boolean {
  if (sent === undefined || sent === '') return false;
  const sentDigest = digest(sent);
  let matched = false;
  for (const value of accepted) matched = timingSafeEqual(sentDigest, digest(value)) || matched;
  return matched;
}

/**
 * Whether a request carrying `sent` in `x-origin-verify` came through our distribution:
 * `unchecked` when no secret is configured, else `proven` or `refused`.
 */
export async function originProof(sent: string | undefined): Promise<'unchecked' | 'proven' | 'refused'> {
  if (!isOriginSecretConfigured()) return 'unchecked';
  const nowMs = Date.now();
  if (matchesOneOf(sent, await acceptedValues(nowMs, refreshAfterMs))) return 'proven';
  // Just rotated and redeployed? Read again, at most once a minute, before refusing.
  if (sent && cached && nowMs - cached.readAt >= retryMismatchAfterMs && matchesOneOf(sent, await acceptedValues(nowMs, retryMismatchAfterMs))) {
    return 'proven';
  }
  return 'refused';
}

/** Tests change the environment between suites. */
export function resetOriginSecretForTests(): void {
  cached = undefined;
}
