import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type FamilyCanvasStacks } from '../../infra/app-builder';
import { routeManifest } from '../../shared/routes';

/**
 * Secrets read at run time (docs/operations.md "Running it", "Secrets rotation") and the restore's
 * settings ("Restore drill"): template assertions over every stack.
 */
type CfnResource = { Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown };

const noBundling = { 'aws:cdk:bundling-stacks': [], stage: 'development' };
let stacks: FamilyCanvasStacks;
let restored: FamilyCanvasStacks;

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: noBundling }));
  ({ stacks: restored } = buildApp({
    withNag: false,
    webDistPath: null,
    context: {
      ...noBundling,
      restoredTableName: 'family-canvas-restored-2026-11-26',
      restoredTableStreamArn: 'arn:aws:dynamodb:eu-central-1:111111111111:table/family-canvas-restored-2026-11-26/stream/2026-11-26T10:00:00.000',
      backupCopyVaultArn: 'arn:aws:backup:eu-west-1:222222222222:backup-vault:family-canvas-copies',
    },
  }));
}, 300_000);

const resourcesOf = (template: Template, type: string) => template.findResources(type) as Record<string, CfnResource>;

/** Every function of every stack with the statements of its role's policies. */
function functionsOf(all: FamilyCanvasStacks) {
  return Object.values(all).flatMap((stack) => {
    const template = Template.fromStack(stack);
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy'));
    return Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).map(([id, fn]) => {
      const roleId = ((fn.Properties.Role as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'] ?? [])[0];
      const statements = policies
        .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
      const variables = ((fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}) as Record<string, unknown>;
      return { id: `${stack.stackName}/${id}`, description: String(fn.Properties.Description ?? ''), variables, statements };
    });
  });
}

/** A statement allowing GetSecretValue on the ARN (policies are minimized: one statement may name several secrets). */
const readsSecret = (statements: Statement[], arn: unknown) =>
  statements.some(
    (s) =>
      [s.Action].flat().includes('secretsmanager:GetSecretValue') && [s.Resource].flat().some((resource) => JSON.stringify(resource) === JSON.stringify(arn)),
  );

describe('SERVER_SECRET is read at run time', () => {
  it('no function holds the secret value or a dynamic reference to it; each function given its ARN may read it', () => {
    const functions = functionsOf(stacks);
    expect(functions.length).toBeGreaterThan(Object.keys(routeManifest).length);
    for (const fn of functions) {
      expect(fn.variables, fn.id).not.toHaveProperty('SERVER_SECRET');
      expect(fn.variables, fn.id).not.toHaveProperty('MFA_ENCRYPTION_KEY');
      expect(JSON.stringify(fn.variables), fn.id).not.toMatch(/resolve:secretsmanager/);
      if ('SERVER_SECRET_ARN' in fn.variables) expect(readsSecret(fn.statements, fn.variables.SERVER_SECRET_ARN), fn.id).toBe(true);
      else
        expect(
          fn.statements.some((s) => JSON.stringify(s.Resource).includes('ServerSecret')),
          fn.id,
        ).toBe(false);
    }
    // The ARN names the Data stack's secret.
    const dataTemplate = Template.fromStack(stacks.data);
    const secretId = Object.keys(resourcesOf(dataTemplate, 'AWS::SecretsManager::Secret')).find((id) => id.startsWith('ServerSecret'));
    expect(secretId).toBeDefined();
    dataTemplate.hasOutput('ServerSecretArn', { Value: { Ref: secretId } });
    // Those that sign: sign-in (decoy salts, device cookies), the digest (unsubscribe links), the unsubscribe routes, history paging.
    const signing = functionsOf(stacks)
      .filter((fn) => 'SERVER_SECRET_ARN' in fn.variables)
      .map((fn) => fn.description);
    for (const expected of ['Family Canvas API: auth', 'Family Canvas API: canvas-history']) expect(signing).toContain(expected);
    expect(signing.some((description) => /digest/i.test(description))).toBe(true);
  });
});

describe('restore and backup', () => {
  it('with restoredTableStreamArn the live sender reads the restored table’s stream', () => {
    const api = Template.fromStack(restored.api);
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: 'arn:aws:dynamodb:eu-central-1:111111111111:table/family-canvas-restored-2026-11-26/stream/2026-11-26T10:00:00.000',
      StartingPosition: 'LATEST',
    });
    // Without the stream ARN (restoredTableName only) there is no sender: tests/infra/operations.test.ts.
    expect(Object.keys(resourcesOf(Template.fromStack(stacks.api), 'AWS::Lambda::EventSourceMapping'))).toHaveLength(1);
  });

  it('backs the table up daily into a retained vault, 35 days, and copies each backup to another account’s vault when given', () => {
    const data = Template.fromStack(stacks.data);
    data.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'Retain' });
    data.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanName: `${stacks.data.stackName}-daily`,
        BackupPlanRule: [Match.objectLike({ RuleName: 'Daily', ScheduleExpression: 'cron(30 2 * * ? *)', Lifecycle: { DeleteAfterDays: 35 } })],
      },
    });
    // Two stages in one account each have their own plan.
    expect(stacks.data.stackName).toContain('-development-');
    const selection = JSON.stringify(resourcesOf(data, 'AWS::Backup::BackupSelection'));
    const tableId = Object.keys(resourcesOf(data, 'AWS::DynamoDB::Table'))[0]!;
    expect(selection).toContain(tableId);
    expect(JSON.stringify(resourcesOf(data, 'AWS::Backup::BackupPlan'))).not.toContain('CopyActions');

    const copying = Template.fromStack(restored.data);
    copying.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: [
          Match.objectLike({
            CopyActions: [
              { DestinationBackupVaultArn: 'arn:aws:backup:eu-west-1:222222222222:backup-vault:family-canvas-copies', Lifecycle: { DeleteAfterDays: 35 } },
            ],
          }),
        ],
      },
    });
    // The restored table is the one backed up.
    expect(JSON.stringify(resourcesOf(copying, 'AWS::Backup::BackupSelection'))).toContain('table/family-canvas-restored-2026-11-26');
  });
});
