import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { startDynamoLocal, type DynamoLocal } from './dynamodb-local';
import { pathToFileURL } from 'node:url';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { liveChannel } from '../../shared/routes';
import { startGateway, type Gateway, type GatewayOptions } from './gateway';
import { invokeLocally } from './invocations';
import { startStreamPoller, type StreamPoller } from './stream-poller';
import { assertPortFree } from './ports';
import { startSesEmulator, type SesEmulator } from './ses-emulator';
import { ensureTable } from './table';

/** Ports of the local stack: environment variables with fixed defaults (see README). */
export const defaultPorts = {
  web: Number(process.env.FC_WEB_PORT ?? 5173),
  api: Number(process.env.FC_API_PORT ?? 3001),
  dynamodb: Number(process.env.FC_DYNAMODB_PORT ?? 8000),
  ses: Number(process.env.FC_SES_PORT ?? 8005),
};

export type LocalStackOptions = {
  ports: { api: number; dynamodb: number; ses: number };
  /** The URL links in e-mails point at (the SPA). */
  appUrl: string;
  tableName?: string;
  persistDir?: string;
  /** The gateway's throttling: the deployed stage's unless told otherwise (infra/local/gateway.ts GatewayOptions). */
  gatewayThrottle?: GatewayOptions['throttle'];
  /** The per-client limit WAF applies in the cloud (infra/local/gateway.ts GatewayOptions); off unless given. */
  gatewayClientLimit?: GatewayOptions['clientLimit'];
  /**
   * The origin secret a front door adds (infra/local/static-server.ts `originSecret`): the
   * handlers then refuse whatever comes without it, as in the cloud. Without one (the Vite dev
   * server of `npm start`, tests that call the gateway directly) there is no check.
   */
  originSecret?: string;
};

export type LocalStack = {
  apiUrl: string;
  dynamoEndpoint: string;
  sesUrl: string;
  tableName: string;
  dynamo: DynamoLocal;
  ses: SesEmulator;
  gateway: Gateway;
  /** The stream reader feeding the live sender (and the dashboard summaries): `settled()` waits for it to catch up. */
  streams: StreamPoller;
  stop: () => Promise<void>;
};

/**
 * The live channel's sender on one machine: DynamoDB Local's stream of the table, polled,
 * feeds the same handler Lambda runs in the cloud (functions/live/sender.ts) with the same
 * records. One code path: nothing calls the sender from the writers.
 */
export async function startLiveSender(options: { dynamoEndpoint: string; tableName: string }): Promise<StreamPoller> {
  const sender = (await import(pathToFileURL(path.join(import.meta.dirname, '..', '..', liveChannel.senderEntry)).href)) as {
    handler: (event: DynamoDBStreamEvent) => Promise<void>;
  };
  return startStreamPoller({
    endpoint: options.dynamoEndpoint,
    tableName: options.tableName,
    deliver: (event) => invokeLocally(randomUUID(), () => sender.handler(event)),
  });
}

/** The environment the handlers read (functions/lib/config.ts), pointed at the local stand-ins. */
export function localEnvironment(options: {
  dynamoEndpoint: string;
  sesEndpoint: string;
  appUrl: string;
  tableName: string;
  originSecret?: string;
}): Record<string, string> {
  return {
    // Only requests through a front door that adds it pass (functions/lib/origin-secret.ts); none: no check.
    ...(options.originSecret ? { ORIGIN_SECRET: options.originSecret } : {}),
    TABLE_NAME: options.tableName,
    AWS_REGION: 'eu-central-1',
    DYNAMODB_ENDPOINT: options.dynamoEndpoint,
    SES_ENDPOINT: options.sesEndpoint,
    APP_URL: options.appUrl,
    MAIL_FROM: process.env.MAIL_FROM ?? 'Family Canvas <no-reply@familycanvas.local>',
    CONTACT_TO: process.env.CONTACT_TO ?? 'team@familycanvas.local',
    SERVER_SECRET: process.env.SERVER_SECRET ?? 'local-development-secret-not-for-production',
    // Encrypts TOTP secrets at rest (functions/lib/mfa-key.ts); Secrets Manager holds it in the cloud.
    MFA_ENCRYPTION_KEY: process.env.MFA_ENCRYPTION_KEY ?? 'local-development-mfa-key-not-for-production',
    // Powertools (functions/lib/observability.ts): no EMF lines locally unless asked for (they would only
    // clutter the output; tests/integration/metrics.test.ts reads them), and no X-Ray daemon to send traces to.
    POWERTOOLS_SERVICE_NAME: 'family-canvas',
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    POWERTOOLS_TRACE_ENABLED: 'false',
  };
}

/**
 * Starts DynamoDB Local, the SES emulator and the gateway (handlers run in this
 * process), creates the table, and returns their URLs. Stops what it started if a
 * step fails.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const tableName = options.tableName ?? 'family-canvas-local';
  await assertPortFree(options.ports.dynamodb, 'DynamoDB Local', 'FC_DYNAMODB_PORT');
  await assertPortFree(options.ports.ses, 'SES emulator', 'FC_SES_PORT');
  await assertPortFree(options.ports.api, 'API gateway', 'FC_API_PORT');
  const started: Array<{ stop: () => Promise<void> }> = [];
  try {
    const dynamo = await startDynamoLocal({ port: options.ports.dynamodb, persistDir: options.persistDir });
    started.push(dynamo);
    const ses = await startSesEmulator({ port: options.ports.ses });
    started.push(ses);
    await ensureTable(dynamo.endpoint, tableName);
    Object.assign(
      process.env,
      localEnvironment({ dynamoEndpoint: dynamo.endpoint, sesEndpoint: ses.endpoint, appUrl: options.appUrl, tableName, originSecret: options.originSecret }),
    );
    // The stand-in for Secrets Manager that `npm run ops -- rotate-…` writes (functions/lib/secret-source.ts).
    process.env.LOCAL_SECRETS_DIR ??= localSecretsDirectory;
    const gateway = await startGateway({ port: options.ports.api, throttle: options.gatewayThrottle, clientLimit: options.gatewayClientLimit });
    started.push(gateway);
    // The handlers send to sockets through the gateway's @connections API.
    process.env.LIVE_ENDPOINT = gateway.url;
    const streams = await startLiveSender({ dynamoEndpoint: dynamo.endpoint, tableName });
    started.push(streams);
    return {
      apiUrl: gateway.url,
      dynamoEndpoint: dynamo.endpoint,
      sesUrl: ses.endpoint,
      tableName,
      dynamo,
      ses,
      gateway,
      streams,
      stop: async () => {
        for (const part of started.reverse()) await part.stop().catch(() => undefined);
      },
    };
  } catch (error) {
    for (const part of started.reverse()) await part.stop().catch(() => undefined);
    throw error;
  }
}

export const persistDirectory = path.resolve(import.meta.dirname, '..', '..', '.data', 'dynamodb');
/** The local secrets' files (docs/operations.md "Running it", "Secrets rotation"). */
export const localSecretsDirectory = path.resolve(import.meta.dirname, '..', '..', '.data', 'secrets');
