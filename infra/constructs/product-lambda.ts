import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { metricsNamespace } from '../../shared/metrics';
import type { ReleaseProbe } from '../../functions/release-hook/probes';
import type { BundleAsset } from '../function-assets';
import { logRetentionDays } from '../log-retention';

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
