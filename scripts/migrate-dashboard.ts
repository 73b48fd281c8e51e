/**
 * `npm run migrate:dashboard`: brings a table written before the scalable dashboard up to
 * date (functions/domain/work-relations/migrate-dashboard.ts). The same as the first
 * migration of `npm run ops -- migrate` (scripts/ops/migrations.ts), recorded and resumable;
 * kept for the commands already written down. Against the local stack by
 * default (FC_DYNAMODB_PORT), or DYNAMODB_ENDPOINT / TABLE_NAME (and, in the cloud, AWS
 * credentials with AWS_REGION and TABLE_NAME and no endpoint).
 */
import { localEnvironment } from '../infra/local/stack';

async function main(): Promise<void> {
  if (!process.env.TABLE_NAME || process.env.DYNAMODB_ENDPOINT) {
    const port = Number(process.env.FC_DYNAMODB_PORT ?? 8000);
    const environment = localEnvironment({
      dynamoEndpoint: process.env.DYNAMODB_ENDPOINT ?? `http://127.0.0.1:${port}`,
      sesEndpoint: `http://127.0.0.1:${Number(process.env.FC_SES_PORT ?? 8005)}`,
      appUrl: `http://localhost:${Number(process.env.FC_WEB_PORT ?? 5173)}`,
      tableName: process.env.TABLE_NAME ?? 'family-canvas-local',
    });
    for (const [key, value] of Object.entries(environment)) process.env[key] ??= value;
  }
  process.env.LOG_LEVEL ??= 'warn';
  const { migrateDashboard } = await import('../functions/domain/work-relations/migrate-dashboard');
  console.log(JSON.stringify(await migrateDashboard()));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
