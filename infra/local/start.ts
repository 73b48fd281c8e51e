/**
 * `npm start`: the whole product on one machine. DynamoDB Local (in memory, or under
 * .data/ with --persist), the SES emulator with its inbox, the local gateway and the
 * Vite dev server proxying /api and /ws (the live channel). Ctrl-C stops everything.
 */
import { createServer } from 'vite';
import { assertPortFree } from './ports';
import { defaultPorts, persistDirectory, startLocalStack } from './stack';

async function main(): Promise<void> {
  const persist = process.argv.includes('--persist');
  const appUrl = `http://localhost:${defaultPorts.web}`;
  await assertPortFree(defaultPorts.web, 'web app', 'FC_WEB_PORT');
  const stack = await startLocalStack({
    ports: { api: defaultPorts.api, dynamodb: defaultPorts.dynamodb, ses: defaultPorts.ses },
    appUrl,
    persistDir: persist ? persistDirectory : undefined,
  });
  const vite = await createServer({
    configFile: new URL('../../web/vite.config.ts', import.meta.url).pathname,
    server: {
      port: defaultPorts.web,
      strictPort: true,
      host: '127.0.0.1',
      proxy: {
        '/api': { target: stack.apiUrl, changeOrigin: false },
        // The live channel: the WebSocket upgrade goes through to the gateway's /ws.
        '/ws': { target: stack.apiUrl, ws: true, changeOrigin: false },
      },
    },
  });
  await vite.listen();

  const lines = [
    '',
    'Family Canvas is running:',
    `  App:      ${appUrl}`,
    `  API:      ${appUrl}/api  (gateway ${stack.apiUrl}/api)`,
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
    await vite.close().catch(() => undefined);
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
