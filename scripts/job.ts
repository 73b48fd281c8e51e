/**
 * `npm run job -- <name> [--now <ISO date>] [--dry-run]`: runs a scheduled job by hand against the
 * local stack (`npm start`, default ports), with the same code the scheduler runs in the
 * cloud. `--now` pretends the time (the server clock, functions/lib/clock.ts), e.g. to see
 * Monday's digest on a Wednesday: `npm run job -- digest --now 2026-06-08T07:10:00Z`. `--dry-run`
 * finds the job's work and changes nothing (functions/jobs/dry-run.ts).
 *
 * The jobs that exist: cleanup (daily, expired items), digest (hourly, the e-mail digests
 * due), access-expiry (hourly: ends work relations whose access end date is over, warns
 * 7 days before) and cards (hourly: dashboard cards the stream left behind, rebuilt; `--full`
 * rebuilds and compares every card, `--dry-run` writes nothing). The ses-events job is not scheduled (SES events start it), so it is not offered.
 *
 * Where: FC_DYNAMODB_PORT / FC_SES_PORT / FC_WEB_PORT as for `npm start`, or DYNAMODB_ENDPOINT,
 * SES_ENDPOINT, TABLE_NAME and APP_URL directly (the end-to-end tests point it at their stack).
 */

type JobArguments = { now?: string; dryRun?: boolean };
const eventOf = ({ now, dryRun }: JobArguments) => ({ ...(now ? { now } : {}), ...(dryRun ? { dryRun } : {}) });
const jobs = {
  cleanup: async ({ dryRun }: JobArguments) => (await import('../functions/jobs/cleanup/handler')).handler(dryRun ? { dryRun } : {}),
  digest: async (job: JobArguments) => (await import('../functions/jobs/digest/handler')).handler(eventOf(job)),
  'access-expiry': async (job: JobArguments) => (await import('../functions/jobs/access-expiry/handler')).handler(eventOf(job)),
  cards: async ({ dryRun }: JobArguments) =>
    (await import('../functions/jobs/cards/handler')).handler({ full: process.argv.includes('--full'), dryRun: dryRun === true }),
} as const;
type JobName = keyof typeof jobs;

function usage(message?: string): never {
  if (message) console.error(message);
  console.error(`Usage: npm run job -- <${Object.keys(jobs).join('|')}> [--now <ISO date>] [--full] [--dry-run]`);
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const name = args[0];
  if (!name || !(name in jobs)) usage(name ? `Unknown job "${name}".` : undefined);
  const nowIndex = args.indexOf('--now');
  const nowArg = nowIndex >= 0 ? args[nowIndex + 1] : undefined;
  if (nowIndex >= 0 && (!nowArg || Number.isNaN(Date.parse(nowArg)))) usage('--now needs an ISO date, e.g. 2026-06-08T07:10:00Z.');

  const { localEnvironment } = await import('../infra/local/stack');
  const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  const environment = localEnvironment({
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT ?? `http://127.0.0.1:${port('FC_DYNAMODB_PORT', 8000)}`,
    sesEndpoint: process.env.SES_ENDPOINT ?? `http://127.0.0.1:${port('FC_SES_PORT', 8005)}`,
    appUrl: process.env.APP_URL ?? `http://localhost:${port('FC_WEB_PORT', 5173)}`,
    tableName: process.env.TABLE_NAME ?? 'family-canvas-local',
  });
  for (const [key, value] of Object.entries(environment)) process.env[key] ??= value;
  process.env.LOG_LEVEL ??= 'warn';

  if (nowArg) {
    // Every job reads the time through the server clock: move it, as the tests do.
    const { advanceClock } = await import('../functions/lib/clock');
    advanceClock(Date.parse(nowArg) - Date.now());
  }
  const summary = await jobs[name as JobName]({ now: nowArg, dryRun: args.includes('--dry-run') });
  console.log(JSON.stringify({ job: name, ...(nowArg ? { now: nowArg } : {}), ...summary }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
