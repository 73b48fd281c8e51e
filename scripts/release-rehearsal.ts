/**
 * `npm run release:rehearse -- [--stage production|staging|development]`: synthesises the app
 * for a stage (offline, no credentials, no bundling, placeholder settings) and checks from
 * the templates what a release relies on (scripts/lib/release-checks.ts): the stacks' deploy
 * order, a version and a `live` alias for every function, a CodeDeploy group with the stage's
 * traffic shift, alarms and rollback for every alias, every caller on an alias, and the canary (the
 * handled-5xx alarm of the new version, the BeforeAllowTraffic hook). Then it prints the steps a
 * release runs, and runs the hook locally against a healthy release and two broken on purpose
 * (scripts/lib/release-hook-rehearsal.ts; needs Java for DynamoDB Local; `--skip-hook` leaves it out).
 * Exit code 1 when a check fails. docs/operations.md "Releases".
 */
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../infra/app-builder';
import { deploymentStages, type DeploymentStage } from '../infra/settings';
import { checkReleaseWiring, deployOrder, expectedDeploymentConfig } from './lib/release-checks';
import { rehearseReleaseHook } from './lib/release-hook-rehearsal';

function stageFromArguments(args: string[]): DeploymentStage {
  const index = args.indexOf('--stage');
  const value = index >= 0 ? args[index + 1] : (args.find((arg) => arg.startsWith('--stage='))?.slice('--stage='.length) ?? 'production');
  if (!value || !(deploymentStages as readonly string[]).includes(value)) {
    console.error(`--stage must be one of ${deploymentStages.join(', ')}, not "${value ?? ''}"`);
    process.exit(2);
  }
  return value as DeploymentStage;
}

const stage = stageFromArguments(process.argv.slice(2));
// No function is bundled (CDK's own switch) and the settings are placeholders: only the
// wiring is read, never deployed.
const { stacks } = buildApp({
  withNag: false,
  webDistPath: null,
  context: { 'aws:cdk:bundling-stacks': [], stage, placeholders: 'true' },
});
const order = deployOrder(Object.values(stacks));
const templates = order.map((stack) => ({ name: stack.stackName, resources: Template.fromStack(stack).toJSON().Resources as never }));
const { functions, problems } = checkReleaseWiring(templates, stage);

const config = expectedDeploymentConfig(stage);
const shift = stage === 'development' ? 'all at once' : '10 % of calls for 5 minutes, then all';
console.log(`Release rehearsal, stage ${stage}\n`);
console.log('Deploy order (each stack after the ones it depends on):');
order.forEach((stack, index) => {
  const after = stack.dependencies.map((dependency) => dependency.stackName);
  console.log(`  ${index + 1}. ${stack.stackName}${after.length ? `   (after ${after.join(', ')})` : ''}`);
});
console.log(`\nFunctions released through their live alias by CodeDeploy (${config}: ${shift}):`);
for (const stack of order) {
  const own = functions.filter((fn) => fn.stack === stack.stackName);
  if (own.length) console.log(`  ${stack.stackName}: ${own.length} (${own.map((fn) => fn.description.replace(/^Family Canvas /, '')).join('; ')})`);
}
console.log(`
Steps of a release:
  1. npm ci && npm run build:web
  2. npx cdk deploy --all -c stage=${stage} <the stage's settings>     (CloudFormation deploys the stacks in the order above)
  3. For every function whose code or configuration changed, CloudFormation publishes a version and
     CodeDeploy moves its live alias. First the stack's BeforeAllowTraffic hook calls the new version
     (a request per route group with the origin secret, a dry run per scheduled job): a 5xx, a 403 or a
     failure reports Failed and the alias never moves. Then: ${shift}.
     The release alarms (the alias's errors; p95 duration above half the timeout; a route group's
     handled 5xx of the new version) are watched meanwhile; one in ALARM stops the deployment and
     moves the alias back. The stack update fails with it and CloudFormation rolls the stack back.
  4. Watch: aws deploy list-deployments --application-name <the stack's CodeDeploy application>
     Stop and roll back by hand: aws deploy stop-deployment --deployment-id <id> --auto-rollback-enabled
`);
if (problems.length) {
  console.error(`NOT READY: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`Wiring ready: ${functions.length} functions, every caller on a live alias, every alias released with ${config}, alarms, hook and rollback.`);

if (!process.argv.includes('--skip-hook')) {
  console.log('\nThe BeforeAllowTraffic hook, run locally (DynamoDB Local, the real handlers, a local CodeDeploy endpoint):');
  const releases = await rehearseReleaseHook();
  let wrong = 0;
  for (const release of releases) {
    const right = release.verdict.status === release.expected && release.reported === release.expected;
    if (!right) wrong += 1;
    console.log(`  ${right ? 'ok  ' : 'FAIL'} ${release.name}: reported ${release.reported ?? 'nothing'} to CodeDeploy (expected ${release.expected})`);
    for (const outcome of release.verdict.outcomes.filter((candidate) => !candidate.passed || release.expected === 'Failed'))
      console.log(`         ${outcome.functionName}:${outcome.version} ${outcome.probe}: ${outcome.detail}`);
  }
  if (wrong) {
    console.error(`NOT READY: the hook decided ${wrong} release(s) wrongly`);
    process.exit(1);
  }
  console.log('Hook ready: the healthy release goes on, the broken ones are stopped before any traffic.');
}
// DynamoDB Local and the handlers' clients are stopped or idle: nothing else to wait for.
process.exit(0);
