import { Duration, Lazy, Stack, Validations, type CfnResource } from 'aws-cdk-lib';
import type * as codedeploy from 'aws-cdk-lib/aws-codedeploy';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { BundlingOptions, NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { probeText, type ReleaseProbe } from '../../functions/release-hook/probes';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { productLambda } from './product-lambda';

/** What the hook needs of a function it probes (an AppFunction, infra/constructs/app-function.ts). */
type ProbedFunction = { function: NodejsFunction; alias: lambda.Alias; environment: Readonly<Record<string, string>> };

/** The hook's handler, relative to the repository root. */
export const releaseHookEntry = 'functions/release-hook/handler.ts';
/** Its Powertools service: not `family-canvas`, so it is no product function released through an alias (scripts/lib/release-checks.ts). */
export const releaseHookService = 'family-canvas-release-hook';

/**
 * The BeforeAllowTraffic hook of a stack's releases: one function per stack that has functions
 * with a release probe (AppFunction.release adds itself). CodeDeploy calls it with the
 * deployment's id before moving any traffic; it reads the new version from the deployment, calls
 * it with the function's probe (a request of its route group with the origin secret, or a job's
 * dry run) and reports Succeeded or Failed (functions/release-hook/before-allow-traffic.ts).
 *
 * It may: invoke the versions of the functions it probes (nothing else), read the deployments
 * of their deployment groups and report on their hooks, and read the origin secret those
 * functions check. It is invoked by CodeDeploy only, with no alias and no release of its own.
 */
export class ReleaseHook extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  /** How it is bundled: as every function (tests/infra/lambda-bundles.test.ts reads it). */
  readonly bundling: BundlingOptions;
  private readonly probes = new Map<ProbedFunction, ReleaseProbe>();
  private readonly originSecretArns = new Set<string>();

  /** The stack's hook, made at its first use. */
  static of(stack: Stack): ReleaseHook {
    return (stack.node.tryFindChild('ReleaseHook') as ReleaseHook | undefined) ?? new ReleaseHook(stack, 'ReleaseHook');
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    const built = productLambda(this, {
      entry: releaseHookEntry,
      description: 'Family Canvas release hook: calls a new version before CodeDeploy gives it traffic',
      // A probe runs one request (a route group's timeout: 10 s) or one dry run (a job's few queries) per function.
      timeout: Duration.minutes(5),
      environment: {
        POWERTOOLS_SERVICE_NAME: releaseHookService,
        LOG_LEVEL: 'info',
        RELEASE_PROBES: Lazy.string({
          produce: () => Stack.of(this).toJsonString(Object.fromEntries([...this.probes].map(([fn, probe]) => [fn.function.functionName, probeText(probe)]))),
        }),
      },
    });
    this.function = built.function;
    this.role = built.role;
    this.bundling = built.bundling;
  }

  /** Probes `fn`'s new versions in the releases of `group`. */
  probe(fn: ProbedFunction, probe: ReleaseProbe, group: codedeploy.LambdaDeploymentGroup): void {
    if (this.probes.has(fn)) return;
    this.probes.set(fn, probe);
    // Versions are invoked by number (`<arn>:<version>`); the wildcard covers this function's versions and aliases only.
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [`${fn.function.functionArn}:*`] }));
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(fn.function.node.defaultChild as CfnResource)}.Arn>:*]`,
      reason: `The release hook calls the version a release publishes, whose number is known only then: the wildcard covers the versions and aliases of ${fn.function.node.path} alone.`,
    });
    // CodeDeploy's role may invoke the hook (CDK grants it with the hook's `:*`).
    Validations.of(group.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.function.node.defaultChild as CfnResource)}.Arn>:*]`,
      reason: 'CDK grants CodeDeploy the invocation of the release hook with its versions and aliases; the hook has neither.',
    });
    // Which version the deployment publishes (CDK grants PutLifecycleEventHookExecutionStatus on the group itself).
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['codedeploy:GetDeployment'], resources: [group.deploymentGroupArn] }));
    const originSecretArn = fn.environment.ORIGIN_SECRET_ARN;
    if (probe.kind === 'request' && originSecretArn && !this.originSecretArns.has(originSecretArn)) {
      if (this.originSecretArns.size) throw new Error(`${this.node.path}: the functions of one stack check one origin secret`);
      this.originSecretArns.add(originSecretArn);
      this.function.addEnvironment('ORIGIN_SECRET_ARN', originSecretArn);
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [originSecretArn] }));
    }
    // The hook and its grants exist before CloudFormation moves the alias (which starts the deployment that calls it).
    fn.alias.node.addDependency(this);
  }
}
