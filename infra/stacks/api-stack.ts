import type * as sns from 'aws-cdk-lib/aws-sns';
import { CfnOutput, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { AppFunction } from '../constructs/app-function';
import { grantTableAccess, routeTableAccess } from '../constructs/table-access';
import { bundleUses, serverSecretEnvironment } from '../lambda-bundles';
import { functionAssets } from '../function-assets';
import { routeThrottles, stageThrottle } from '../api-limits';
import { logRetentionDays } from '../log-retention';
import { LiveChannel } from '../constructs/live-channel';
import { accessLogStageField } from '../custom-metrics';
import { routeManifest, type RouteGroup, type RouteGroupName } from '../../shared/routes';

/** What the functions of the route groups are given, whichever Api stack they are in. */
export type RouteGroupResources = {
  table: dynamodb.ITable;
  mailIdentity: ses.IEmailIdentity;
  /** Every e-mail is sent through it (MAIL_CONFIGURATION_SET); sending names it, so it is part of the permission. */
  mailConfigurationSet: ses.IConfigurationSet;
  /** The variables functions/lib/config.ts reads (without SERVER_SECRET_ARN, which only its readers get). */
  environment: Record<string, string>;
  /** The server secret: SERVER_SECRET_ARN goes to the groups whose code signs with it (infra/lambda-bundles.ts serverSecretEnvironment). */
  serverSecretArn: string;
  /** The MFA key (TOTP secrets at rest): readable by the groups marked readsMfaKey only. */
  mfaKeySecret: secretsmanager.ISecret;
};

export type ApiStackProps = StackProps &
  RouteGroupResources & {
    /** The route groups served from this stack (infra/app-builder.ts apiStackGroups); the others have stacks of their own. */
    groups: readonly RouteGroupName[];
    /** The deployment stage, written on every access-log line (accessLogFormatOf). */
    stage: string;
    /**
     * The API's custom domain (infra/settings.ts apiDomain): the `$default` stage is mapped to it
     * and the default execute-api endpoint is disabled, so only that domain (CloudFront's origin) reaches the API.
     */
    apiDomain?: { domainName: string; certificateArn: string };
    /** Notified when the live sender's dead-letter queue gets a message. */
    alarmTopic: sns.ITopic;
  };

/** cdk-nag's APIG4 on every route, in whichever Api stack the route is. */
export const routeAuthorizationAcknowledgement = {
  id: 'AwsSolutions-APIG4',
  reason:
    'Authentication is the session cookie, checked in every group Lambda by the one middleware stack (functions/http/http.ts); routes marked isPublic in the manifest are meant to be open (sign-up, sign-in, contact form). An API Gateway authorizer would add a second session look-up per call.',
};

/**
 * One JSON line per request. The route key, not the path: paths may carry tokens
 * (confirmation links), and query strings are never logged. The deployment stage is written
 * on every line (a constant): the access-log metric filters take the `Stage` dimension from
 * it (infra/stacks/monitoring-stack.ts), as a filter's dimensions can only be fields of the line.
 */
function accessLogFormatOf(stage: string): AccessLogFormat {
  return AccessLogFormat.custom(
    JSON.stringify({
      requestId: '$context.requestId',
      time: '$context.requestTime',
      ip: '$context.identity.sourceIp',
      userAgent: '$context.identity.userAgent',
      route: '$context.routeKey',
      status: '$context.status',
      protocol: '$context.protocol',
      responseLength: '$context.responseLength',
      latencyMs: '$context.responseLatency',
      integrationLatencyMs: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      [accessLogStageField]: stage,
    }),
  );
}

/**
 * The HTTP API, its `$default` stage, the origin secret, the live channel, and the route groups
 * infra/app-builder.ts gives it (one Lambda per group, one route per manifest entry); the other
 * groups are in stacks of their own (ApiAreaStack, infra/stacks/api-area-stack.ts) that add their
 * routes to this API. Nothing here names a group.
 */
export class ApiStack extends Stack {
  readonly httpApi: apigwv2.HttpApi;
  /** The functions of this stack's route groups (infra/app-builder.ts routeFunctionsOf has all of them). */
  readonly functions: ReadonlyMap<RouteGroupName, AppFunction>;
  /** One JSON line per request (the monitoring dashboard queries it per route group). */
  readonly accessLogs: logs.LogGroup;
  /** The WebSocket API, its handler and the stream sender. */
  readonly live: LiveChannel;
  /** The host CloudFront sends `/api` to: the custom domain where one is given, else the execute-api host. */
  readonly originDomainName: string;
  /** API Gateway's account setting: the role it writes access logs with. */
  readonly apiGatewayAccount: CfnAccount;
  /**
   * The origin secret CloudFront adds to every request to the API origins (infra/stacks/web-stack.ts):
   * the functions refuse any request without it and only then trust CloudFront-Viewer-Address
   * (functions/lib/origin-secret.ts reads it at run time by ORIGIN_SECRET_ARN).
   */
  readonly originSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Family Canvas /api, reached through CloudFront',
      // The stage is made below, with access logs and throttling.
      createDefaultStage: false,
      // With a custom domain, the execute-api host answers nothing: a direct call can no longer
      // take the stage's throttle or a Lambda invocation (docs/security.md).
      ...(props.apiDomain ? { disableExecuteApiEndpoint: true } : {}),
    });
    const domainName = props.apiDomain
      ? new apigwv2.DomainName(this, 'ApiDomain', {
          domainName: props.apiDomain.domainName,
          certificate: acm.Certificate.fromCertificateArn(this, 'ApiCertificate', props.apiDomain.certificateArn),
          securityPolicy: apigwv2.SecurityPolicy.TLS_1_2,
        })
      : undefined;
    this.originDomainName = domainName ? props.apiDomain!.domainName : `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    }));
    // A stage with access logs is refused ("CloudWatch Logs role ARN must be set in account
    // settings") until API Gateway has a role to write logs with, and a new account has none
    // (cdk.json turns CDK's implicit one off). One setting per account and region: both are
    // retained, so deleting this installation never breaks another one's logs.
    const cloudWatchRole = new iam.Role(this, 'ApiGatewayCloudWatchRole', {
      description: "API Gateway (account setting): writes the stages' access logs to CloudWatch Logs",
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    Validations.of(cloudWatchRole).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'AmazonAPIGatewayPushToCloudWatchLogs is the policy AWS documents for the API Gateway account role; the log groups it writes are named by API Gateway at run time.',
    });
    const account = (this.apiGatewayAccount = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn }));
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);

    const httpStage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      // Protects the account's quotas, sized from the capacity plan (infra/api-limits.ts; the local gateway applies the same).
      throttle: { ...stageThrottle },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLogs), format: accessLogFormatOf(props.stage) },
      ...(domainName ? { domainMapping: { domainName } } : {}),
    });
    if (domainName) {
      // The DNS record to publish (a CNAME of the API's domain to this name), as the Mail stack outputs its DKIM records.
      new CfnOutput(this, 'ApiDomainTarget', { value: domainName.regionalDomainName });
    }

    httpStage.node.addDependency(account);

    const originSecret = (this.originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Family Canvas origin secret: CloudFront sends it to the API origins; the functions refuse requests without it',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    }));
    Validations.of(originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'CloudFront reads it only at deployment (a dynamic reference in the origin custom header), so a rotation needs a redeploy of the Web stack; the functions accept the current and the previous version meanwhile. Rotated by hand (docs/security.md).',
    });

    this.live = new LiveChannel(this, 'Live', { table: props.table, environment: props.environment, alarmTopic: props.alarmTopic, originSecret });
    this.live.stage.node.addDependency(account);

    const built = addRouteGroups(this, this.httpApi, props.groups, {
      ...props,
      httpApi: this.httpApi,
      originSecret,
      live: this.live,
    });
    this.functions = built.functions;
    const routesByKey = built.routesByKey;

    // The expensive routes' own throttles (infra/api-limits.ts routeThrottles). A stage's route
    // settings name existing routes, so the stage waits for them; a key that names no route fails synth.
    // A map CloudFormation reads as it is (JSON): its keys are CloudFormation's, not CDK's.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [routeKey, throttle] of Object.entries(routeThrottles)) {
      const route = routesByKey.get(routeKey);
      if (!route) {
        throw new Error(
          `infra/api-limits.ts routeThrottles names "${routeKey}", which is no route of the Api stack's groups (${props.groups.join(', ')}): a stage's route settings may name only routes that exist when the stage is updated, so a throttled route's group belongs to this stack (infra/app-builder.ts apiStackGroups)`,
        );
      }
      routeSettings[routeKey] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
      httpStage.node.addDependency(route);
    }
    (httpStage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings;

    Validations.of(this.httpApi).acknowledge(routeAuthorizationAcknowledgement);

    if (!props.apiDomain) new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'LiveEndpoint', { value: this.live.endpoint });
  }
}

