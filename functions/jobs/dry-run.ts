/**
 * A scheduled job's dry run: invoked with `{ "dryRun": true }`, a job does every read of a real
 * run (the index queries that find its work: the table, its grants and settings are exercised)
 * and then stops. It writes nothing, sends nothing and answers what it found. The release hook
 * (functions/release-hook/before-allow-traffic.ts) runs it on a new version before that version
 * gets any traffic; `npm run job -- <name> --dry-run` runs it by hand.
 */
export type DryRunOption = { dryRun?: boolean };

/** Whether the invocation asks for a dry run: only the literal `true` does (a schedule's own event never carries it). */
export function isDryRun(event: unknown): boolean {
  return typeof event === 'object' && event !== null && (event as DryRunOption).dryRun === true;
}
