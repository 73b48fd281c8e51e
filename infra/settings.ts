import type { Node } from 'constructs';

/**
 * Deployment settings: what differs between one installation and another. Each comes
 * from CDK context (`-c appUrl=…` or cdk.json), else an environment variable, else a
 * default that synthesizes but is meant to be replaced before a real deployment.
 */
export type DeploymentSettings = {
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
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Where alarm notifications go (an e-mail subscription of the alarm topic); none when unset. */
  alarmEmail: string | undefined;
  /** An AWS WAF web ACL (us-east-1) in front of CloudFront: context `waf=true`. Off by default (a monthly cost per ACL and rule). */
  waf: boolean;
  /** A table restored to a point in time that the stacks should use instead of their own (README "Running it"). */
  restoredTableName: string | undefined;
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

/** Reads the settings once for the whole app; fails fast on values that cannot work. */
export function readSettings(node: Node): DeploymentSettings {
  const appUrl = (read(node, 'appUrl', 'FC_APP_URL') ?? 'https://familycanvas.example').replace(/\/$/, '');
  const appHost = new URL(appUrl).hostname;
  const mailIdentity = read(node, 'mailIdentity', 'FC_MAIL_IDENTITY') ?? appHost;
  const mailDomain = mailDomainOf(mailIdentity);
  const logLevel = read(node, 'logLevel', 'FC_LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new Error(`logLevel must be one of ${logLevels.join(', ')}, not "${logLevel}"`);
  }
  return {
    appUrl,
    mailIdentity,
    mailFrom: read(node, 'mailFrom', 'FC_MAIL_FROM') ?? `Family Canvas <no-reply@${mailDomain}>`,
    contactTo: read(node, 'contactTo', 'FC_CONTACT_TO') ?? `team@${mailDomain}`,
    certificateArn: read(node, 'certificateArn', 'FC_CERTIFICATE_ARN'),
    logLevel: logLevel as DeploymentSettings['logLevel'],
    alarmEmail: read(node, 'alarmEmail', 'FC_ALARM_EMAIL'),
    restoredTableName: read(node, 'restoredTableName', 'FC_RESTORED_TABLE_NAME'),
    waf: isTrue(node.tryGetContext('waf') ?? process.env.FC_WAF),
    stackPrefix: read(node, 'stackPrefix', 'FC_STACK_PREFIX') ?? 'FamilyCanvas',
    account: read(node, 'account', 'CDK_DEFAULT_ACCOUNT') ?? '111111111111',
    region: read(node, 'region', 'CDK_DEFAULT_REGION') ?? 'eu-central-1',
  };
}
