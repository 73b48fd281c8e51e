import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { localSecretFile, type SecretName } from '../../functions/lib/secret-source';
import { localSecretsDirectory } from '../../infra/local/stack';

/**
 * Where `npm run ops` reads and writes a secret: Secrets Manager when the secret's ARN is
 * given (`SERVER_SECRET_ARN`, `MFA_KEY_SECRET_ARN`: the Data stack's outputs), else the local
 * stand-in, a JSON file under `LOCAL_SECRETS_DIR` (default `.data/secrets`, which `npm start`
 * reads: functions/lib/secret-source.ts), seeded from the development text of the environment.
 */
export type SecretStore = { where: string; read: () => Promise<string>; write: (text: string) => Promise<void> };

const sources: Record<SecretName, { arn: string; text: string }> = {
  'server-secret': { arn: 'SERVER_SECRET_ARN', text: 'SERVER_SECRET' },
  'mfa-key': { arn: 'MFA_KEY_SECRET_ARN', text: 'MFA_ENCRYPTION_KEY' },
};

export const defaultLocalSecretsDirectory = localSecretsDirectory;

export function secretStore(name: SecretName, environment: NodeJS.ProcessEnv = process.env): SecretStore {
  const arn = environment[sources[name].arn];
  if (arn) {
    const client = async () => {
      const sdk = await import('@aws-sdk/client-secrets-manager');
      return { sdk, client: new sdk.SecretsManagerClient({ region: environment.AWS_REGION ?? 'eu-central-1' }) };
    };
    return {
      where: arn,
      read: async () => {
        const { sdk, client: secrets } = await client();
        const result = await secrets.send(new sdk.GetSecretValueCommand({ SecretId: arn }));
        if (!result.SecretString) throw new Error(`${arn} has no value`);
        return result.SecretString;
      },
      // A new version becomes AWSCURRENT; Secrets Manager keeps the one before as AWSPREVIOUS.
      write: async (text) => {
        const { sdk, client: secrets } = await client();
        await secrets.send(new sdk.PutSecretValueCommand({ SecretId: arn, SecretString: text }));
      },
    };
  }
  const file = localSecretFile(environment.LOCAL_SECRETS_DIR ?? defaultLocalSecretsDirectory, name);
  return {
    where: file,
    read: async () => {
      try {
        return await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        const text = environment[sources[name].text];
        if (!text) throw new Error(`No ${file} and no ${sources[name].text}`);
        return text;
      }
    },
    write: async (text) => {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text, { mode: 0o600 });
    },
  };
}

/** 64 random hexadecimal characters: a new secret value. */
export const newSecretValue = () => randomBytes(32).toString('hex');
