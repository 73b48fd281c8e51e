import type { Node } from 'constructs';
import { accountQuotas } from './traffic-plan';

/**
 * Deployment settings: what differs between one installation and another. Each comes
 * from CDK context (`-c appUrl=…` or cdk.json), else an environment variable, else a
 * default. `appUrl` and the mail identity have no default that could work in the cloud:
 * unless `stage=development` (tests, `npm run synth`), synth refuses them missing or left
 * at a placeholder (docs/operations.md "Deploying").
 */
export type DeploymentSettings = {
  /**
   * `production` (the default: every deployment) refuses placeholder settings;
   * `development` lets the app synthesise with them (tests, `npm run synth`).
   * `staging` is checked like production. Every stack name carries the stage
   * (`FamilyCanvas-staging-Api`), so stages can share an account (docs/operations.md "Releases").
   */
  stage: DeploymentStage;
  /**
   * Context `placeholders=true` (FC_PLACEHOLDERS): a production or staging synth accepts
   * placeholder settings, for the first pass of a deployment whose CloudFront address is
   * not known yet (docs/operations.md "Deploying"). Never for a deployment users reach.
   */
  placeholders: boolean;
  /**
   * Context `unstagedStackNames=true` (FC_UNSTAGED_STACK_NAMES): the stack names of an
   * installation deployed before stages existed (`FamilyCanvasApi`), so its stacks, table and
   * secrets are updated rather than created anew beside them (docs/operations.md "Releases").
   */
  unstagedStackNames: boolean;
  /**
   * The account's SES sending quota (messages per 24 hours, `aws sesv2 get-account`
   * SendQuota.Max24HourSend): the quota alarm fires at 80 % of it. SES publishes sends, not
   * the quota, so the deployment says it. Default 50,000 (a new production account).
   */
  sesDailyQuota: number;
  /**
   * The account's Lambda concurrency quota in the region (`aws lambda get-account-settings`
   * AccountLimit.ConcurrentExecutions): the concurrency alarm fires near it. Default 1,000 (the
   * usual default; an account new to Lambda may have 10 until it asks for more, docs/capacity.md).
   */
  lambdaConcurrencyQuota: number;
  /** Public origin of the SPA; links in e-mails point here and cookies are Secure when it is https. */
  appUrl: string;
  /** The SES identity mail is sent from: a domain (recommended) or a single address. */
  mailIdentity: string;
  /** `From:` of every e-mail; must belong to mailIdentity. */
  mailFrom: string;
  /** Where the contact form delivers. */
  contactTo: string;
  /** An ACM certificate in us-east-1 for appUrl's host; without it CloudFront serves its own domain. */
  certificateArn: string | undefined;
  /**
   * A custom domain of the HTTP API (context `apiDomainName` and `apiCertificateArn`, an ACM
   * certificate in the stacks' region): CloudFront's `/api` origin is then that domain and the
   * API's default execute-api endpoint is disabled (docs/security.md). Its DNS record
   * (a CNAME to the Api stack's output ApiDomainTarget) is published by hand, like the DKIM records.
   */
  apiDomain: { domainName: string; certificateArn: string } | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Where alarm notifications go (an e-mail subscription of the alarm topic); none when unset. */
  alarmEmail: string | undefined;
  /**
   * An AWS WAF web ACL (us-east-1) in front of CloudFront: context `waf=true` or `waf=false`. On by
   * default in production and staging: its rate rule per viewer address is the per-client limit
   * that lets the stage throttle stand high (infra/api-limits.ts); off by default in development.
   */
  waf: boolean;
  /** A table restored to a point in time that the stacks should use instead of their own (docs/operations.md "Running it"). */
  restoredTableName: string | undefined;
  /** The restored table's stream ARN (`aws dynamodb describe-table … LatestStreamArn`, after enabling its stream): the live sender reads it. */
  restoredTableStreamArn: string | undefined;
  /** An AWS Backup vault in another account or region that the daily backup of the table is copied to (docs/operations.md "Running it"). */
  backupCopyVaultArn: string | undefined;
  /** Prefix of the stack names, so two installations can share an account. */
  stackPrefix: string;
  /**
   * Account and region of every stack, fixed so synth needs no credentials. The CLI
   * fills CDK_DEFAULT_* from the AWS profile (us-east-1 when there is none); context
   * `account`/`region` override it.
   */
  account: string;
  region: string;
};

