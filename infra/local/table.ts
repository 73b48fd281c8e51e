import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { createTableInput, tableDefinition } from '../table-definition';
import { localDynamoCredentials } from '../../functions/lib/db/local-emulation';

/** Creates the table (from the one definition) if it does not exist yet, with TTL on. */
export async function ensureTable(endpoint: string, tableName: string, region = 'eu-central-1'): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: localDynamoCredentials() });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return;
    } catch (error) {
      if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableDefinition.timeToLiveAttribute, Enabled: true },
      }),
    );
  } finally {
    client.destroy();
  }
}
