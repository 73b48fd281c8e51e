import type { AttributeValue as DynamoAttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { HistoryEvent } from '../../../shared/contracts/history';
import { eventOf } from '../../records/journal-codec';
import { keys } from '../../lib/db/keys';

/**
 * Which records of the table's stream the sender gets: new journal events only (an event
 * item is put once; a later update of it — a restore taking it off "Recently deleted" — or
 * its expiry is no change to announce). The cloud gives this pattern to Lambda's event
 * filtering (infra/constructs/live-channel.ts); the local stream poller applies the same test
 * (isJournalInsert) before it calls the same sender. Keep the two together here.
 */
export const journalInsertFilterPattern = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { SK: { S: [{ prefix: keys.historyPrefix }] } } },
} as const;

export function isJournalInsert(record: DynamoDBRecord): boolean {
  return record.eventName === 'INSERT' && (record.dynamodb?.NewImage?.SK?.S ?? '').startsWith(keys.historyPrefix);
}

/** The history event a journal record carries. */
export function eventOfRecord(record: DynamoDBRecord): HistoryEvent {
  const image = record.dynamodb?.NewImage as Record<string, DynamoAttributeValue>;
  return eventOf(unmarshall(image));
}
