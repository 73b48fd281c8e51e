/**
 * The daily cleanup job (infra/stacks/jobs-stack.ts runs it on a schedule).
 *
 * For now it has nothing to do: invitations and confirmation/reset tokens arrive with
 * later issues. DynamoDB's TTL on `expiresAt` already deletes expired items, and every
 * read checks `expiresAt` itself because TTL lags; this job will remove what TTL has not
 * yet removed, with a Query on a designed key (never a Scan).
 */
export type CleanupSummary = {
  /** Items deleted in this run. */
  removed: number;
};

export async function handler(): Promise<CleanupSummary> {
  return { removed: 0 };
}
