import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { localDynamoCredentials } from '../../functions/lib/db/local-emulation';

/**
 * Every item of a test table, sorted by key: for "nothing changed" assertions.
 * A Scan is fine here: it is a test of a tiny table, never product code.
 */
/**
 * Without what reads leave by design (docs/data-model.md "Visits and the advisor access
 * log"): a canvas visit and the advisor access records. For "a refused write changes
 * nothing" comparisons around reads.
 */
export function withoutReadTraces(items: readonly string[]): string[] {
  return items.filter((item) => !/"SK":\{"S":"(C#VISIT#|L#)/.test(item));
}

/**
 * What a snapshot waits for first: the stack's stream consumers (tests/support/integration.ts
 * sets it), whose writes (the dashboard summary) follow earlier writes a moment later; a
 * "nothing changed" comparison must not see those land between its two snapshots.
 */
let settleWrites: () => Promise<void> = async () => undefined;
export function settleBeforeSnapshots(settle: () => Promise<void>): void {
  settleWrites = settle;
}

export async function snapshotTable(endpoint: string, tableName: string): Promise<string[]> {
  await settleWrites();
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: localDynamoCredentials() });
  try {
    const items: string[] = [];
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey as never }));
      for (const item of page.Items ?? []) items.push(JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items.sort();
  } finally {
    client.destroy();
  }
}
