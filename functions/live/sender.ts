import type { DynamoDBStreamEvent } from 'aws-lambda';
import { deliverEvents } from '../domain/live/deliver-changes';
import { eventOfRecord, isJournalInsert } from '../domain/live/journal-stream';
import { publishMetrics } from '../lib/metrics';

/**
 * The live sender: the table's stream (new journal events only, functions/domain/live/
 * journal-stream.ts) → the sockets of each event's canvas that may see it
 * (functions/domain/live/deliver-changes.ts). In the cloud Lambda polls the stream; locally
 * infra/local/stream-poller.ts reads DynamoDB Local's stream and calls this same function
 * with the same records. A failure throws: Lambda retries the batch, then hands it to the
 * dead-letter queue.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  try {
    await deliverEvents(event.Records.filter(isJournalInsert).map(eventOfRecord));
  } finally {
    publishMetrics();
  }
}
