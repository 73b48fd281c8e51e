import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Stack as CdkStack, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRetentionDays } from '../../infra/log-retention';
import { apiStackGroups, buildApp, developmentContext, routeFunctionsOf, type FamilyCanvasStacks } from '../../infra/app-builder';
import { debugLogSampleRate, functionRuntime } from '../../infra/constructs/product-lambda';
import { spaRoutingFunctionCode } from '../../infra/constructs/spa-routing';
import { tableAccess } from '../../infra/constructs/table-access';
import { allRoutes, routeManifest, type RouteGroup, type RouteGroupName } from '../../shared/routes';
import { contentSecurityPolicy } from '../../infra/security-headers';
import { tableDefinition } from '../../infra/table-definition';
import { stageThrottle } from '../../infra/api-limits';
import { metricsNamespace } from '../../shared/metrics';

// Synthesis bundles every Lambda with esbuild: the app is built once here and shared.
let stacks: FamilyCanvasStacks;
const templates = {} as Record<keyof FamilyCanvasStacks, Template>;

type CfnResource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

const groups = Object.entries(routeManifest) as Array<[RouteGroupName, RouteGroup]>;

function resourcesOf(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

function logicalIdOf(construct: { node: { defaultChild?: unknown } }): string {
  const child = construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0];
  return CdkStack.of(child).getLogicalId(child);
}

/** The resources of both Api stacks (the Api stack and the canvas area's), whose logical ids never meet. */
function apiResourcesOf(type: string): Record<string, CfnResource> {
  return { ...resourcesOf(templates.api, type), ...resourcesOf(templates.canvasApi, type) };
}

/** The resources of `type` in the two Api stacks, each stack's own (a logical id may be in both). */
function apiStacksResources(type: string): CfnResource[] {
  return [templates.api, templates.canvasApi].flatMap((template) => Object.values(resourcesOf(template, type)));
}

/** cdk-nag findings not acknowledged, as readable lines for the failure message. */
function nagFindings(stack: Stack): string[] {
  const report = new AwsSolutionsChecks(stack.node.root).validateScope(stack);
  return report.violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}: ${v.description}`));
}

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: developmentContext }));
  for (const [name, stack] of Object.entries(stacks) as Array<[keyof FamilyCanvasStacks, Stack]>) {
    templates[name] = Template.fromStack(stack);
  }
});

describe('data stack', () => {
  it('builds the one table from the table definition', () => {
    templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: tableDefinition.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDefinition.sortKey, KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });

  it('has both overloaded indexes projecting all attributes', () => {
    const [table] = Object.values(resourcesOf(templates.data, 'AWS::DynamoDB::Table'));
    const indexes = table?.Properties.GlobalSecondaryIndexes as Array<Record<string, unknown>>;
    expect(indexes).toHaveLength(2);
    for (const name of ['GSI1', 'GSI2']) {
      expect(indexes).toContainEqual({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}PK`, KeyType: 'HASH' },
          { AttributeName: `${name}SK`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      });
    }
  });

  it('generates the server secret instead of taking it from the repository', () => {
    templates.data.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) }),
    });
  });
});

describe('mail stack', () => {
  it('declares the SES identity of the default domain', () => {
    templates.mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'familycanvas.example' });
  });
});