const logLevels = ['debug', 'info', 'warn', 'error'] as const;

/** The stages an installation can be deployed as; each has its own stacks. */
export const deploymentStages = ['production', 'staging', 'development'] as const;
export type DeploymentStage = (typeof deploymentStages)[number];

function read(node: Node, contextKey: string, envName: string): string | undefined {
  const fromContext: unknown = node.tryGetContext(contextKey);
  if (typeof fromContext === 'string' && fromContext !== '') return fromContext;
  const fromEnv = process.env[envName];
  return fromEnv ? fromEnv : undefined;
}

/** A flag from context or the environment: `-c waf=true` arrives as the string "true". */
function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === '1';
}

/** The domain part of an identity that is either a domain or an address. */
export function mailDomainOf(identity: string): string {
  return identity.includes('@') ? identity.slice(identity.lastIndexOf('@') + 1) : identity;
}

/** The address inside a sender such as `Family Canvas <no-reply@example.org>`, or the sender itself. */
export function addressOf(sender: string): string {
  const angled = /<([^>]+)>\s*$/.exec(sender);
  return (angled ? angled[1]! : sender).trim();
}

/** One address, `local@domain.tld` (what SNS's e-mail protocol can deliver to), not a display name or a list. */
export function isMailAddress(text: string): boolean {
  return /^[^\s@<>,;"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(text);
}

/** The placeholder appUrl of development synths (tests, `npm run synth`). */
export const placeholderAppUrl = 'https://familycanvas.example';

/**
 * Hosts that can never be a real installation's: the names reserved for examples and
 * tests (RFC 2606, RFC 6761), which is where every placeholder lives.
 */
export function isPlaceholderHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (/(^|\.)(example|test|invalid|localhost)$/.test(name)) return true;
  return /(^|\.)example\.(com|net|org)$/.test(name);
}

/** How to give a setting, for the error messages. */
function howToGive(contextKey: string, envName: string, example: string): string {
  return `give it with -c ${contextKey}=${example} on the cdk command (or in cdk.json's context), or the environment variable ${envName}`;
}

export class SettingsError extends Error {
  constructor(message: string) {
    super(`${message}. (Only a development synth, -c stage=development, accepts placeholders; docs/operations.md "Deploying".)`);
    this.name = 'SettingsError';
  }
}

/**
 * What context `stages` records of one stage of the installation: where it is deployed and the
 * SES identity it sends from (account and region default to this synth's own: the same credentials).
 */
export type RecordedStage = { account?: string; region?: string; mailIdentity?: string };

/** Context `stages`: an object in cdk.json's context, or its JSON on the command line. */
function recordedStages(node: Node): Record<string, RecordedStage> {
  const value: unknown = node.tryGetContext('stages') ?? process.env.FC_STAGES;
  if (value === undefined || value === '') return {};
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error(`stages must be an object of stages ({"staging": {"mailIdentity": "…"}}), not "${value}"`);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('stages must be an object of stages ({"staging": {"mailIdentity": "…"}})');
  }
  return parsed as Record<string, RecordedStage>;
}

/**
 * Refuses a stage that would send from the same SES identity in the same account and region as
 * another stage of the installation (context `stages`): an identity exists once per account and
 * region, so the second stage's Mail stack fails to create it, and the two stages' bounces and
 * complaints would feed each other's suppression lists. The current stage's own entry must
 * agree with its settings, so the record cannot drift from what is deployed.
 */
