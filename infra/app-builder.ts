import fs from 'node:fs';
import path from 'node:path';
import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { AppFunction, repositoryRoot } from './constructs/app-function';
import { readSettings, type DeploymentSettings, type DeploymentStage } from './settings';
import { AlertsStack } from './stacks/alerts-stack';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { MailStack } from './stacks/mail-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WafStack } from './stacks/waf-stack';
import { findWebDist, WebStack } from './stacks/web-stack';

export type BuildAppOptions = {
  /** Context on top of cdk.json's (settings such as appUrl, feature flags). */
  context?: Record<string, unknown>;
  /** Where the SPA build is; null for none. Defaults to web/dist when it has been built. */
  webDistPath?: string | null;
  /** Register cdk-nag's AWS Solutions checks to run at synth (default true). Tests call them directly. */
  withNag?: boolean;
  /** Where app.synth() writes; defaults to the CLI's choice or a temporary directory. */
  outdir?: string;
};

/**
 * Context of a development synth (tests, `npm run synth`): placeholder settings are accepted
 * (infra/settings.ts). A deployment gives real settings instead.
 */
export const developmentContext: Readonly<Record<string, unknown>> = { stage: 'development' };

export type FamilyCanvasStacks = {
  alerts: AlertsStack;
  data: DataStack;
  mail: MailStack;
  api: ApiStack;
  web: WebStack;
  jobs: JobsStack;
  monitoring: MonitoringStack;
  /** Only with context `waf=true`. */
  waf?: WafStack;
};

/**
 * A stack's name: the prefix, the stage and the part (`FamilyCanvas-staging-Api`), so stages
 * can share an account; with `unstagedStackNames` the names from before stages (`FamilyCanvasApi`).
 */
export function stackName(settings: Pick<DeploymentSettings, 'stackPrefix' | 'stage' | 'unstagedStackNames'>, part: string): string {
  return settings.unstagedStackNames ? `${settings.stackPrefix}${part}` : `${settings.stackPrefix}-${settings.stage}-${part}`;
}

/**
 * How a release reaches the functions: a canary (10 % of calls for 5 minutes, then all,
 * rolled back on the function's release alarms) except in development, where waiting
 * five minutes per function buys nothing.
 */
export function releaseConfigOf(stage: DeploymentStage): codedeploy.ILambdaDeploymentConfig {
  return stage === 'development' ? codedeploy.LambdaDeploymentConfig.ALL_AT_ONCE : codedeploy.LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;
}

/** Every function of the app (route groups, live channel, jobs). */
export function appFunctionsOf(scope: Construct): AppFunction[] {
  return scope.node.findAll().filter((construct): construct is AppFunction => construct instanceof AppFunction);
}

/**
 * cdk.json's context. The CLI passes it to the app itself; reading it here too gives
 * tests, which build the app without the CLI, the same feature flags.
 */