/**
 * One Lambda per route group of `groups`, its integration and its routes on `httpApi`: the
 * functions under `scope`, the routes under `routeScope` (the API itself in the Api stack, so
 * its acknowledgements cover them). Returns the functions and the routes by route key.
 */
export function addRouteGroups(
  scope: Construct,
  routeScope: Construct,
  groups: readonly RouteGroupName[],
  props: RouteGroupResources & { httpApi: apigwv2.IHttpApi; originSecret: secretsmanager.ISecret; live: LiveChannel },
): { functions: Map<RouteGroupName, AppFunction>; routesByKey: Map<string, apigwv2.HttpRoute> } {
  const configurationSetArn = Stack.of(scope).formatArn({
    service: 'ses',
    resource: 'configuration-set',
    resourceName: props.mailConfigurationSet.configurationSetName,
  });
  const functions = new Map<RouteGroupName, AppFunction>();
  const routesByKey = new Map<string, apigwv2.HttpRoute>();
  for (const group of groups) {
    const definition: RouteGroup = routeManifest[group];
    // What the group's code calls decides its grants (infra/lambda-bundles.ts bundleUses).
    const uses = bundleUses(definition.entry);
    const fn = new AppFunction(scope, `Group-${group}`, {
      entry: definition.entry,
      description: `Family Canvas API: ${group}`,
      environment: {
        ...props.environment,
        ...serverSecretEnvironment(definition.entry, props.serverSecretArn),
        ...(uses.liveSockets ? { LIVE_ENDPOINT: props.live.endpoint } : {}),
        // Read at run time (functions/lib/mfa-key.ts): the key never sits in the function's configuration.
        ...(definition.readsMfaKey ? { MFA_KEY_SECRET_ARN: props.mfaKeySecret.secretArn } : {}),
        // Every route checks that the request came through CloudFront (functions/lib/origin-secret.ts).
        ORIGIN_SECRET_ARN: props.originSecret.secretArn,
      },
      assets: functionAssets[group],
      memorySize: definition.memorySize,
    });
    grantTableAccess(fn.function, props.table, routeTableAccess(uses));
    if (uses.liveSockets) props.live.grantSend(fn.function);
    if (definition.readsMfaKey) props.mfaKeySecret.grantRead(fn.function);
    props.originSecret.grantRead(fn.function);
    if (definition.canSendEmail) {
      props.mailIdentity.grant(fn.function, 'ses:SendEmail');
      iam.Grant.addToPrincipal({ grantee: fn.function, actions: ['ses:SendEmail'], resourceArns: [configurationSetArn] });
    }

    // The API invokes the `live` alias: a release shifts it (infra/constructs/app-function.ts).
    // One permission per function for the whole API instead of one per route: a
    // group may grow many routes, and a Lambda resource policy is capped at 20 KB.
    const integration = new HttpLambdaIntegration(`Integration-${group}`, fn.alias, { scopePermissionToRoute: false });
    for (const route of definition.routes) {
      const httpRoute = new apigwv2.HttpRoute(routeScope, `Route-${group}-${route.name}`, {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration,
      });
      routesByKey.set(`${route.method} ${route.path}`, httpRoute);
    }
    functions.set(group, fn);
  }
  return { functions, routesByKey };
}
