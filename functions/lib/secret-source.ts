import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from './config';

/**
 * Where a secret's text comes from at run time. In the cloud: Secrets Manager, by the ARN the
 * function's environment names (only the ARN: the value never sits in a function's
 * configuration). Locally: the stand-in file `<LOCAL_SECRETS_DIR>/<name>.json` that
 * `npm run ops -- rotate-server-secret` / `rotate-mfa-key` write (scripts/ops/secret-store.ts),
 * else the development text of the environment (infra/local/stack.ts localEnvironment).
 */
export type SecretName = 'server-secret' | 'mfa-key';

export const localSecretFile = (directory: string, name: SecretName) => path.join(directory, `${name}.json`);

export async function readSecretText(name: SecretName, source: { arn: string | undefined; text: string | undefined; missing: string }): Promise<string> {
  const { localSecretsDir, region } = config();
  if (source.arn) {
    // Loaded only where a secret is read: other functions never carry the client's work.
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient({ region });
    try {
      const result = await client.send(new GetSecretValueCommand({ SecretId: source.arn }));
      if (!result.SecretString) throw new Error(`The secret ${name} has no value`);
      return result.SecretString;
    } finally {
      client.destroy();
    }
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
