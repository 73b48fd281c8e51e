import fs from 'node:fs';
import path from 'node:path';
import { App, Tags, Validations, type Environment } from 'aws-cdk-lib';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { AppFunction } from './constructs/app-function';
import { repositoryRoot } from './constructs/product-lambda';
import { readSettings, type DeploymentSettings, type DeploymentStage } from './settings';
import { stageEnvironmentVariable } from '../shared/metrics';
import { AlertsStack } from './stacks/alerts-stack';
import { ApiAreaStack } from './stacks/api-area-stack';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { JobsStack } from './stacks/jobs-stack';
import { MailStack } from './stacks/mail-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WafStack } from './stacks/waf-stack';
import { findWebDist, WebStack } from './stacks/web-stack';
import { routeThrottles } from './api-limits';
import { reserveConcurrency } from './reserved-concurrency';
import { bundleUses } from './lambda-bundles';
import { plannedReservedConcurrency } from './traffic-plan';
import { apiAreas, allRoutes, routeGroupAreas, routeManifest, type ApiArea, type RouteGroupName } from '../shared/routes';

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
  /** The HTTP API, its stage, the live channel and the accounts area's route groups. */
  api: ApiStack;
  /** The canvas area's route groups on the Api stack's HTTP API. */
  canvasApi: ApiAreaStack;
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

/** The area the Api stack serves; every other area has an ApiAreaStack of its own. */
export const apiStackArea: ApiArea = 'accounts';

/** The name part of an area's stack (`FamilyCanvas-production-CanvasApi`). */
export function apiAreaStackPart(area: ApiArea): string {
  return `${area[0]!.toUpperCase()}${area.slice(1)}Api`;
}

/**
 * Which stack serves each route group, by its area (shared/routes.ts routeGroupAreas). Two kinds
 * of group are in the Api stack whatever their area: one with a route throttle of its own
 * (infra/api-limits.ts), because the stage's route settings may only name routes that exist when
 * the stage is updated, and the stage is there; and one whose code posts to live sockets
 * (bundleUses), so its ManageConnections grant names the WebSocket API in the stack that owns it
 * and stays acknowledged, precisely, by the live channel (docs/architecture-decisions.md).
 */
export function apiStackGroups(): Record<ApiArea, RouteGroupName[]> {
  const throttled = new Set(
    allRoutes()
      .filter((route) => `${route.method} ${route.path}` in routeThrottles)
      .map((route) => route.group),
  );
  const byArea = Object.fromEntries(apiAreas.map((area) => [area, [] as RouteGroupName[]])) as Record<ApiArea, RouteGroupName[]>;
  for (const group of Object.keys(routeManifest) as RouteGroupName[]) {
    const withTheStage = throttled.has(group) || bundleUses(routeManifest[group].entry).liveSockets;
    byArea[withTheStage ? apiStackArea : routeGroupAreas[group]].push(group);
  }
  return byArea;
}

/** Every route group's function, in manifest order, whichever Api stack it is in. */
export function routeFunctionsOf(stacks: Pick<FamilyCanvasStacks, 'api' | 'canvasApi'>): Map<RouteGroupName, AppFunction> {
  const all = new Map([...stacks.api.functions, ...stacks.canvasApi.functions]);
  return new Map((Object.keys(routeManifest) as RouteGroupName[]).filter((group) => all.has(group)).map((group) => [group, all.get(group)!]));
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
  // so the API cannot depend on the distribution. STAGE is the `Stage` dimension of every
  // custom metric (functions/lib/observability.ts), so stages in one account never mix.
  const environment: Record<string, string> = {
    TABLE_NAME: data.table.tableName,
    APP_URL: settings.appUrl,
    MAIL_FROM: settings.mailFrom,
    CONTACT_TO: settings.contactTo,
    LOG_LEVEL: settings.logLevel,
    [stageEnvironmentVariable]: settings.stage,
  };
  // Only the secret's ARN, and only to the functions whose code signs with it (infra/lambda-bundles.ts
  // serverSecretEnvironment): functions/lib/server-secret.ts reads the value at run time (and again
  // after a few minutes, so a rotation needs no deployment); AppFunction grants read access to it.
  const serverSecretArn = data.serverSecret.secretArn;

  const mail = new MailStack(app, name('Mail'), {
    env,
    description: 'Family Canvas: SES identity, configuration set, bounce and complaint suppression',
    mailIdentity: settings.mailIdentity,
    table: data.table,
    environment,
    serverSecretArn,
    alarmTopic,
  });
  // Functions that send mail send it through the configuration set (its events feed the suppression list).
  const sendingEnvironment = { ...environment, MAIL_CONFIGURATION_SET: mail.configurationSet.configurationSetName };

  const groups = apiStackGroups();
  const routeGroupResources = {
    table: data.table,
    mailIdentity: mail.identity,
    mailConfigurationSet: mail.configurationSet,
    environment: sendingEnvironment,
    serverSecretArn,
    mfaKeySecret: data.mfaKeySecret,
  };
  const api = new ApiStack(app, name('Api'), {
    env,
    description: `Family Canvas: HTTP API, live channel and the ${apiStackArea} area's route groups`,
    ...routeGroupResources,
    groups: groups[apiStackArea],
    stage: settings.stage,
    alarmTopic,
    ...(settings.apiDomain ? { apiDomain: settings.apiDomain } : {}),
  });
  const canvasApi = new ApiAreaStack(app, name(apiAreaStackPart('canvas')), {
    env,
    description: "Family Canvas: the canvas area's route groups on the HTTP API",
    ...routeGroupResources,
    area: 'canvas',
    groups: groups.canvas,
    httpApi: api.httpApi,
    originSecret: api.originSecret,
    live: api.live,
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
    apiOriginDomainName: api.originDomainName,
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
    serverSecretArn,
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
    stage: settings.stage,
    routeFunctions: routeFunctionsOf({ api, canvasApi }),
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

  // The live sender and the jobs keep running when the API takes the account's concurrency (docs/capacity.md).
  const reserved = plannedReservedConcurrency();
  reserveConcurrency(
    [
      ...(api.live.sender ? [{ fn: api.live.sender, count: reserved.liveSender }] : []),
      ...[jobs.cleanup, jobs.digest, jobs.accessExpiry].map((fn) => ({ fn, count: reserved.scheduledJob })),
      { fn: mail.sesEvents, count: reserved.sesEvents },
    ],
    settings.lambdaConcurrencyQuota,
  );

  // Every route group is deployed by exactly one Api stack.
  const deployedGroups = routeFunctionsOf({ api, canvasApi });
  const missing = Object.keys(routeManifest).filter((group) => !deployedGroups.has(group as RouteGroupName));
  if (missing.length) throw new Error(`route groups ${missing.join(', ')} are in no Api stack: give their area a stack in infra/app-builder.ts`);

  // Every function is released through its `live` alias by CodeDeploy (infra/constructs/app-function.ts).
  for (const fn of appFunctionsOf(app)) fn.release({ deploymentConfig: releaseConfigOf(settings.stage), stage: settings.stage });

  Tags.of(app).add('project', 'family-canvas');
  return { app, stacks: { alerts, data, mail, api, canvasApi, web, jobs, monitoring, ...(waf ? { waf } : {}) } };
}
