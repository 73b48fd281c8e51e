/**
 * `npm run release:rehearse -- [--stage production|staging|development]`: synthesises the app
 * for a stage (offline, no credentials, no bundling, placeholder settings) and checks from
 * the templates what a release relies on (scripts/lib/release-checks.ts): the stacks' deploy
 * order, a version and a `live` alias for every function, a CodeDeploy group with the stage's
 * traffic shift, alarms and rollback for every alias, and every caller on an alias. Then it
 * prints the steps a release runs. Exit code 1 when a check fails. docs/operations-manual.md "Releases".
 */
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../infra/app-builder';
import { deploymentStages, type DeploymentStage } from '../infra/settings';
import { checkReleaseWiring, deployOrder, expectedDeploymentConfig } from './lib/release-checks';

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
     CodeDeploy moves its live alias: ${shift}. The alias's release alarms (errors; p95 duration above
     half the timeout) are watched meanwhile; one in ALARM stops the deployment and moves the alias back.
     The stack update fails with it and CloudFormation rolls the stack back.
  4. Watch: aws deploy list-deployments --application-name <the stack's CodeDeploy application>
     Stop and roll back by hand: aws deploy stop-deployment --deployment-id <id> --auto-rollback-enabled
`);
if (problems.length) {
  console.error(`NOT READY: ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`Ready: ${functions.length} functions, every caller on a live alias, every alias released with ${config}, alarms and rollback.`);
