import { createHash } from 'node:crypto';
import { config } from '../../lib/config';

/**
 * The AES-256 key that encrypts TOTP secrets at rest. Locally `MFA_ENCRYPTION_KEY` (the local
 * stack sets a development default); in the cloud the Secrets Manager secret named by
 * `MFA_KEY_SECRET_ARN`, read once per cold start (only the auth and mfa functions may read
 * it). The secret's text (64 random characters) is hashed to the 32-byte key, so any long
 * random text works as a key.
 */
let cached: Promise<Buffer> | undefined;

async function readKeyText(): Promise<string> {
  const { mfaEncryptionKey, mfaKeySecretArn, region } = config();
  if (mfaEncryptionKey) return mfaEncryptionKey;
  if (!mfaKeySecretArn) throw new Error('Missing environment variable MFA_ENCRYPTION_KEY or MFA_KEY_SECRET_ARN');
  // Loaded only where the key is needed: other functions never carry the client's work.
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const result = await new SecretsManagerClient({ region }).send(new GetSecretValueCommand({ SecretId: mfaKeySecretArn }));
  if (!result.SecretString) throw new Error('The MFA key secret has no value');
  return result.SecretString;
}

export function mfaEncryptionKey(): Promise<Buffer> {
  cached ??= readKeyText().then(
    (text) => createHash('sha256').update(text, 'utf8').digest(),
    (error: unknown) => {
      cached = undefined; // a failed read is tried again on the next request
      throw error;
    },
  );
  return cached;
}

/** Tests change the environment between suites. */
export function resetMfaKeyForTests(): void {
  cached = undefined;
}
