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
import { metricsNamespace } from '../../shared/metrics';
import type { BundleAsset } from '../function-assets';

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
};

/** The alias every caller invokes (API routes, sockets, streams, schedules, rules); a release moves it. */
export const liveAliasName = 'live';

/** How a release moves the alias to the new version (infra/app-builder.ts picks it per stage). */
export type ReleaseOptions = {
  deploymentConfig: codedeploy.ILambdaDeploymentConfig;
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

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: logRetentionDays as logs.RetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Our own role instead of the default one: the default attaches the managed
    // AWSLambdaBasicExecutionRole, which may write to every log group in the account.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.description}`,
    });
    this.role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );

    this.bundling = bundlingWithAssets(props.assets);
    const nodeOptions = functionNodeOptions(this.bundling);
    this.function = new NodejsFunction(this, 'Function', {
      entry: path.join(repositoryRoot, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: functionRuntime,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      projectRoot: repositoryRoot,
      depsLockFilePath: path.join(repositoryRoot, 'package-lock.json'),
      environment: powertoolsEnvironment(nodeOptions ? { NODE_OPTIONS: nodeOptions, ...props.environment } : props.environment),
      bundling: this.bundling,
    });

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

    // Tracing adds xray:PutTraceSegments/PutTelemetryRecords on "*" to the role.
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions; CDK adds them for active tracing.',
    });
  }

  /**
   * Releases go through CodeDeploy: a change of the function publishes a new version, and
   * CodeDeploy shifts the alias to it by `deploymentConfig` (production and staging: 10 %
   * for 5 minutes, then all), rolling it back by itself when one of the release alarms
   * fires meanwhile: the alias's errors (any in a minute) or its duration p95 above half
   * the timeout for two minutes running. One CodeDeploy application and one CodeDeploy
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
    this.deploymentGroup = new codedeploy.LambdaDeploymentGroup(this, 'Release', {
      application,
      role,
      alias: this.alias,
      deploymentConfig: options.deploymentConfig,
      alarms: [errors, latency],
      autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
    });
    return this.deploymentGroup;
  }
}
