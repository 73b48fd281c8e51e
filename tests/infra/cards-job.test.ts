import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FamilyCanvasStacks } from '../../infra/app-builder';
import { tableAccess } from '../../infra/constructs/table-access';

/**
 * The cards job (infra/stacks/jobs-stack.ts; functions/jobs/cards/handler.ts): the dashboard
 * cards the journal's stream left behind, rebuilt every hour. Its schedule, its grants (never a
 * Scan: it walks the entity ids) and that a missed run is an alarm.
 */
let stacks: FamilyCanvasStacks;
let jobs: Template;

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: { 'aws:cdk:bundling-stacks': [], stage: 'development' } }));
  jobs = Template.fromStack(stacks.jobs);
}, 300_000);

describe('the cards job', () => {
  it('runs every hour (UTC) through its live alias, with retries and dead-letter queues', () => {
    const aliasId = stacks.jobs.getLogicalId(stacks.jobs.cards.alias.node.defaultChild as Parameters<typeof stacks.jobs.getLogicalId>[0]);
    jobs.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(20 * * * ? *)',
      ScheduleExpressionTimezone: 'Etc/UTC',
      Target: Match.objectLike({ Arn: { Ref: aliasId }, RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }), DeadLetterConfig: Match.anyValue() }),
    });
  });

  it('may read items, batches and Queries and put a card; never scan, update or delete', () => {
    const roleId = stacks.jobs.getLogicalId(stacks.jobs.cards.function.role!.node.defaultChild as Parameters<typeof stacks.jobs.getLogicalId>[0]);
    const policies = Object.values(jobs.findResources('AWS::IAM::Policy')).filter(
      (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
    );
    const actions = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action])),
    );
    for (const action of tableAccess.cards.table) expect(actions).toContain(action);
    for (const action of ['dynamodb:Scan', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'ses:SendEmail'])
      expect(actions).not.toContain(action);
  });

  it('alarms when it fails or does not run for two hours', () => {
    for (const id of ['JobFailed-cards', 'JobDidNotRun-cards']) expect(stacks.monitoring.node.tryFindChild(id), id).toBeDefined();
  });
});
