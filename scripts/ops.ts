/**
 * `npm run ops -- <command>`: operations on a running installation, against the local stack by
 * default (`npm start`: DynamoDB Local on FC_DYNAMODB_PORT, the secrets' stand-in files under
 * `.data/secrets`), or the cloud with AWS credentials, `AWS_REGION`, `TABLE_NAME` and no
 * `DYNAMODB_ENDPOINT` (and `SERVER_SECRET_ARN` / `MFA_KEY_SECRET_ARN` for the secrets: the Data
 * stack's outputs). docs/operations.md "Running it".
 *
 *   rotate-server-secret       new SERVER_SECRET; the previous one still verifies for 30 days
 *   rotate-mfa-key             new MFA key version (new TOTP secrets use it)
 *   reencrypt-mfa [--dry-run]  moves every stored TOTP secret to the current key version (resumable)
 *   migrate [--dry-run]        runs the data migrations not done yet (resumable)
 *   migrate status             each migration's record: status, checkpoint, counts
 *   restore-drill              local only: copies the table, re-points a stack at the copy, checks it
 */
import { localEnvironment } from '../infra/local/stack';
import { defaultLocalSecretsDirectory } from './ops/secret-store';

const commands = ['rotate-server-secret', 'rotate-mfa-key', 'reencrypt-mfa', 'migrate', 'restore-drill'] as const;

function useLocalStackUnlessCloud(): void {
  if (!process.env.TABLE_NAME || process.env.DYNAMODB_ENDPOINT) {
    const environment = localEnvironment({
      dynamoEndpoint: process.env.DYNAMODB_ENDPOINT ?? `http://127.0.0.1:${Number(process.env.FC_DYNAMODB_PORT ?? 8000)}`,
      sesEndpoint: `http://127.0.0.1:${Number(process.env.FC_SES_PORT ?? 8005)}`,
      appUrl: `http://localhost:${Number(process.env.FC_WEB_PORT ?? 5173)}`,
      tableName: process.env.TABLE_NAME ?? 'family-canvas-local',
    });
    for (const [key, value] of Object.entries(environment)) process.env[key] ??= value;
    if (!process.env.SERVER_SECRET_ARN && !process.env.MFA_KEY_SECRET_ARN) process.env.LOCAL_SECRETS_DIR ??= defaultLocalSecretsDirectory;
  }
  process.env.LOG_LEVEL ??= 'warn';
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const dryRun = rest.includes('--dry-run');
  if (!commands.includes(command as (typeof commands)[number])) {
    console.error(`usage: npm run ops -- <${commands.join('|')}> [--dry-run]`);
    process.exit(2);
  }
  useLocalStackUnlessCloud();
  const { secretStore } = await import('./ops/secret-store');
  switch (command) {
    case 'rotate-server-secret': {
      const { rotateServerSecret } = await import('./ops/rotation');
      console.log(JSON.stringify(await rotateServerSecret(secretStore('server-secret'))));
      return;
    }
    case 'rotate-mfa-key': {
      const { rotateMfaKey } = await import('./ops/rotation');
      console.log(JSON.stringify(await rotateMfaKey(secretStore('mfa-key'))));
      const { secretMaxAgeSeconds } = await import('../functions/lib/secret-source');
      // docs/operations.md "Secrets rotation": until then a warm function may still seal with the old version.
      console.error(`Wait ${secretMaxAgeSeconds / 60} minutes (the functions' secret cache) before reencrypt-mfa.`);
      return;
    }
    case 'reencrypt-mfa': {
      const { runMigration } = await import('../functions/lib/db/migrations');
      const { reencryptMfaMigration } = await import('../functions/domain/two-factor/reencrypt-secrets');
      console.log(JSON.stringify(await runMigration(await reencryptMfaMigration(), { dryRun })));
      return;
    }
    case 'migrate': {
      const { listMigrationRecords, runMigrations } = await import('../functions/lib/db/migrations');
      const { migrations } = await import('./ops/migrations');
      if (rest[0] === 'status') {
        const records = new Map((await listMigrationRecords()).map((record) => [record.id, record]));
        for (const migration of migrations) {
          const record = records.get(migration.id);
          console.log(
            JSON.stringify({
              id: migration.id,
              status: record?.status ?? 'pending',
              counts: record?.counts,
              cursor: record?.cursor,
              updatedAt: record?.updatedAt,
            }),
          );
        }
        // Records of runs that are not versioned migrations (reencrypt-mfa).
        for (const record of records.values()) if (!migrations.some((migration) => migration.id === record.id)) console.log(JSON.stringify(record));
        return;
      }
      for (const result of await runMigrations(migrations, { dryRun })) console.log(JSON.stringify(result));
      return;
    }
    case 'restore-drill': {
      const { restoreDrill } = await import('./ops/restore-drill');
      console.log(
        JSON.stringify(await restoreDrill({ dynamoEndpoint: process.env.DYNAMODB_ENDPOINT as string, sourceTable: process.env.TABLE_NAME as string }), null, 2),
      );
      return;
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
