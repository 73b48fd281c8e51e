import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '../../infra/local/dynamodb-local';
import { freePort } from '../../infra/local/ports';
import { startSesEmulator } from '../../infra/local/ses-emulator';

/**
 * Starts one DynamoDB Local and one SES emulator for the whole integration run, on free
 * loopback ports. Each test file then runs the real handlers in its own worker against
 * its own table (tests/support/integration.ts).
 */
export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal({ port: await freePort() });
  const ses = await startSesEmulator({ port: await freePort() });
  project.provide('dynamoEndpoint', dynamo.endpoint);
  project.provide('sesEndpoint', ses.endpoint);
  return async () => {
    await ses.stop();
    await dynamo.stop();
  };
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    dynamoEndpoint: string;
    sesEndpoint: string;
  }
}
