/**
 * `npm start`: the whole product on one machine. DynamoDB Local (in memory, or under
 * .data/ with --persist), the SES emulator with its inbox, the local gateway, and the app:
 * - by default the production build (built now, in seconds) served by the local front door
 *   (./static-server.ts) with the headers CloudFront sends, Content-Security-Policy included,
 *   so what a newcomer tries is what families get;
 * - with --dev (`npm run dev`) the Vite dev server with hot reload, for working on the web app.
 * Either way /api and /ws (the live channel) go to the gateway. Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createServer } from 'vite';
import { buildWeb } from '../../web/build/build';
import { assertPortFree } from './ports';
import { defaultPorts, persistDirectory, startLocalStack } from './stack';
import { startStaticServer } from './static-server';
import { perViewerAddressLimit } from '../api-limits';

const viteConfigFile = new URL('../../web/vite.config.ts', import.meta.url).pathname;
const builtApp = path.resolve(import.meta.dirname, '..', '..', 'web', 'dist');

type RunningApp = { stop: () => Promise<void>; description: string };

/** The Vite dev server on the app's port, proxying /api and /ws to the gateway. */
async function startDevServer(apiUrl: string): Promise<RunningApp> {
  const vite = await createServer({
    configFile: viteConfigFile,
    server: {
      port: defaultPorts.web,
      strictPort: true,
      host: '127.0.0.1',
      proxy: {
        '/api': { target: apiUrl, changeOrigin: false },
        // The live channel: the WebSocket upgrade goes through to the gateway's /ws.
        '/ws': { target: apiUrl, ws: true, changeOrigin: false },
      },
    },
  });
  await vite.listen();
  return { stop: () => vite.close(), description: 'Vite dev server, hot reload' };
}

/** Builds the SPA into web/dist (the public pages prerendered) and serves it as CloudFront would, adding the viewer's address and the origin secret. */
async function startProductionBuild(apiUrl: string, originSecret: string): Promise<RunningApp> {
  const startedAt = performance.now();
  await buildWeb({ logLevel: 'warn' });
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const server = await startStaticServer({ root: builtApp, apiTarget: apiUrl, port: defaultPorts.web, host: '127.0.0.1', originSecret });
  return { stop: server.stop, description: `production build (built in ${seconds} s) with CloudFront's headers; \`npm run dev\` for hot reload` };
}

async function main(): Promise<void> {
  const persist = process.argv.includes('--persist');
  const dev = process.argv.includes('--dev');
  const appUrl = `http://localhost:${defaultPorts.web}`;
  await assertPortFree(defaultPorts.web, 'web app', 'FC_WEB_PORT');
  // As in the cloud, the API answers only what came through the front door (functions/lib/origin-secret.ts);
  // the Vite dev server's proxy cannot add the secret, so `npm run dev` runs without the check.
  const originSecret = dev ? undefined : randomBytes(24).toString('hex');
  const stack = await startLocalStack({
    ports: { api: defaultPorts.api, dynamodb: defaultPorts.dynamodb, ses: defaultPorts.ses },
    appUrl,
    persistDir: persist ? persistDirectory : undefined,
    originSecret,
    // WAF's limit per viewer address, as deployed (infra/api-limits.ts).
    gatewayClientLimit: perViewerAddressLimit,
  });
  let app: RunningApp;
  try {
    app = originSecret === undefined ? await startDevServer(stack.apiUrl) : await startProductionBuild(stack.apiUrl, originSecret);
  } catch (error) {
    await stack.stop();
    throw error;
  }

  const lines = [
    '',
    'Family Canvas is running:',
    `  App:      ${appUrl}  (${app.description})`,
    `  API:      ${appUrl}/api  (gateway ${stack.apiUrl}/api${originSecret ? ", which answers only calls through the app's address, as in the cloud" : ''})`,
    `  Inbox:    ${stack.sesUrl}/   (JSON: ${stack.sesUrl}/store)`,
    `  DynamoDB: ${stack.dynamoEndpoint}  table ${stack.tableName}${persist ? ' (persisted in .data/)' : ' (in memory)'}`,
    '',
    'Fill demo data with `npm run seed` in another terminal. Ctrl-C stops everything.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping…\n');
    await app.stop().catch(() => undefined);
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