describe('api stack', () => {
  it('bundles the plan book with its fonts beside index.mjs, and no other function with them', () => {
    const outdir = (stacks.api.node.root as unknown as { outdir: string }).outdir;
    const bundles = fs.readdirSync(outdir).filter((name) => name.startsWith('asset.') && fs.existsSync(path.join(outdir, name, 'index.mjs')));
    const withFonts = bundles.filter((name) => fs.existsSync(path.join(outdir, name, 'fonts', 'NotoSans-Regular.ttf')));
    expect(withFonts).toHaveLength(1);
    for (const font of ['NotoSans-Bold.ttf', 'NotoSans-Italic.ttf']) expect(fs.existsSync(path.join(outdir, withFonts[0]!, 'fonts', font))).toBe(true);
    expect(fs.readFileSync(path.join(outdir, withFonts[0]!, 'index.mjs'), 'utf8')).toContain('the plan book fetches nothing');
  });

  it('has one Lambda per route group, built the same way', () => {
    // Plus the live channel's two (its handler and its sender: tests/infra/live.test.ts) and a release hook in each of
    // the two stacks (tests/infra/canary.test.ts).
    // Counted per stack: the two hooks have one logical id, each in its own stack.
    expect(apiStacksResources('AWS::Lambda::Function')).toHaveLength(groups.length + 2 + 2);
    const groupFunctionIds = new Set([...routeFunctionsOf(stacks).values()].map((fn) => logicalIdOf(fn.function)));
    expect(groupFunctionIds.size).toBe(groups.length);
    for (const [id, fn] of Object.entries(apiResourcesOf('AWS::Lambda::Function'))) {
      if (!groupFunctionIds.has(id)) continue;
      // The plan book lays out PDFs: more memory, so more CPU (shared/routes.ts).
      const isPlanBook = fn.Properties.Description === 'Family Canvas API: canvas-plan-book';
      expect(fn.Properties).toMatchObject({
        Runtime: functionRuntime.name,
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        MemorySize: isPlanBook ? 1024 : 512,
        Timeout: 10,
      });
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      // SERVER_SECRET only where the code signs with it: tests/infra/grants.test.ts.
      expect(Object.keys(variables)).toEqual(expect.arrayContaining(['TABLE_NAME', 'APP_URL', 'MAIL_FROM', 'CONTACT_TO', 'LOG_LEVEL']));
      // Powertools' settings (functions/lib/observability.ts): one service, the product's namespace, the level
      // LOG_LEVEL names, debug sampling, and no response recorded in a trace (personal data).
      expect(variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'family-canvas',
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
        POWERTOOLS_LOG_LEVEL: String(variables.LOG_LEVEL).toUpperCase(),
        POWERTOOLS_LOGGER_SAMPLE_RATE: debugLogSampleRate,
        POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      });
      // No endpoint overrides in the cloud: those point the handlers at local stand-ins.
      expect(variables).not.toHaveProperty('DYNAMODB_ENDPOINT');
      expect(variables).not.toHaveProperty('SES_ENDPOINT');
    }
  });

  it('has exactly one route per manifest route, integrated with its group Lambda', () => {
    // The WebSocket API's routes ($connect, …) are the live channel's (tests/infra/live.test.ts).
    const routes = Object.fromEntries(
      Object.entries(apiResourcesOf('AWS::ApiGatewayV2::Route')).filter(([, route]) => !String(route.Properties.RouteKey).startsWith('$')),
    );
    const integrations = apiResourcesOf('AWS::ApiGatewayV2::Integration');
    expect(Object.keys(routes)).toHaveLength(allRoutes().length);

    const routeKeysByFunction = new Map<string, string[]>();
    for (const route of Object.values(routes)) {
      const target = route.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] };
      const integrationId = target['Fn::Join'][1][1].Ref;
      // The integration invokes the group function's live alias (a release shifts it).
      const uri = integrations[integrationId]?.Properties.IntegrationUri as { Ref: string };
      const aliasId = uri.Ref;
      routeKeysByFunction.set(aliasId, [...(routeKeysByFunction.get(aliasId) ?? []), route.Properties.RouteKey as string]);
      expect(route.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
    }

    for (const [group, definition] of groups) {
      const fn = routeFunctionsOf(stacks).get(group);
      expect(fn, group).toBeDefined();
      const expected = definition.routes.map((route) => `${route.method} ${route.path}`);
      expect(routeKeysByFunction.get(logicalIdOf(fn!.alias))?.sort(), group).toEqual(expected.sort());
    }
  });

  it('serves the API on a throttled $default stage with JSON access logs', () => {
    templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      // The local gateway's token bucket reads the same values (infra/local/gateway.ts).
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: stageThrottle.rateLimit, ThrottlingBurstLimit: stageThrottle.burstLimit }),
      AccessLogSettings: Match.objectLike({ Format: Match.stringLikeRegexp('\\$context\\.routeKey') }),
    });
  });

  it('grants table access without Scan, and ses:SendEmail only to the groups that send mail', () => {
    const policies = apiResourcesOf('AWS::IAM::Policy');
    for (const [group, definition] of groups) {
      const roleId = logicalIdOf(routeFunctionsOf(stacks).get(group)!.role);
      const policy = Object.values(policies).find((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]));
      const statements = (policy?.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement;
      const actions = statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
      // Which table actions follows from the group's code: tests/infra/grants.test.ts.
      expect(actions, group).toEqual(expect.arrayContaining([...tableAccess.readOnly.table]));
      expect(actions, group).not.toContain('dynamodb:Scan');
      expect(actions.includes('ses:SendEmail'), group).toBe(definition.canSendEmail === true);
      expect(actions, group).not.toContain('ses:SendRawEmail');
    }
  });

  it('lets only the groups that handle TOTP secrets read the MFA key, by ARN at run time (never its value in the configuration)', () => {
    const secretId = logicalIdOf(stacks.data.mfaKeySecret);
    const policies = apiResourcesOf('AWS::IAM::Policy');
    const functionsById = apiResourcesOf('AWS::Lambda::Function');
    for (const [group, definition] of groups) {
      const fn = routeFunctionsOf(stacks).get(group)!;
      const roleId = logicalIdOf(fn.role);
      const policy = Object.values(policies).find((p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]));
      const statements = (policy?.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement;
      const readsSecret = statements.some((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId));
      expect(readsSecret, group).toBe(definition.readsMfaKey === true);
      const variables = (functionsById[logicalIdOf(fn.function)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect('MFA_KEY_SECRET_ARN' in variables, group).toBe(definition.readsMfaKey === true);
      expect(variables.MFA_ENCRYPTION_KEY, group).toBeUndefined();
    }
    expect(
      groups
        .filter(([, definition]) => definition.readsMfaKey)
        .map(([group]) => group)
        .sort(),
    ).toEqual(['auth', 'mfa', 'passkeys']);
    templates.data.resourceCountIs('AWS::SecretsManager::Secret', 2);
  });

  it('gives each function its own log group with a retention, not the account-wide managed policy', () => {
    // One per function (the route groups, the live channel's two, the two release hooks), and the HTTP API's and the
    // live channel's access logs.
    const retained = apiStacksResources('AWS::Logs::LogGroup').filter((group) => group.Properties.RetentionInDays === logRetentionDays);
    expect(retained).toHaveLength(groups.length + 2 + 2 + 2);
    // The functions' roles; API Gateway's account role has AWS's documented policy (tests/infra/fresh-account.test.ts).
    const functionRoles = Object.values(apiResourcesOf('AWS::IAM::Role')).filter((role) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'),
    );
    expect(functionRoles.length).toBeGreaterThan(groups.length);
    for (const role of functionRoles) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });
});