function cdkJsonContext(): Record<string, unknown> {
  const file = path.join(repositoryRoot, 'cdk.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { context?: Record<string, unknown> };
  return parsed.context ?? {};
}

/** Builds the whole CDK app (alerts, data, mail, api, web, jobs, monitoring; waf on request) without synthesizing it. */
export function buildApp(options: BuildAppOptions = {}): { app: App; stacks: FamilyCanvasStacks } {
  const app = new App({
    context: { ...cdkJsonContext(), ...options.context },
    ...(options.outdir ? { outdir: options.outdir } : {}),
  });
  if (options.withNag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  const settings = readSettings(app.node);
  const env: Environment = { account: settings.account, region: settings.region };
  const name = (part: string) => stackName(settings, part);

  const alerts = new AlertsStack(app, name('Alerts'), { env, description: 'Family Canvas: the alarm topic', alarmEmail: settings.alarmEmail });
  const alarmTopic = alerts.alarmTopic;
  const data = new DataStack(app, name('Data'), {
    env,
    description: 'Family Canvas: table and server secret',
    ...(settings.restoredTableName ? { restoredTableName: settings.restoredTableName } : {}),
    ...(settings.restoredTableStreamArn ? { restoredTableStreamArn: settings.restoredTableStreamArn } : {}),
    ...(settings.backupCopyVaultArn ? { backupCopyVaultArn: settings.backupCopyVaultArn } : {}),
  });

  // What functions/lib/config.ts reads. AWS_REGION is set by Lambda itself. APP_URL comes
  // from the settings, not from the distribution: the distribution depends on the API,
  // so the API cannot depend on the distribution.
  const environment: Record<string, string> = {
    TABLE_NAME: data.table.tableName,
    APP_URL: settings.appUrl,
    MAIL_FROM: settings.mailFrom,
    CONTACT_TO: settings.contactTo,
    // Only the secret's ARN: functions/lib/server-secret.ts reads the value at run time (and
    // again after a few minutes, so a rotation needs no deployment). AppFunction grants read
    // access to the functions that get it.
    SERVER_SECRET_ARN: data.serverSecret.secretArn,
    LOG_LEVEL: settings.logLevel,
  };

  const mail = new MailStack(app, name('Mail'), {
    env,
    description: 'Family Canvas: SES identity, configuration set, bounce and complaint suppression',
    mailIdentity: settings.mailIdentity,
    table: data.table,
    environment,
    alarmTopic,
  });
  // Functions that send mail send it through the configuration set (its events feed the suppression list).
  const sendingEnvironment = { ...environment, MAIL_CONFIGURATION_SET: mail.configurationSet.configurationSetName };

  const api = new ApiStack(app, name('Api'), {
    env,
    description: 'Family Canvas: HTTP API and one Lambda per route group',
    table: data.table,
    mailIdentity: mail.identity,
    mailConfigurationSet: mail.configurationSet,
    environment: sendingEnvironment,
    alarmTopic,
    mfaKeySecret: data.mfaKeySecret,
  });

  // A CloudFront web ACL must be in us-east-1; CDK carries its ARN across regions.
  const wafRegion = 'us-east-1';
  const waf = settings.waf
    ? new WafStack(app, name('Waf'), {
        env: { account: settings.account, region: wafRegion },
        description: 'Family Canvas: AWS WAF web ACL for CloudFront',
        crossRegionReferences: settings.region !== wafRegion,
        ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
      })
    : undefined;

  const appHost = new URL(settings.appUrl).hostname;
  const webDistPath = options.webDistPath === null ? undefined : (options.webDistPath ?? findWebDist(repositoryRoot));
  const web = new WebStack(app, name('Web'), {
    env,
    description: 'Family Canvas: SPA on S3 and CloudFront, /api/* to the HTTP API',
    httpApi: api.httpApi,
    webSocketApi: api.live.webSocketApi,
    originSecret: api.originSecret,
    webDistPath,
    ...(settings.certificateArn ? { customDomain: { domainName: appHost, certificateArn: settings.certificateArn } } : {}),
    ...(waf ? { webAclArn: waf.webAcl.attrArn, crossRegionReferences: settings.region !== wafRegion } : {}),
  });

  const jobs = new JobsStack(app, name('Jobs'), {
    env,
    description: 'Family Canvas: scheduled cleanup and the e-mail digest',
    table: data.table,
    environment,
    alarmTopic,
    mailIdentity: mail.identity,
    mailConfigurationSet: mail.configurationSet,
  });

  const monitoring = new MonitoringStack(app, name('Monitoring'), {
    env,
    description: 'Family Canvas: alarms and the operations dashboard',
    alarmTopic,
    httpApi: api.httpApi,
    accessLogs: api.accessLogs,
    routeFunctions: api.functions,
    liveHandler: api.live.handler,
    ...(api.live.sender ? { liveSender: api.live.sender } : {}),
    jobs: [
      { name: 'cleanup', fn: jobs.cleanup, scheduledDaily: true },
      { name: 'digest', fn: jobs.digest, scheduledDaily: false, scheduledHourly: true },
      { name: 'access-expiry', fn: jobs.accessExpiry, scheduledDaily: false, scheduledHourly: true },
      { name: 'cards', fn: jobs.cards, scheduledDaily: false, scheduledHourly: true },
      { name: 'ses-events', fn: mail.sesEvents, scheduledDaily: false },
    ],
    table: data.table,
    sesDailyQuota: settings.sesDailyQuota,
    lambdaConcurrencyQuota: settings.lambdaConcurrencyQuota,
    deadLetterQueues: [...jobs.deadLetterQueues, ...mail.deadLetterQueues, api.live.deadLetterQueue],
  });

  // Every function is released through its `live` alias by CodeDeploy (infra/constructs/app-function.ts).
  for (const fn of appFunctionsOf(app)) fn.release({ deploymentConfig: releaseConfigOf(settings.stage) });

  Tags.of(app).add('project', 'family-canvas');
  return { app, stacks: { alerts, data, mail, api, web, jobs, monitoring, ...(waf ? { waf } : {}) } };
}
