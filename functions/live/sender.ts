import type { DynamoDBStreamEvent } from 'aws-lambda';
import { refreshSummariesAfter } from '../domain/canvas/refresh-summaries';
import { deliverEvents } from '../domain/live/deliver-changes';
import { eventOfRecord, isJournalInsert } from '../domain/live/journal-stream';
import { observed } from '../lib/observability';

/**
 * The live sender: the table's stream (new journal events only, functions/domain/live/
 * journal-stream.ts) → the sockets of each event's canvas that may see it
 * (functions/domain/live/deliver-changes.ts), then the dashboard summary of each canvas
 * changed (functions/domain/canvas/refresh-summaries.ts refreshSummariesAfter). In the cloud Lambda polls the stream; locally
 * infra/local/stream-poller.ts reads DynamoDB Local's stream and calls this same function
 * with the same records. A failure throws: Lambda retries the batch, then hands it to the
 * dead-letter queue.
 */
export const handler = observed(async (event: DynamoDBStreamEvent): Promise<void> => {
  const events = event.Records.filter(isJournalInsert).map(eventOfRecord);
  await deliverEvents(events);
  // Then the dashboard cards of the canvases these events changed (kept out of the
  // writers' transactions: functions/domain/canvas/refresh-summaries.ts refreshSummariesAfter).
  await refreshSummariesAfter(events);
});
