/**
 * Configuration, parsed once from the environment. A missing required variable fails
 * at the first use with a message naming it, not deep inside a request.
 */
export type Config = {
  tableName: string;
  region: string;
  dynamoEndpoint: string | undefined;
  sesEndpoint: string | undefined;
  appUrl: string;
  mailFrom: string;
  /** The SES configuration set mail is sent through (its bounce and complaint events feed the suppression list); none locally. */
  mailConfigurationSet: string | undefined;
  contactTo: string;
  /**
   * SERVER_SECRET (decoy salts, unsubscribe links, cursors, device cookies), read at run time
   * by functions/lib/server-secret.ts, never through this object: locally its text
   * (`SERVER_SECRET`, or the stand-in file under `localSecretsDir` once rotated); in the cloud
   * the ARN of its Secrets Manager secret (`SERVER_SECRET_ARN`). Never its value in a
   * function's configuration.
   */
  serverSecretText: string | undefined;
  serverSecretArn: string | undefined;
  /**
   * The local stand-in for Secrets Manager (functions/lib/secret-source.ts): a directory of
   * JSON files `npm run ops -- rotate-…` writes. Unset in the cloud.
   */
  localSecretsDir: string | undefined;
  /** Cookies are Secure unless the app runs on plain http (the local stack). */
  isSecureCookie: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * The live channel's connection management API (`@connections`): the WebSocket API's
   * stage URL in the cloud, the local gateway locally. Unset where nothing sends to sockets.
   */
  liveEndpoint: string | undefined;
  /**
   * The key that encrypts TOTP secrets at rest (functions/lib/mfa-key.ts): locally the
   * `MFA_ENCRYPTION_KEY` text (the local stack sets a development default); in the cloud the
   * ARN of its Secrets Manager secret (`MFA_KEY_SECRET_ARN`), read at the first use.
   */
  mfaEncryptionKey: string | undefined;
  mfaKeySecretArn: string | undefined;
  /**
   * The local stand-in's emulation of the cloud's DynamoDB (functions/lib/db/local-emulation.ts),
   * only with a local endpoint: index Query results hide items written less than this many ms
   * ago (`FC_LOCAL_GSI_DELAY_MS`; 0: off), and overlapping transactions are cancelled with
   * `TransactionConflict` (`FC_LOCAL_TRANSACTION_CONFLICTS=1`).
   */
  localGsiDelayMs: number;
  localTransactionConflicts: boolean;
};

let cached: Config | undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function config(): Config {
  if (cached) return cached;
  const appUrl = required('APP_URL');
  cached = {
    tableName: required('TABLE_NAME'),
    region: process.env.AWS_REGION ?? 'eu-central-1',
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    sesEndpoint: process.env.SES_ENDPOINT || undefined,
    appUrl: appUrl.replace(/\/$/, ''),
    mailFrom: required('MAIL_FROM'),
    mailConfigurationSet: process.env.MAIL_CONFIGURATION_SET || undefined,
    contactTo: required('CONTACT_TO'),
    serverSecretText: process.env.SERVER_SECRET || undefined,
    serverSecretArn: process.env.SERVER_SECRET_ARN || undefined,
    localSecretsDir: process.env.LOCAL_SECRETS_DIR || undefined,
    isSecureCookie: appUrl.startsWith('https://'),
    logLevel: (process.env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    liveEndpoint: process.env.LIVE_ENDPOINT || undefined,
    mfaEncryptionKey: process.env.MFA_ENCRYPTION_KEY || undefined,
    mfaKeySecretArn: process.env.MFA_KEY_SECRET_ARN || undefined,
    localGsiDelayMs: Number(process.env.FC_LOCAL_GSI_DELAY_MS ?? 0) || 0,
    localTransactionConflicts: process.env.FC_LOCAL_TRANSACTION_CONFLICTS === '1',
  };
  return cached;
}

/** Tests change the environment between suites; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
}
