import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from './config';
import { getSecretString } from './secrets-manager';

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
  const { localSecretsDir } = config();
  if (source.arn) {
    const text = await getSecretString(source.arn);
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