describe('jobs stack', () => {
  it('runs the cleanup function on a daily schedule', () => {
    const cleanupId = logicalIdOf(stacks.jobs.cleanup.alias);
    templates.jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: Match.stringLikeRegexp('^cron\\(\\d+ \\d+ \\* \\* \\? \\*\\)$'),
      ScheduleExpressionTimezone: 'Europe/Berlin',
      State: 'ENABLED',
      Target: Match.objectLike({ Arn: { Ref: cleanupId } }),
    });
    templates.jobs.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: functionRuntime.name,
      Timeout: 300,
    });
  });

  /** The actions in the policy attached to one function's role. */
  const jobActions = (fn: typeof stacks.jobs.cleanup) => {
    const roleId = logicalIdOf(fn.function.role!);
    const policy = Object.values(resourcesOf(templates.jobs, 'AWS::IAM::Policy')).find(
      (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    );
    const statements = (policy?.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement;
    return statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
  };

  it('lets the cleanup query and delete, nothing more', () => {
    const actions = jobActions(stacks.jobs.cleanup);
    for (const action of tableAccess.cleanup.table) expect(actions).toContain(action);
    for (const action of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Scan', 'ses:SendEmail']) expect(actions).not.toContain(action);
  });

  it('runs the digest every hour (UTC) with retries and dead-letter queues; it may read, update and send, never scan', () => {
    const digestId = logicalIdOf(stacks.jobs.digest.function);
    const digestAliasId = logicalIdOf(stacks.jobs.digest.alias);
    templates.jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(5 * * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      Target: Match.objectLike({
        Arn: { Ref: digestAliasId },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: Match.objectLike({ Arn: Match.anyValue() }),
      }),
    });
    templates.jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: digestId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    const actions = jobActions(stacks.jobs.digest);
    expect(actions).toEqual(expect.arrayContaining([...tableAccess.digest.table, 'ses:SendEmail']));
    for (const action of ['dynamodb:Scan', 'dynamodb:DeleteItem', 'ses:SendRawEmail']) expect(actions).not.toContain(action);
  });

  it('runs the access expiry every hour (UTC) with retries and dead-letter queues; it may end relations and mail, never scan', () => {
    const expiryId = logicalIdOf(stacks.jobs.accessExpiry.function);
    const expiryAliasId = logicalIdOf(stacks.jobs.accessExpiry.alias);
    templates.jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(2 * * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      Target: Match.objectLike({
        Arn: { Ref: expiryAliasId },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
        DeadLetterConfig: Match.objectLike({ Arn: Match.anyValue() }),
      }),
    });
    templates.jobs.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: expiryId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    const actions = jobActions(stacks.jobs.accessExpiry);
    expect(actions).toEqual(expect.arrayContaining([...tableAccess.accessExpiry.table, 'ses:SendEmail']));
    for (const action of ['dynamodb:Scan', 'ses:SendRawEmail', 'execute-api:ManageConnections']) expect(actions).not.toContain(action);
  });
});

