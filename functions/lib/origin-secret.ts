import { createHash, timingSafeEqual } from 'node:crypto';
import { mayRereadAfterMismatch, readSecretsManagerText, resetSecretsForTests } from './secret-source';

/**
 * The origin secret: CloudFront adds it as a custom origin header (`x-origin-verify`) to every
 * request it sends to the API origins (infra/stacks/web-stack.ts), so a request that carries it
 * came through our distribution (its WAF, CSP and rate rule) and its `CloudFront-Viewer-Address`
 * is CloudFront's, not the client's (functions/lib/client-address.ts).
 *
 * Where the accepted values come from:
 * - in the cloud, the Secrets Manager secret named by `ORIGIN_SECRET_ARN`: its current and its
 *   previous version (AWSCURRENT, AWSPREVIOUS), so a rotation never refuses the distribution
 *   while it still sends the old value (docs/security.md). Read at the first request and again
 *   after Powertools' cache time (./secret-source.ts), or sooner (mayRereadAfterMismatch) when a
 *   request brings a value that matches neither;
 * - locally, `ORIGIN_SECRET` (and `ORIGIN_SECRET_PREVIOUS`), set where a front door adds the
 *   header (infra/local/stack.ts localEnvironment);
 * - neither set: no check (unit tests that build events by hand). Every cloud function gets
 *   the ARN (tests/infra/origin-secret.test.ts).
 */
export const originSecretHeader = 'x-origin-verify';

async function readFromSecretsManager(secretArn: string, forceFetch: boolean): Promise<string[]> {
  const values = await Promise.all([readSecretsManagerText(secretArn, { forceFetch }), readSecretsManagerText(secretArn, { previous: true, forceFetch })]);
  const accepted = values.filter((value): value is string => typeof value === 'string' && value !== '');
  if (accepted.length === 0) throw new Error('The origin secret has no value');
  return accepted;
}

function acceptedValues(forceFetch = false): Promise<string[]> {
  const secretArn = process.env.ORIGIN_SECRET_ARN;
  if (secretArn) return readFromSecretsManager(secretArn, forceFetch);
  return Promise.resolve([process.env.ORIGIN_SECRET, process.env.ORIGIN_SECRET_PREVIOUS].filter((value): value is string => !!value));
}

/** Whether this function checks the origin secret at all (a secret or its ARN is configured). */
export function isOriginSecretConfigured(): boolean {
  return !!(process.env.ORIGIN_SECRET_ARN || process.env.ORIGIN_SECRET);
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
  if (matchesOneOf(sent, await acceptedValues())) return 'proven';
  // Just rotated and redeployed? Read again before refusing.
  const secretArn = process.env.ORIGIN_SECRET_ARN;
  if (sent && secretArn && mayRereadAfterMismatch(secretArn)) {
    if (matchesOneOf(sent, await acceptedValues(true))) return 'proven';
  }
  return 'refused';
}

/** Tests change the environment between suites. */
export function resetOriginSecretForTests(): void {
  resetSecretsForTests();
}
