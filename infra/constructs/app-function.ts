import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { businessMetrics, serverErrorGroupDimension, serverErrorVersionDimension } from '../../shared/metrics';
import { stageMetric } from '../custom-metrics';
import { routeManifest } from '../../shared/routes';
import type { ReleaseProbe } from '../../functions/release-hook/probes';
import { ReleaseHook } from './release-hook';
import { type AppFunctionProps, productLambda } from './product-lambda';

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
