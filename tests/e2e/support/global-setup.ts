import path from 'node:path';
import { loadAllHandlers } from '../../../infra/local/gateway';
import { loadLiveHandler } from '../../../infra/local/live-gateway';
import { freePort } from '../../../infra/local/ports';
import { startLocalStack } from '../../../infra/local/stack';
import { startStaticServer } from '../../../infra/local/static-server';
import { e2eEnv } from './env';
import { warmUpStack } from './warm-up';

/**
 * Starts the whole product for the end-to-end run on free loopback ports: DynamoDB Local,
 * the SES emulator and the gateway (startLocalStack), and the built SPA (web/dist) with
 * /api proxied to the gateway. The tests read the URLs from the environment (env.ts).
 * The returned function is Playwright's teardown: it stops everything again.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // One JSON line per request would bury the test report; warnings and errors still show.
  process.env.LOG_LEVEL ??= 'warn';
  const webPort = await freePort();
  // A host name, not 127.0.0.1: WebAuthn (passkeys) refuses an IP address as the relying
  // party's id, which is the app URL's host. The servers still bind 127.0.0.1 only.
  const appUrl = `http://localhost:${webPort}`;
  const stack = await startLocalStack({
    ports: { api: await freePort(), dynamodb: await freePort(), ses: await freePort() },
    appUrl,
    tableName: 'family-canvas-e2e',
  });
  let web: Awaited<ReturnType<typeof startStaticServer>>;
  try {
    // Every handler is loaded before the first test: on a busy machine a group's cold start
    // (compiling and importing its module tree) took seconds of a test's first request to it.
    await loadAllHandlers();
    await loadLiveHandler();
    web = await startStaticServer({ root: path.resolve(import.meta.dirname, '..', '..', '..', 'web', 'dist'), apiTarget: stack.apiUrl, port: webPort });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  process.env[e2eEnv.appUrl] = appUrl;
  process.env[e2eEnv.inboxUrl] = stack.sesUrl;
  process.env[e2eEnv.apiUrl] = stack.apiUrl;
  process.env[e2eEnv.dynamoUrl] = stack.dynamoEndpoint;
  process.env[e2eEnv.tableName] = stack.tableName;
  try {
    await warmUpStack(appUrl, stack.sesUrl);
  } catch (error) {
    await web.stop();
    await stack.stop();
    throw error;
  }
  return async () => {
    await web.stop();
    await stack.stop();
  };
}