export function checkStagesApart(
  settings: Pick<DeploymentSettings, 'stage' | 'account' | 'region' | 'mailIdentity'>,
  stages: Record<string, RecordedStage>,
): void {
  const place = (entry: RecordedStage) => ({ account: entry.account ?? settings.account, region: entry.region ?? settings.region });
  const own = stages[settings.stage];
  if (own) {
    const ownPlace = place(own);
    if (
      (own.mailIdentity !== undefined && own.mailIdentity.toLowerCase() !== settings.mailIdentity.toLowerCase()) ||
      ownPlace.account !== settings.account ||
      ownPlace.region !== settings.region
    ) {
      throw new SettingsError(
        `context stages.${settings.stage} (${own.mailIdentity ?? 'no mailIdentity'} in ${ownPlace.account} ${ownPlace.region}) does not match this synth's settings (${settings.mailIdentity} in ${settings.account} ${settings.region}): correct the record in cdk.json's context "stages"`,
      );
    }
  }
  for (const [stage, entry] of Object.entries(stages)) {
    if (stage === settings.stage) continue;
    if (!entry.mailIdentity)
      throw new SettingsError(`context stages.${stage} names no mailIdentity: every recorded stage says which SES identity it sends from`);
    const other = place(entry);
    if (entry.mailIdentity.toLowerCase() === settings.mailIdentity.toLowerCase() && other.account === settings.account && other.region === settings.region) {
      throw new SettingsError(
        `mailIdentity "${settings.mailIdentity}" is already stage ${stage}'s in account ${settings.account}, region ${settings.region} (context stages): an SES identity exists once per account and region, so the ${settings.stage} stage needs its own, e.g. a subdomain (${settings.stage}.${mailDomainOf(settings.mailIdentity)}), or another account or region`,
      );
    }
  }
}

