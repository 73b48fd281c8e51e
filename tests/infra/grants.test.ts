import { execFileSync } from 'node:child_process';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, developmentContext, type FamilyCanvasStacks } from '../../infra/app-builder';
import { repositoryRoot } from '../../infra/constructs/app-function';
import { tableAccess, tableWriteActions } from '../../infra/constructs/table-access';
import { bundleUses, serverSecretModules } from '../../infra/lambda-bundles';
import { routeManifest, type RouteGroup, type RouteGroupName } from '../../shared/routes';

// Grants derived from the code (infra/lambda-bundles.ts bundleUses): what a group's bundle
// calls decides its LIVE_ENDPOINT, ManageConnections, table actions and SERVER_SECRET.
type CfnResource = { Properties: Record<string, unknown> };

let stacks: FamilyCanvasStacks;
let api: Template;
const groups = Object.entries(routeManifest) as Array<[RouteGroupName, RouteGroup]>;

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: { ...developmentContext, 'aws:cdk:bundling-stacks': [] } }));
  api = Template.fromStack(stacks.api);
});

function environmentOf(group: RouteGroupName): Record<string, unknown> {
  const fn = stacks.api.functions.get(group)!;
  const id = stacks.api.getLogicalId(fn.function.node.defaultChild as Parameters<typeof stacks.api.getLogicalId>[0]);
  const resource = (api.findResources('AWS::Lambda::Function') as Record<string, CfnResource>)[id];
  return (resource?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

function actionsOf(group: RouteGroupName): string[] {
  const roleId = stacks.api.getLogicalId(stacks.api.functions.get(group)!.role.node.defaultChild as Parameters<typeof stacks.api.getLogicalId>[0]);
  const policies = Object.values(api.findResources('AWS::IAM::Policy') as Record<string, CfnResource>).filter(
    (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
  );
  return policies.flatMap((p) =>
    (p.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[] }> }).Statement.flatMap((s) =>
      Array.isArray(s.Action) ? s.Action : [s.Action],
    ),
  );
}

describe('grants derived from each group’s code', () => {
  it('gives every group whose code revokes live sockets LIVE_ENDPOINT and ManageConnections, and no other group either', () => {
    const revoking: string[] = [];
    for (const [group, definition] of groups) {
      const uses = bundleUses(definition.entry);
      if (uses.liveSockets) revoking.push(group);
      expect('LIVE_ENDPOINT' in environmentOf(group), `${group} LIVE_ENDPOINT`).toBe(uses.liveSockets);
      expect(actionsOf(group).includes('execute-api:ManageConnections'), `${group} ManageConnections`).toBe(uses.liveSockets);
    }
    // Sign-out, passwords and memberships, and the second factor, passkeys and the user's sessions too.
    expect(revoking).toEqual(expect.arrayContaining(['auth', 'password', 'entity-member', 'mfa', 'passkeys', 'user']));
  });

  it('grants no write action to a group whose code never writes, and BatchWriteItem only where it batch-writes', () => {
    for (const [group, definition] of groups) {
      const uses = bundleUses(definition.entry);
      const actions = actionsOf(group);
      expect(actions, group).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
      if (!uses.writesTable) for (const action of tableWriteActions) expect(actions, `${group} ${action}`).not.toContain(action);
      expect(actions.includes('dynamodb:BatchWriteItem'), `${group} BatchWriteItem`).toBe(uses.batchWrites);
    }
    // The read-only level itself has reads only.
    for (const action of tableWriteActions) expect(tableAccess.readOnly.table).not.toContain(action);
  });

  it('gives SERVER_SECRET_ARN only to the groups whose code signs with it', () => {
    const withSecret: string[] = [];
    for (const [group, definition] of groups) {
      const uses = bundleUses(definition.entry);
      if (uses.serverSecret) withSecret.push(group);
      expect('SERVER_SECRET_ARN' in environmentOf(group), group).toBe(uses.serverSecret);
    }
    // Passwords (decoy salts), sign-in cookies, unsubscribe links, page cursors; a plain canvas group has none.
    expect(withSecret).toEqual(expect.arrayContaining(['auth', 'password', 'user', 'canvas-history']));
    expect(withSecret).not.toContain('canvas');
  });

  it('knows every module that signs or verifies with SERVER_SECRET (functions/lib/server-secret.ts)', () => {
    // git grep over the server code: a new reader must be added to serverSecretModules, or its group would start without the secret.
    const readers = execFileSync('git', ['grep', '-l', '-E', "from '[./]+(lib/)?server-secret'", '--', 'functions', ':!*.test.ts'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .sort();
    expect(readers).toEqual([...serverSecretModules].sort());
  });
});
