/**
 * The one DynamoDB table, described once. The CDK data stack, the local stack
 * (DynamoDB Local) and the tests all build the table from this.
 * See docs/data-model.md for the item types and access patterns.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  timeToLiveAttribute: 'expiresAt',
  /**
   * The table's stream: new item images, for the live channel's sender (which takes the
   * journal events from it). DynamoDB Local keeps one too, read by infra/local/stream-poller.ts.
   */
  streamViewType: 'NEW_IMAGE',
} as const;

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

/** The CreateTable input for DynamoDB Local and tests (the cloud uses the CDK construct). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalSecondaryIndexes, streamViewType } = tableDefinition;
  const attributeNames = [partitionKey, sortKey, ...globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: streamViewType },
    AttributeDefinitions: attributeNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
