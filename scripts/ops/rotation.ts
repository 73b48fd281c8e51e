import { parseServerSecret } from '../../functions/lib/server-secret';
import { newSecretValue, type SecretStore } from './secret-store';

/**
 * `rotate-server-secret`: the current value becomes `previous` (it still verifies for
 * functions/lib/server-secret.ts previousSecretWindowMs), a new random value becomes
 * `current`. Functions pick it up within serverSecretCacheMs; nothing is redeployed.
 */
export async function rotateServerSecret(store: SecretStore, at = new Date()): Promise<{ where: string; rotatedAt: string }> {
  const before = parseServerSecret(await store.read());
  const rotatedAt = at.toISOString();
  await store.write(JSON.stringify({ current: newSecretValue(), previous: before.current, rotatedAt }));
  return { where: store.where, rotatedAt };
}

/** The MFA key secret's versions as text: `{"current": "2", "keys": {"1": "…", "2": "…"}}`; plain text is version "1". */
function mfaKeyTexts(text: string): { current: string; keys: Record<string, string> } {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return { current: '1', keys: { '1': trimmed } };
  const parsed = JSON.parse(trimmed) as { current: string; keys: Record<string, string> };
  if (!parsed.keys[parsed.current]) throw new Error('The MFA key secret names no current key');
  return parsed;
}

/**
 * `rotate-mfa-key`: adds a key version and makes it current. New TOTP secrets are sealed
 * with it; the older versions stay in the secret (stored secrets still open) until
 * `reencrypt-mfa` has moved them, and while recovery codes made under them are unused.
 */
export async function rotateMfaKey(store: SecretStore): Promise<{ where: string; current: string; versions: string[] }> {
  const before = mfaKeyTexts(await store.read());
  const current = String(Math.max(...Object.keys(before.keys).map(Number)) + 1);
  const keys = { ...before.keys, [current]: newSecretValue() };
  await store.write(JSON.stringify({ current, keys }));
  return { where: store.where, current, versions: Object.keys(keys) };
}
