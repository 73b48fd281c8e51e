import path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { logRetentionDays } from '../log-retention';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { businessMetrics, metricsNamespace, serverErrorGroupDimension, serverErrorVersionDimension } from '../../shared/metrics';
import { stageMetric } from '../custom-metrics';
import { routeManifest } from '../../shared/routes';
import type { ReleaseProbe } from '../../functions/release-hook/probes';
import type { BundleAsset } from '../function-assets';
import { ReleaseHook } from './release-hook';

/** The repository root: entries in the route manifest are relative to it. */
export const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * The one Node runtime of every function; esbuild targets the same version. The local stack,
 * the tests and CI run on the same major: package.json's `engines.node` and its `node`
 * devDependency (Node from the npm registry, first on PATH in every npm script) must agree
 * with it (infra/constructs/node-version.test.ts checks all of them).
 */
export const functionRuntime = lambda.Runtime.NODEJS_24_X;
/** The Node major of functionRuntime (24 of `nodejs24.x`). */
export const functionNodeMajor = Number(/^nodejs(\d+)\.x$/.exec(functionRuntime.name)?.[1]);
const esbuildTarget = `node${functionNodeMajor}`;

/** How every function is bundled (esbuild); bench/lambda-bundles.ts builds with the same settings. */
export const appFunctionBundling: BundlingOptions = {
  target: esbuildTarget,
  format: OutputFormat.ESM,
  // CDK's advice for ESM output: prefer the packages' ESM builds (esbuild's default for the
  // node platform is main first), so esbuild can tree-shake what a handler never uses.
  mainFields: ['module', 'main'],
  minify: true,
  // Source maps by CDK's convention: an index.mjs.map beside the bundle (SourceMapMode
  // DEFAULT), which Node applies with --enable-source-maps (functionNodeOptions), so a
  // stack trace in the logs names our sources. Its cold-start cost is measured by
  // `npm run bench -- --only lambdas` (docs/architecture-decisions.md). No sources inside
  // the map: the repository has them.
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK is bundled rather than taken from the runtime: the code runs with the
  // versions the tests ran with (package-lock.json), and tree-shaking keeps only the
  // clients a group imports.
  bundleAwsSDK: true,
  externalModules: [],
  // ESM output still contains CommonJS dependencies that call require(); give them one
  // (without it esbuild's shim throws "Dynamic require of ... is not supported").
  banner: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  forceDockerBundling: false,
};

/**
 * NODE_OPTIONS of a function bundled this way: Node applies the source map to stack traces
 * only with --enable-source-maps, which NodejsFunction does not set by itself. The bench
 * starts its fresh processes with the same options (bench/lambda-bundles.ts).
 */
export function functionNodeOptions(bundling: BundlingOptions): string | undefined {
  return bundling.sourceMap || bundling.sourceMapMode ? '--enable-source-maps' : undefined;
}

/** Share of invocations whose debug lines are logged whatever LOG_LEVEL says (Powertools' Logger, functions/lib/observability.ts). */
export const debugLogSampleRate = '0.01';

/**
 * The settings of Powertools' Logger, Metrics and Tracer in every function
 * (functions/lib/observability.ts): one service, the metrics namespace of shared/metrics.ts,
 * the log level (LOG_LEVEL, `info` unless the environment says), debug sampling, and the
 * tracer's capture of responses off (they carry personal data; errors are captured). An
 * environment that sets one of them wins.
 */
export function powertoolsEnvironment(environment: Record<string, string>): Record<string, string> {
  const logLevel = environment.LOG_LEVEL ?? 'info';
  return {
    POWERTOOLS_SERVICE_NAME: 'family-canvas',
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
    POWERTOOLS_LOG_LEVEL: logLevel.toUpperCase(),
    // Silent stays silent: sampling would turn debug on.
    POWERTOOLS_LOGGER_SAMPLE_RATE: logLevel === 'silent' ? '0' : debugLogSampleRate,
    POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
    ...environment,
  };
}

/**
 * The bundling of a function that carries files beside its index.mjs (the plan book's
 * fonts, infra/function-assets.ts): after esbuild, copy each asset into the bundle.
 * bench/lambda-bundles.ts copies the same files with buildFunctionBundle.
 */
export function bundlingWithAssets(assets: readonly BundleAsset[] | undefined): BundlingOptions {
  if (!assets?.length) return appFunctionBundling;
  const commandHooks: ICommandHooks = {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      assets.map((asset) => {
        const target = path.posix.join(outputDir, asset.target);
        return `mkdir -p "${path.posix.dirname(target)}" && cp "${path.posix.join(inputDir, asset.source)}" "${target}"`;
      }),
  };
  return { ...appFunctionBundling, commandHooks };
}

