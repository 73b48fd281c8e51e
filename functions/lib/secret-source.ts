import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { config } from './config';
import { tracer } from './observability';

/**
 * Where a secret's text comes from at run time. In the cloud: Secrets Manager, by the ARN the
 * function's environment names (only the ARN: the value never sits in a function's
 * configuration), through Powertools Parameters, whose cache keeps a value for
 * secretMaxAgeSeconds: a rotation reaches every warm function within that time, without a
 * deployment. Locally: the stand-in file `<LOCAL_SECRETS_DIR>/<name>.json` that
 * `npm run ops -- rotate-server-secret` / `rotate-mfa-key` write (scripts/ops/secret-store.ts),
 * read at each use, else the development text of the environment (infra/local/stack.ts
 * localEnvironment).
 */
export type SecretName = 'server-secret' | 'mfa-key';

/** How long a value read from Secrets Manager is used before it is read again. */
export const secretMaxAgeSeconds = 5 * 60;

/**
 * Made at first use: the SDK client reads its region (and AWS_ENDPOINT_URL_SECRETS_MANAGER) from
 * the environment then. Its modules are loaded then too, not with the handler: locally no
 * secret is read from Secrets Manager at all (docs/architecture-decisions.md, Lambda bundles).
 */
let providers: { current: SecretsProvider; previous: SecretsProvider } | undefined;

async function secretsProviders(): Promise<{ current: SecretsProvider; previous: SecretsProvider }> {
  if (!providers) {
    const { SecretsManagerClient, SecretsProvider } = await import('./secrets-client');
    const client = tracer.captureAWSv3Client(new SecretsManagerClient({ maxAttempts: 2 }));
    // Two providers: Powertools keys its cache by name alone, so a second version stage needs a cache of its own.
    providers ??= { current: new SecretsProvider({ awsSdkV3Client: client }), previous: new SecretsProvider({ awsSdkV3Client: client }) };
  }
  return providers;
}

/**
 * A secret's text from Secrets Manager: its current version, or with `previous` its AWSPREVIOUS
 * version (undefined when it has none: a secret never rotated). Cached for secretMaxAgeSeconds;
 * `forceFetch` reads it again now (and caches that).
 */
export async function readSecretsManagerText(secretId: string, options: { previous?: boolean; forceFetch?: boolean } = {}): Promise<string | undefined> {
  const { current, previous } = await secretsProviders();
  const get = { maxAge: secretMaxAgeSeconds, forceFetch: options.forceFetch ?? false };
  if (!options.previous) return textOf(await current.get(secretId, get));
  if (!get.forceFetch && (noPreviousUntil.get(secretId) ?? 0) > Date.now()) return undefined;
  try {
    return textOf(await previous.get(secretId, { ...get, sdkOptions: { VersionStage: 'AWSPREVIOUS' } }));
  } catch (error) {
    // Powertools wraps the SDK's error (GetParameterError, the SDK's as its cause) and caches no failure:
    // the absence is remembered here for as long as a value would be.
    if ((error as { cause?: { name?: string } } | null)?.cause?.name !== 'ResourceNotFoundException') throw error;
    noPreviousUntil.set(secretId, Date.now() + secretMaxAgeSeconds * 1000);
    return undefined;
  }
}

/** Secrets found to have no AWSPREVIOUS version (never rotated), until when that is taken as known. */
const noPreviousUntil = new Map<string, number>();

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const localSecretFile = (directory: string, name: SecretName) => path.join(directory, `${name}.json`);

/**
 * A secret's text. `forceFetch` reads Secrets Manager again now (a value that did not verify, see
 * mayRereadAfterMismatch); the local stand-in is read at each use anyway.
 */
export async function readSecretText(
  name: SecretName,
  source: { arn: string | undefined; text: string | undefined; missing: string },
  options: { forceFetch?: boolean } = {},
): Promise<string> {
  const { localSecretsDir } = config();
  if (source.arn) {
    const text = await readSecretsManagerText(source.arn, { forceFetch: options.forceFetch ?? false });
    if (!text) throw new Error(`The secret ${name} has no value`);
    return text;
  }
  if (localSecretsDir) {
    try {
      return await readFile(localSecretFile(localSecretsDir, name), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (source.text) return source.text;
  throw new Error(`Missing environment variable ${source.missing}`);
}

/** How often a value that does not verify may make a function read a secret again before its cache time is up. */
export const mismatchRereadMs = 60_000;

/** When each secret was last read again because of a mismatch. */
const rereadAt = new Map<string, number>();

/**
 * Whether a value that verified with none of the cached values (a token or header made by a function that already
 * read a rotated secret, while this warm one holds the older value for up to secretMaxAgeSeconds) may read
 * `secretId` again now: at most once per mismatchRereadMs, so forged values cannot turn every request into a
 * Secrets Manager call.
 */
export function mayRereadAfterMismatch(secretId: string): boolean {
  const nowMs = Date.now();
  if (nowMs - (rereadAt.get(secretId) ?? Number.NEGATIVE_INFINITY) < mismatchRereadMs) return false;
  rereadAt.set(secretId, nowMs);
  return true;
}

/** Tests change the environment between suites: the next read asks Secrets Manager again. */
export function resetSecretsForTests(): void {
  providers = undefined;
  noPreviousUntil.clear();
  rereadAt.clear();
}