/** Reads the settings once for the whole app; fails fast on values that cannot work. */
export function readSettings(node: Node): DeploymentSettings {
  const stageValue = read(node, 'stage', 'FC_STAGE') ?? 'production';
  if (!(deploymentStages as readonly string[]).includes(stageValue)) {
    throw new Error(`stage must be ${deploymentStages.join(', ')}, not "${stageValue}"`);
  }
  const stage = stageValue as DeploymentStage;
  const placeholders = isTrue(node.tryGetContext('placeholders') ?? process.env.FC_PLACEHOLDERS);
  const strict = stage !== 'development' && !placeholders;

  const givenAppUrl = read(node, 'appUrl', 'FC_APP_URL');
  if (strict && !givenAppUrl) {
    throw new SettingsError(
      `appUrl is required: the public address of the app (links in e-mails, the socket origin, passkeys); ${howToGive('appUrl', 'FC_APP_URL', 'https://canvas.your-domain.org')}`,
    );
  }
  const appUrl = (givenAppUrl ?? placeholderAppUrl).replace(/\/$/, '');
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(appUrl);
  } catch {
    throw new Error(`appUrl must be an absolute URL such as https://canvas.your-domain.org, not "${appUrl}"`);
  }
  const appHost = parsedUrl.hostname;
  if (strict && isPlaceholderHost(appHost)) {
    throw new SettingsError(
      `appUrl "${appUrl}" is a placeholder (a name reserved for examples); ${howToGive('appUrl', 'FC_APP_URL', 'https://canvas.your-domain.org')}`,
    );
  }
  if (strict && parsedUrl.protocol !== 'https:') {
    throw new SettingsError(`appUrl "${appUrl}" must be https: session cookies are Secure and passkeys need a secure origin`);
  }

  const givenIdentity = read(node, 'mailIdentity', 'FC_MAIL_IDENTITY');
  if (strict && !givenIdentity && appHost.endsWith('.cloudfront.net')) {
    throw new SettingsError(
      `mailIdentity is required when appUrl is the CloudFront address (nobody can verify cloudfront.net in SES): a domain you own or one address; ${howToGive('mailIdentity', 'FC_MAIL_IDENTITY', 'mail.your-domain.org')}`,
    );
  }
  const mailIdentity = givenIdentity ?? appHost;
  const mailDomain = mailDomainOf(mailIdentity);
  if (strict && isPlaceholderHost(mailDomain)) {
    throw new SettingsError(`mailIdentity "${mailIdentity}" is a placeholder; ${howToGive('mailIdentity', 'FC_MAIL_IDENTITY', 'your-domain.org')}`);
  }
  // An address identity verifies that one address only, so it is the sender too.
  const mailFrom =
    read(node, 'mailFrom', 'FC_MAIL_FROM') ?? (mailIdentity.includes('@') ? `Family Canvas <${mailIdentity}>` : `Family Canvas <no-reply@${mailDomain}>`);
  const fromAddress = addressOf(mailFrom);
  if (strict && isPlaceholderHost(mailDomainOf(fromAddress))) {
    throw new SettingsError(`mailFrom "${mailFrom}" is a placeholder; ${howToGive('mailFrom', 'FC_MAIL_FROM', '"Family Canvas <no-reply@your-domain.org>"')}`);
  }
  if (strict && !sendsFrom(mailIdentity, fromAddress)) {
    throw new SettingsError(
      `mailFrom "${mailFrom}" does not belong to mailIdentity "${mailIdentity}": SES refuses to send from it (an address identity sends only from that address, a domain from its addresses and its subdomains)`,
    );
  }
  const contactTo = read(node, 'contactTo', 'FC_CONTACT_TO') ?? `team@${mailDomain}`;
  if (strict && isPlaceholderHost(mailDomainOf(contactTo))) {
    throw new SettingsError(`contactTo "${contactTo}" is a placeholder; ${howToGive('contactTo', 'FC_CONTACT_TO', 'team@your-domain.org')}`);
  }
  const logLevel = read(node, 'logLevel', 'FC_LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new Error(`logLevel must be one of ${logLevels.join(', ')}, not "${logLevel}"`);
  }
  const alarmEmail = read(node, 'alarmEmail', 'FC_ALARM_EMAIL');
  if (strict && !alarmEmail) {
    throw new SettingsError(
      `alarmEmail is required outside development: the address alarm notifications go to (nobody would hear of a failed release or a job that stopped running); ${howToGive('alarmEmail', 'FC_ALARM_EMAIL', 'ops@your-domain.org')}`,
    );
  }
  // SNS takes any text as an e-mail endpoint and the confirmation mail then goes nowhere: alarms would reach nobody.
  if (alarmEmail !== undefined && !isMailAddress(alarmEmail)) {
    throw new SettingsError(`alarmEmail "${alarmEmail}" is not an e-mail address; ${howToGive('alarmEmail', 'FC_ALARM_EMAIL', 'ops@your-domain.org')}`);
  }
  if (strict && alarmEmail !== undefined && isPlaceholderHost(mailDomainOf(alarmEmail))) {
    throw new SettingsError(`alarmEmail "${alarmEmail}" is a placeholder; ${howToGive('alarmEmail', 'FC_ALARM_EMAIL', 'ops@your-domain.org')}`);
  }
  // A number in cdk.json's context, a string on the command line or in the environment.
  const sesDailyQuotaValue: unknown = node.tryGetContext('sesDailyQuota') ?? (process.env.FC_SES_DAILY_QUOTA || 50_000);
  const sesDailyQuota = typeof sesDailyQuotaValue === 'number' || typeof sesDailyQuotaValue === 'string' ? Number(sesDailyQuotaValue) : Number.NaN;
  if (!Number.isInteger(sesDailyQuota) || sesDailyQuota < 1) {
    throw new Error(
      `sesDailyQuota must be a whole number of messages per 24 hours (aws sesv2 get-account: SendQuota.Max24HourSend), not "${String(sesDailyQuotaValue)}"`,
    );
  }
  const wafSetting: unknown = node.tryGetContext('waf') ?? process.env.FC_WAF;
  const lambdaQuotaValue: unknown =
    node.tryGetContext('lambdaConcurrencyQuota') ?? (process.env.FC_LAMBDA_CONCURRENCY_QUOTA || accountQuotas.lambdaConcurrency);
  const lambdaConcurrencyQuota = typeof lambdaQuotaValue === 'number' || typeof lambdaQuotaValue === 'string' ? Number(lambdaQuotaValue) : Number.NaN;
  if (!Number.isInteger(lambdaConcurrencyQuota) || lambdaConcurrencyQuota < 1) {
    throw new Error(
      `lambdaConcurrencyQuota must be a whole number of concurrent executions (aws lambda get-account-settings: AccountLimit.ConcurrentExecutions), not "${String(lambdaQuotaValue)}"`,
    );
  }
  const apiDomainName = read(node, 'apiDomainName', 'FC_API_DOMAIN_NAME');
  const apiCertificateArn = read(node, 'apiCertificateArn', 'FC_API_CERTIFICATE_ARN');
  const region = read(node, 'region', 'CDK_DEFAULT_REGION') ?? 'eu-central-1';
  if (Boolean(apiDomainName) !== Boolean(apiCertificateArn)) {
    throw new SettingsError(
      'apiDomainName and apiCertificateArn go together: the API\'s custom domain and its ACM certificate in the stacks\' region (docs/operations.md "Deploying")',
    );
  }
  if (apiCertificateArn && !apiCertificateArn.startsWith(`arn:aws:acm:${region}:`)) {
    throw new SettingsError(
      `apiCertificateArn "${apiCertificateArn}" must be an ACM certificate in the stacks' region ${region}: a regional API domain takes a certificate of its own region`,
    );
  }
  if (apiDomainName && (apiDomainName === appHost || (strict && isPlaceholderHost(apiDomainName)))) {
    throw new SettingsError(`apiDomainName "${apiDomainName}" must be a name of its own (such as api.${appHost}), not appUrl's host or a placeholder`);
  }
  const settings: DeploymentSettings = {
    stage,
    placeholders,
    lambdaConcurrencyQuota,
    unstagedStackNames: isTrue(node.tryGetContext('unstagedStackNames') ?? process.env.FC_UNSTAGED_STACK_NAMES),
    sesDailyQuota,
    appUrl,
    mailIdentity,
    mailFrom,
    contactTo,
    certificateArn: read(node, 'certificateArn', 'FC_CERTIFICATE_ARN'),
    apiDomain: apiDomainName && apiCertificateArn ? { domainName: apiDomainName, certificateArn: apiCertificateArn } : undefined,
    logLevel: logLevel as DeploymentSettings['logLevel'],
    alarmEmail,
    restoredTableName: read(node, 'restoredTableName', 'FC_RESTORED_TABLE_NAME'),
    restoredTableStreamArn: read(node, 'restoredTableStreamArn', 'FC_RESTORED_TABLE_STREAM_ARN'),
    backupCopyVaultArn: read(node, 'backupCopyVaultArn', 'FC_BACKUP_COPY_VAULT_ARN'),
    waf: wafSetting === undefined || wafSetting === '' ? stage !== 'development' : isTrue(wafSetting),
    stackPrefix: read(node, 'stackPrefix', 'FC_STACK_PREFIX') ?? 'FamilyCanvas',
    account: read(node, 'account', 'CDK_DEFAULT_ACCOUNT') ?? '111111111111',
    region,
  };
  checkStagesApart(settings, recordedStages(node));
  return settings;
}

/** Whether SES lets an identity send from an address: the address itself, or the domain and its subdomains. */
function sendsFrom(identity: string, address: string): boolean {
  const id = identity.toLowerCase();
  const from = address.toLowerCase();
  if (id.includes('@')) return from === id;
  const domain = mailDomainOf(from);
  return domain === id || domain.endsWith(`.${id}`);
}
