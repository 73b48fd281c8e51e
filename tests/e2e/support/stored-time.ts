import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { localDynamoCredentials } from '../../../functions/lib/db/local-emulation';
import { e2eEnv, requiredEnv } from './env';

/**
 * Time passing, for the end-to-end run: the stack runs in the runner's own process, so a
 * test cannot move its server clock (functions/lib/clock.ts) as the integration tests do.
 * Instead it moves the stored times of one account back in the run's DynamoDB Local, as if
 * that much time had passed for them — and nothing else.
 */
const client = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: requiredEnv(e2eEnv.dynamoUrl), region: 'eu-central-1', credentials: localDynamoCredentials() }));
const table = () => requiredEnv(e2eEnv.tableName);

async function userIdOf(email: string): Promise<string> {
  const result = await client().send(new GetCommand({ TableName: table(), Key: { PK: `EMAIL#${email.toLowerCase()}`, SK: 'EMAIL' } }));
  const userId = (result.Item as { userId?: string } | undefined)?.userId;
  if (!userId) throw new Error(`no account ${email}`);
  return userId;
}

/** Every session of the account signed in (and last proved who it is) `minutes` earlier than it did. */
export async function ageSessionsOf(email: string, minutes: number): Promise<void> {
  const userId = await userIdOf(email);
  const { Items = [] } = await client().send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userId}#SESSIONS` },
    }),
  );
  if (!Items.length) throw new Error(`no session of ${email}`);
  for (const item of Items) {
    await client().send(
      new UpdateCommand({
        TableName: table(),
        Key: { PK: item.PK as string, SK: item.SK as string },
        UpdateExpression: 'SET authenticatedAt = authenticatedAt - :s, createdAt = createdAt - :s',
        ExpressionAttributeValues: { ':s': minutes * 60 },
      }),
    );
  }
}

/** The waiting period of the account's mailbox recovery has passed (its end moves to a minute ago). */
export async function endRecoveryWaitOf(email: string): Promise<void> {
  const userId = await userIdOf(email);
  await client().send(
    new UpdateCommand({
      TableName: table(),
      Key: { PK: `USER#${userId}`, SK: 'MFA#RECOVERY' },
      UpdateExpression: 'SET readyAt = :past',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
    }),
  );
}
