import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The floor of the cold-start lines (bench/lambda-bundles.ts): a function bundled like every
 * other (appFunctionBundling) that imports only the DynamoDB document client and answers
 * one GetItem. What a function of ours costs beyond this is its own code and libraries.
 */
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }));

export const handler = async (): Promise<{ statusCode: number }> => {
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: 'BENCH#floor', SK: 'BENCH#floor' } }));
  return { statusCode: Item ? 200 : 404 };
};
