import { execFileSync } from 'node:child_process';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { buildApp, developmentContext, routeFunctionsOf, type FamilyCanvasStacks } from '../../infra/app-builder';
import type { AppFunction } from '../../infra/constructs/app-function';
import { accessExpiryEntry, digestEntry } from '../../infra/stacks/jobs-stack';
import { cleanupEntry, sesEventsEntry, bundleUses, serverSecretModules } from '../../infra/lambda-bundles';
import { repositoryRoot } from '../../infra/constructs/product-lambda';
import { tableAccess, tableWriteActions } from '../../infra/constructs/table-access';
import { liveChannel, routeManifest, type RouteGroup, type RouteGroupName } from '../../shared/routes';

// Grants derived from the code (infra/lambda-bundles.ts bundleUses): what a group's bundle
// calls decides its LIVE_ENDPOINT, ManageConnections, table actions and SERVER_SECRET.
type CfnResource = { Properties: Record<string, unknown> };

let stacks: FamilyCanvasStacks;
const groups = Object.entries(routeManifest) as Array<[RouteGroupName, RouteGroup]>;

beforeAll(() => {
  ({ stacks } = buildApp({ withNag: false, webDistPath: null, context: { ...developmentContext, 'aws:cdk:bundling-stacks': [] } }));
}, 300_000);

const templateOf = (stack: Stack) => Template.fromStack(stack);
const idOf = (construct: IConstruct) => {
  const child = construct.node.defaultChild as Parameters<Stack['getLogicalId']>[0];
  return Stack.of(child).getLogicalId(child);
};

/** A function's environment variables, from its stack's template. */
function variablesOf(fn: AppFunction): Record<string, unknown> {
  const resource = (templateOf(Stack.of(fn)).findResources('AWS::Lambda::Function') as Record<string, CfnResource>)[idOf(fn.function)];
  return (resource?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The statements of a function's role, from its stack's template. */
function statementsOf(fn: AppFunction): Array<{ Action: string | string[]; Resource: unknown }> {
  const roleId = idOf(fn.role);
  const policies = Object.values(templateOf(Stack.of(fn)).findResources('AWS::IAM::Policy') as Record<string, CfnResource>).filter(
    (p) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]),
  );
  return policies.flatMap((p) => (p.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement);
}

const environmentOf = (group: RouteGroupName) => variablesOf(routeFunctionsOf(stacks).get(group)!);
const actionsOf = (group: RouteGroupName): string[] =>
  statementsOf(routeFunctionsOf(stacks).get(group)!).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

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

  it('gives SERVER_SECRET_ARN and read access to the server secret to no function whose code does not sign with it, in every stack', () => {
    // Other stacks read the Data stack's secret as its output, named after the secret's logical id.
    const secretId = idOf(stacks.data.serverSecret);
    const functions: Array<[string, AppFunction | undefined]> = [
      ...groups.map(([group, definition]): [string, AppFunction | undefined] => [definition.entry, routeFunctionsOf(stacks).get(group)]),
      [liveChannel.entry, stacks.api.live.handler],
      [liveChannel.senderEntry, stacks.api.live.sender],
      [cleanupEntry, stacks.jobs.cleanup],
      [digestEntry, stacks.jobs.digest],
      [accessExpiryEntry, stacks.jobs.accessExpiry],
      [sesEventsEntry, stacks.mail.sesEvents],
    ];
    const readers: string[] = [];
    for (const [entry, fn] of functions) {
      expect(fn, entry).toBeDefined();
      const uses = bundleUses(entry).serverSecret;
      if (uses) readers.push(entry);
      expect('SERVER_SECRET_ARN' in variablesOf(fn!), entry).toBe(uses);
      // The grant follows the ARN (infra/constructs/app-function.ts): a statement on the Data stack's secret.
      const grants = statementsOf(fn!).filter(
        (s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId),
      );
      expect(grants.length > 0, entry).toBe(uses);
    }
    // The live channel and the jobs that never sign get nothing; the digest signs unsubscribe links.
    expect(readers).toContain(digestEntry);
    for (const entry of [liveChannel.entry, liveChannel.senderEntry, cleanupEntry, accessExpiryEntry, sesEventsEntry]) expect(readers).not.toContain(entry);
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