describe('web stack', () => {
  it('keeps the site bucket private and TLS-only', () => {
    templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3-site/' }),
    });
    templates.web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
    templates.web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('routes /api/* to the HTTP API uncached, with the headers the API reads (never Host) and every method', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
            // Which headers: tests/infra/origin-secret.test.ts.
            OriginRequestPolicyId: { Ref: Match.stringLikeRegexp('^ApiRequests') },
            ViewerProtocolPolicy: 'https-only',
            ResponseHeadersPolicyId: Match.anyValue(),
          }),
        ]),
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('^\\.execute-api\\.')])] }),
            CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
          }),
        ]),
      }),
    });
  });

  it('serves the prerendered public pages and falls back to index.html for other SPA routes, without rewriting the API’s 403 and 404 answers', () => {
    const [distribution] = Object.values(resourcesOf(templates.web, 'AWS::CloudFront::Distribution'));
    const config = distribution?.Properties.DistributionConfig as Record<string, Record<string, unknown>>;
    // Custom error responses would apply to /api/* as well: the fallback is a viewer-request function instead.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultCacheBehavior?.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    templates.web.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: spaRoutingFunctionCode,
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
    });

    const handler = new Function(`${spaRoutingFunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    // The public pages get their prerendered HTML (shared/prerendered-pages.ts); every other route the SPA shell.
    expect(rewrite('/')).toBe('/prerendered/index.html');
    expect(rewrite('/login')).toBe('/prerendered/login.html');
    expect(rewrite('/terms')).toBe('/prerendered/terms.html');
    expect(rewrite('/login/extra')).toBe('/index.html');
    expect(rewrite('/constructor')).toBe('/index.html');
    expect(rewrite('/dashboard')).toBe('/index.html');
    expect(rewrite('/canvas/12/category/3')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a9c.js')).toBe('/assets/index-3f2a9c.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });

  it('sends the security headers, with a CSP that allows only this origin', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          StrictTransportSecurity: { AccessControlMaxAgeSec: 730 * 24 * 3600, IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: { ContentSecurityPolicy: contentSecurityPolicy, Override: true },
        },
      }),
    });
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe/);
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  it('uploads nothing when the SPA has not been built', () => {
    templates.web.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });
});

/** A deployment's stacks as CloudFormation gets them; no function is bundled (CDK's own switch): only templates are read. */
function deployedStacks(context: Record<string, unknown>): Record<string, Template> {
  const built = buildApp({ withNag: false, webDistPath: null, context: { 'aws:cdk:bundling-stacks': [], ...context } });
  return Object.fromEntries(Object.entries(built.stacks).map(([name, stack]) => [name, Template.fromStack(stack as Stack)]));
}

const productionContext = { appUrl: 'https://canvas.familie-weber.de', alarmEmail: 'ops@familie-weber.de', region: 'us-east-1' };
/** Staging beside production in one account, in another region, with WAF and the API's custom domain. */
const stagingContext = {
  stage: 'staging',
  appUrl: 'https://staging.canvas.familie-weber.de',
  alarmEmail: 'ops@familie-weber.de',
  region: 'eu-central-1',
  waf: 'true',
  apiDomainName: 'api.staging.canvas.familie-weber.de',
  apiCertificateArn: 'arn:aws:acm:eu-central-1:111111111111:certificate/0d4c7b9e-5a3f-4c1e-9a8b-2f6e1d7c3b5a',
};

let deployments: { production: Record<string, Template>; staging: Record<string, Template> } | undefined;
/** Both deployments, synthesised once for the describes below. */
function productionAndStaging(): NonNullable<typeof deployments> {
  deployments ??= { production: deployedStacks(productionContext), staging: deployedStacks(stagingContext) };
  return deployments;
}

describe('stacks with room to grow', () => {
  let production: Record<string, Template>;
  let staging: Record<string, Template>;
  beforeAll(() => {
    ({ production, staging } = productionAndStaging());
  }, 600_000);

  it('keeps every stack of every stage at 400 resources or fewer (CloudFormation stops at 500)', () => {
    for (const [stage, stageTemplates] of Object.entries({ development: templates, production, staging })) {
      for (const [name, template] of Object.entries(stageTemplates)) {
        expect(Object.keys(template.toJSON().Resources as object).length, `${stage} ${name}`).toBeLessThanOrEqual(400);
      }
    }
  });

  it('serves the accounts area, the groups with a throttled route and those that post to sockets from the Api stack, the canvas area from its own', () => {
    const byArea = apiStackGroups();
    expect(byArea.accounts).toEqual(expect.arrayContaining(['auth', 'user', 'entities', 'member-invitation', 'canvas-plan-book', 'canvas-shares']));
    expect(byArea.canvas).toEqual(expect.arrayContaining(['canvas', 'canvas-history', 'work-relation']));
    expect([...byArea.accounts, ...byArea.canvas].sort()).toEqual(groups.map(([group]) => group).sort());
    // Every route on the one HTTP API, each once, whichever stack holds it.
    const routeKeys = ['api', 'canvasApi'].flatMap((name) =>
      Object.values(production[name]!.findResources('AWS::ApiGatewayV2::Route') as Record<string, CfnResource>)
        .map((route) => String(route.Properties.RouteKey))
        .filter((key) => !key.startsWith('$')),
    );
    expect(routeKeys.sort()).toEqual(
      allRoutes()
        .map((route) => `${route.method} ${route.path}`)
        .sort(),
    );
    production.api!.resourceCountIs('AWS::ApiGatewayV2::Api', 2);
    production.canvasApi!.resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    production.canvasApi!.resourceCountIs('AWS::ApiGatewayV2::Stage', 0);
  });
});

describe('the API reached only through CloudFront', () => {
  let production: Record<string, Template>;
  let staging: Record<string, Template>;
  beforeAll(() => {
    ({ production, staging } = productionAndStaging());
  }, 600_000);

  const apiOriginOf = (web: Template): unknown => {
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution') as Record<string, CfnResource>);
    const config = distribution!.Properties.DistributionConfig as {
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }>;
      Origins: Array<{ Id: string; DomainName: unknown }>;
    };
    const behavior = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    return config.Origins.find((origin) => origin.Id === behavior.TargetOriginId)!.DomainName;
  };

  it('with a custom API domain: CloudFront calls that domain and the execute-api endpoint is off', () => {
    staging.api!.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', DisableExecuteApiEndpoint: true });
    staging.api!.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: stagingContext.apiDomainName,
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: stagingContext.apiCertificateArn, EndpointType: 'REGIONAL' })],
    });
    staging.api!.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { Stage: '$default' });
    expect(apiOriginOf(staging.web!)).toBe(stagingContext.apiDomainName);
  });

  it('without one: CloudFront calls the execute-api host, which stays reachable (docs/security.md)', () => {
    const [httpApi] = Object.values(
      production.api!.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'HTTP' } }) as Record<string, CfnResource>,
    );
    expect(httpApi!.Properties.DisableExecuteApiEndpoint ?? false).toBe(false);
    production.api!.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    expect(JSON.stringify(apiOriginOf(production.web!))).toContain('.execute-api.us-east-1.');
  });
});

describe('cdk-nag AwsSolutions', () => {
  it.each(['data', 'mail', 'api', 'canvasApi', 'web', 'jobs'] as const)('%s stack has no unacknowledged finding', (name) => {
    expect(nagFindings(stacks[name])).toEqual([]);
  });
});

describe('web stack with a built SPA', () => {
  let distPath: string;
  let withSite: ReturnType<typeof buildApp>;

  beforeAll(() => {
    distPath = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-web-dist-'));
    fs.mkdirSync(path.join(distPath, 'assets'));
    fs.writeFileSync(path.join(distPath, 'index.html'), '<!doctype html><title>Family Canvas</title>');
    fs.writeFileSync(path.join(distPath, 'assets', 'index-3f2a9c.js'), 'export {};');
    withSite = buildApp({ withNag: false, webDistPath: distPath, context: developmentContext });
  });

  afterAll(() => {
    fs.rmSync(distPath, { recursive: true, force: true });
  });

  it('uploads hashed assets as immutable and the rest revalidated, then invalidates CloudFront', () => {
    const template = Template.fromStack(withSite.stacks.web);
    template.resourceCountIs('Custom::CDKBucketDeployment', 2);
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Prune: false,
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    // The deployment provider brings its own findings, acknowledged one by one.
    expect(nagFindings(withSite.stacks.web)).toEqual([]);
  });
});
