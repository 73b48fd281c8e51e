import { createHmac } from 'node:crypto';
import { now } from './clock';
import { config } from './config';
import { mayRereadAfterMismatch, readSecretText, resetSecretsForTests, secretMaxAgeSeconds } from './secret-source';

/**
 * SERVER_SECRET, read at run time (Secrets Manager in the cloud, functions/lib/secret-source.ts,
 * whose Powertools cache keeps it for a few minutes), so a rotation reaches every warm function
 * without a deployment.
 *
 * The secret's value is JSON `{"current": "…", "previous": "…", "rotatedAt": "ISO"}` (plain
 * text, as a secret made before rotation existed holds, is the current value alone).
 * Everything derived from it signs with `current` and verifies with `current` or, for
 * `previousSecretWindowMs` after `rotatedAt`, with `previous`: unsubscribe links, paging
 * cursors and device cookies handed out before a rotation keep working
 * (`npm run ops -- rotate-server-secret`, docs/operations.md "Running it").
 */
export type ServerSecretValue = { current: string; previous?: string; rotatedAt?: string };

/** How long a read value is used before the secret is read again (./secret-source.ts). */
export const serverSecretCacheMs = secretMaxAgeSeconds * 1000;
/** How long the previous value still verifies after a rotation (a weekly digest's links, with room). */
export const previousSecretWindowMs = 30 * 86_400_000;

export function parseServerSecret(text: string): ServerSecretValue {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) {
    if (!trimmed) throw new Error('The server secret is empty');
    return { current: trimmed };
  }
  const parsed = JSON.parse(trimmed) as Record<string, unknown>;
  if (typeof parsed.current !== 'string' || !parsed.current) throw new Error('The server secret has no current value');
  return {
    current: parsed.current,
    ...(typeof parsed.previous === 'string' && parsed.previous ? { previous: parsed.previous } : {}),
    ...(typeof parsed.rotatedAt === 'string' ? { rotatedAt: parsed.rotatedAt } : {}),
  };
}

export async function readServerSecret(options: { forceFetch?: boolean } = {}): Promise<ServerSecretValue> {
  const { serverSecretArn, serverSecretText } = config();
  return parseServerSecret(
    await readSecretText('server-secret', { arn: serverSecretArn, text: serverSecretText, missing: 'SERVER_SECRET or SERVER_SECRET_ARN' }, options),
  );
}

/** The values that verify now: current first, then previous while its window lasts. */
export function verifyingValues(secret: ServerSecretValue, at: Date): string[] {
  const rotatedAt = secret.rotatedAt ? Date.parse(secret.rotatedAt) : Number.NaN;
  const previousHolds = secret.previous !== undefined && Number.isFinite(rotatedAt) && at.getTime() - rotatedAt < previousSecretWindowMs;
  return previousHolds ? [secret.current, secret.previous as string] : [secret.current];
}

/** HMAC-SHA256 of `message` with the current value: what is handed out. */
export async function signWithServerSecret(message: string): Promise<Buffer> {
  return createHmac('sha256', (await readServerSecret()).current)
    .update(message)
    .digest();
}

/**
 * Whether `matches` (the caller's constant-time comparison) accepts the HMAC-SHA256 of `message` with a value that
 * verifies now. A token made by a function that already read a rotated secret reaches warm functions still holding
 * the older value: on no match the secret is read again (mayRereadAfterMismatch) before the answer is no.
 */
export async function verifiesWithServerSecret(message: string, matches: (digest: Buffer) => boolean): Promise<boolean> {
  const verifies = (secret: ServerSecretValue) => verifyingValues(secret, now()).some((value) => matches(createHmac('sha256', value).update(message).digest()));
  if (verifies(await readServerSecret())) return true;
  const { serverSecretArn } = config();
  if (!serverSecretArn || !mayRereadAfterMismatch(serverSecretArn)) return false;
  return verifies(await readServerSecret({ forceFetch: true }));
}

/** Tests change the environment (and the stand-in file) between steps. */
export function resetServerSecretForTests(): void {
  resetSecretsForTests();
}