export type AppFunctionProps = {
  /** The handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  /** Defaults to 512 MB: Lambda's CPU share grows with memory, and cold starts are CPU-bound. */
  memorySize?: number;
  /** Defaults to 10 s, well inside the HTTP API's 30 s integration limit. */
  timeout?: Duration;
  /** Files copied beside index.mjs (infra/function-assets.ts). */
  assets?: readonly BundleAsset[];
  /**
   * What the release hook sends a new version before it gets traffic (infra/constructs/release-hook.ts).
   * A route group's function gets a request of its group without saying so; none: no hook.
   */
  releaseProbe?: ReleaseProbe;
};

/**
 * The log group (with its retention), the role (its own log group and nothing else) and the
 * function itself, built the way every function of the product is (AppFunction, and the release
 * hook of infra/constructs/release-hook.ts): the current Node runtime on ARM, X-Ray tracing,
 * an esbuild bundle made with the local esbuild (no Docker).
 */
export function productLambda(
  scope: Construct,
  props: AppFunctionProps,
): { logGroup: logs.LogGroup; role: iam.Role; bundling: BundlingOptions; function: NodejsFunction } {
  const logGroup = new logs.LogGroup(scope, 'Logs', {
    retention: logRetentionDays as logs.RetentionDays,
    removalPolicy: RemovalPolicy.RETAIN,
  });

  // Our own role instead of the default one: the default attaches the managed
  // AWSLambdaBasicExecutionRole, which may write to every log group in the account.
  const role = new iam.Role(scope, 'Role', {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Execution role of ${props.description}`,
  });
  role.addToPolicy(
    new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [logGroup.logGroupArn],
    }),
  );

  const bundling = bundlingWithAssets(props.assets);
  const nodeOptions = functionNodeOptions(bundling);
  const fn = new NodejsFunction(scope, 'Function', {
    entry: path.join(repositoryRoot, props.entry),
    handler: 'handler',
    description: props.description,
    runtime: functionRuntime,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(10),
    role,
    logGroup,
    tracing: lambda.Tracing.ACTIVE,
    projectRoot: repositoryRoot,
    depsLockFilePath: path.join(repositoryRoot, 'package-lock.json'),
    environment: powertoolsEnvironment(nodeOptions ? { NODE_OPTIONS: nodeOptions, ...props.environment } : props.environment),
    bundling,
  });
  // Tracing adds xray:PutTraceSegments/PutTelemetryRecords on "*" to the role.
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions; CDK adds them for active tracing.',
  });
  return { logGroup, role, bundling, function: fn };
}

/** A route group's function (its entry is the group's in shared/routes.ts) is probed with a request of that group. */
function probeOfEntry(entry: string): ReleaseProbe | undefined {
  const group = Object.entries(routeManifest).find(([, definition]) => definition.entry === entry)?.[0];
  return group ? { kind: 'request', group } : undefined;
}

/** The alias every caller invokes (API routes, sockets, streams, schedules, rules); a release moves it. */
export const liveAliasName = 'live';

/** How a release moves the alias to the new version (infra/app-builder.ts picks it per stage). */
export type ReleaseOptions = {
  deploymentConfig: codedeploy.ILambdaDeploymentConfig;
  /** The deployment stage: the handled-5xx alarm reads this stage's counts alone (infra/custom-metrics.ts). */
  stage: string;
};

/**
 * A Lambda function the way every function of the product is built: the current Node
 * runtime on ARM, one log group with a retention, X-Ray tracing, an esbuild bundle
 * made with the local esbuild (no Docker), and an execution role that may write its own
 * logs and nothing else until the stack grants more.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  /** How the function is bundled (appFunctionBundling, with its assets): tests/infra/lambda-bundles.test.ts reads it. */
  readonly bundling: BundlingOptions;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** The published version callers reach: every integration, event source and schedule invokes it, never $LATEST. */
  readonly alias: lambda.Alias;
  /** Set by release(): the CodeDeploy group that shifts the alias and rolls it back on its alarms. */
  deploymentGroup: codedeploy.LambdaDeploymentGroup | undefined;
  /** Set by release(): the alarms that stop a release and roll it back. */
  readonly releaseAlarms: cloudwatch.Alarm[] = [];
  /** The variables the function was given (the release hook reads ORIGIN_SECRET_ARN from them). */
  readonly environment: Readonly<Record<string, string>>;
  /** What the release hook sends a new version; a scheduled job's is set where it is scheduled (infra/stacks/jobs-stack.ts). */
  releaseProbe: ReleaseProbe | undefined;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    const built = productLambda(this, props);
    this.logGroup = built.logGroup;
    this.role = built.role;
    this.bundling = built.bundling;
    this.function = built.function;
    this.environment = props.environment;
    this.releaseProbe = props.releaseProbe ?? probeOfEntry(props.entry);

    // SERVER_SECRET is read at run time by ARN (functions/lib/server-secret.ts): a function
    // that is given the ARN may read that secret, and no other.
    if (props.environment.SERVER_SECRET_ARN) {
      this.role.addToPolicy(
        new iam.PolicyStatement({
          actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
          resources: [props.environment.SERVER_SECRET_ARN],
        }),
      );
    }

    // A new version is published whenever the code or configuration changes; callers go
    // through the alias, so a release (release() below) decides when they reach it.
    this.alias = new lambda.Alias(this, 'Live', { aliasName: liveAliasName, version: this.function.currentVersion });
  }

  /**
   * Releases go through CodeDeploy: a change of the function publishes a new version, and
   * CodeDeploy shifts the alias to it by `deploymentConfig` (production and staging: 10 %
   * for 5 minutes, then all), rolling it back by itself when one of the release alarms
   * fires meanwhile: the alias's errors (any in a minute), its duration p95 above half the
   * timeout for two minutes running, or, for a route group, a handled 5xx of the new version
   * (any in a minute). A function with a release probe also gets the stack's BeforeAllowTraffic
   * hook, which calls the new version before any traffic moves. One CodeDeploy application and one CodeDeploy
   * role per stack (the Api stack has a function per route group and CloudFormation's
   * 500-resource cap).
   */
  release(options: ReleaseOptions): codedeploy.LambdaDeploymentGroup {
    if (this.deploymentGroup) return this.deploymentGroup;
    const stack = Stack.of(this);
    const application =
      (stack.node.tryFindChild('Releases') as codedeploy.LambdaApplication | undefined) ?? new codedeploy.LambdaApplication(stack, 'Releases');
    let role = stack.node.tryFindChild('ReleaseRole') as iam.Role | undefined;
    if (!role) {
      role = new iam.Role(stack, 'ReleaseRole', {
        assumedBy: new iam.ServicePrincipal('codedeploy.amazonaws.com'),
        description: "CodeDeploy: shifts the functions' live aliases during a release and rolls them back",
      });
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          'AWSCodeDeployRoleForLambdaLimited is the policy AWS documents for CodeDeploy on Lambda: it may read alarms and update aliases; the aliases exist only at deployment.',
      });
    }
    const minute = Duration.minutes(1);
    const errors = new cloudwatch.Alarm(this, 'ReleaseErrors', {
      alarmDescription: `Release guard of ${this.function.node.path}: the live alias failed (an uncaught error or a timeout). During a release CodeDeploy rolls back.`,
      metric: this.alias.metricErrors({ period: minute, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const timeoutMs = (this.function.timeout ?? Duration.seconds(3)).toMilliseconds();
    const latency = new cloudwatch.Alarm(this, 'ReleaseLatency', {
      alarmDescription: `Release guard of ${this.function.node.path}: the live alias's duration p95 is above half its timeout. During a release CodeDeploy rolls back.`,
      metric: this.alias.metricDuration({ period: minute, statistic: cloudwatch.Stats.p(95) }),
      threshold: timeoutMs / 2,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.releaseAlarms.push(errors, latency);
    // A route group answers its errors (functions/http/http.ts), so Errors above never sees them: its
    // handled 5xx, counted per version (functions/lib/observability.ts countServerError), are watched
    // for the version this release publishes. One in a minute is enough: at this product's traffic
    // the canary's 10 % may see a handful of calls, and a healthy version answers none with a 5xx.
    // No calls, no data: not breaching (the hook's synthetic calls below cover a quiet canary).
    const probe = this.releaseProbe;
    if (probe?.kind === 'request') {
      this.releaseAlarms.push(
        new cloudwatch.Alarm(this, 'ReleaseServerErrors', {
          alarmDescription: `Release guard of ${this.function.node.path}: the new version answered a handled server error (a 5xx answer, which Lambda counts as a success). During a release CodeDeploy rolls back.`,
          metric: stageMetric(options.stage, {
            metricName: businessMetrics.serverErrors,
            dimensionsMap: { [serverErrorGroupDimension]: probe.group, [serverErrorVersionDimension]: this.function.currentVersion.version },
            period: minute,
            statistic: cloudwatch.Stats.SUM,
          }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }
    // Before any traffic moves, the stack's release hook calls the new version (infra/constructs/release-hook.ts).
    const hook = probe ? ReleaseHook.of(stack) : undefined;
    this.deploymentGroup = new codedeploy.LambdaDeploymentGroup(this, 'Release', {
      application,
      role,
      alias: this.alias,
      deploymentConfig: options.deploymentConfig,
      alarms: [...this.releaseAlarms],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      ...(hook ? { preHook: hook.function } : {}),
    });
    if (hook && probe) hook.probe(this, probe, this.deploymentGroup);
    return this.deploymentGroup;
  }
}
