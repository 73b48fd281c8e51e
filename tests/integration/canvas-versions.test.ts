import { beforeAll, describe, expect, it } from 'vitest';
import type { ItemChangedDetails } from '../../shared/contracts/history';
import { EntityRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { canvasItemRoutes, expectError, familyWithCanvas, getCategory, memberOf, type CategoryItemCreate, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { routePath } from '../support/route-calls';

/**
 * No lost edits (issue "live canvas"): an update that carries the `version` it started from
 * is refused with 409 ITEM_CHANGED (71) when the item changed meanwhile — with the item as
 * it is now and who changed it — and changes nothing; the current version goes through;
 * without `version` the spec's behaviour stays (last write wins).
 */

const stack = useIntegrationStack();

let family: FamilyWithCanvas;
let member: TestAccount;
let categoryId: number;

type Kind = {
  name: string;
  authorOnly?: boolean;
  create: (client: ApiClient) => Promise<string>;
  path: (id: string) => string;
  change: (n: number) => Record<string, unknown>;
  field: string;
};

/** The test names' kinds, as canvasItemRoutes (tests/support/canvas.ts) names them. */
const itemKind = { takeaway: 'takeaway', goal: 'goal', 'action-point': 'actionPoint' } as const;

const kinds: Kind[] = [
  {
    name: 'answer (update)',
    authorOnly: true,
    create: async (client) =>
      (
        await client.call<'createAnswer', { id: string }>('createAnswer', {
          params: { questionId: `${categoryId}.2` },
          body: { text: 'first', questionId: `${categoryId}.2` },
        })
      ).body.id,
    path: (id) => routePath('updateAnswer', { id }),
    change: (n) => ({ text: `text ${n}` }),
    field: 'text',
  },
  ...(['takeaway', 'goal', 'action-point'] as const).map((kind) => ({
    name: `${kind} (update)`,
    authorOnly: kind !== 'takeaway',
    create: async (client: ApiClient) =>
      (
        await client.call<CategoryItemCreate, { id: string }>(canvasItemRoutes[itemKind[kind]].create, {
          params: { categoryId },
          body: { title: 'first', categoryId },
        })
      ).body.id,
    path: (id: string) => routePath(canvasItemRoutes[itemKind[kind]].update, { id }),
    change: (n: number) => ({ title: `title ${n}` }),
    field: 'title',
  })),
  {
    name: 'takeaway (archive)',
    create: async (client) =>
      (await client.call<'createTakeaway', { id: string }>('createTakeaway', { params: { categoryId }, body: { title: 'to archive', categoryId } })).body.id,
    path: (id) => routePath('archiveTakeaway', { id }),
    change: (n) => ({ archived: n === 1 || n === 4 }),
    field: 'archived',
  },
  ...(['goal', 'action-point'] as const).map((kind) => ({
    name: `${kind} (complete)`,
    create: async (client: ApiClient) =>
      (
        await client.call<CategoryItemCreate, { id: string }>(canvasItemRoutes[itemKind[kind]].create, {
          params: { categoryId },
          body: { title: 'to complete', categoryId },
        })
      ).body.id,
    path: (id: string) => routePath(canvasItemRoutes[itemKind[kind]].complete, { id }),
    change: (n: number) => ({ completed: n === 1 || n === 4 }),
    field: 'completed',
  })),
];

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Version Family');
  member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Sofia');
  categoryId = family.canvas.sections[0]!.categories[0]!.id;
});

describe('a stale update is refused with 409 (71), for every kind', () => {
  for (const kind of kinds) {
    it(kind.name, async () => {
      const id = await kind.create(member.client);
      // Someone else changes it meanwhile (what only its author edits: another tab of theirs).
      const other = kind.authorOnly ? member.client : family.owner.client;
      const changed = await other.patch<{ version: number }>(kind.path(id), kind.change(1));
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.version).toBe(2);

      const stale = await member.client.patch(kind.path(id), { ...kind.change(2), version: 1 });
      expect(stale.status).toBe(409);
      const details = (expectError(stale, 71) as unknown as { details: ItemChangedDetails }).details;
      expect(details).toMatchObject({ itemId: id, changedBy: { userId: kind.authorOnly ? member.userId : family.owner.userId } });
      expect(details.current?.version).toBe(2);
      expect(details.current?.[kind.field]).toEqual(kind.change(1)[kind.field]);
      expect(typeof details.changedDate).toBe('string');
      // Nothing changed: the stale text is nowhere, and version 2 is still the current one (next).
      expect(JSON.stringify(await getCategory(member.client, categoryId))).not.toContain(`${kind.field} 2`);

      const current = await member.client.patch<{ version: number }>(kind.path(id), { ...kind.change(3), version: 2 });
      expect(current.status, JSON.stringify(current.body)).toBe(200);
      expect(current.body.version).toBe(3);
      // Without a version: the old behaviour.
      const unversioned = await member.client.patch<{ version: number }>(kind.path(id), kind.change(4));
      expect(unversioned.status, JSON.stringify(unversioned.body)).toBe(200);
    });
  }

  it('a bad version is a validation error (2), not a 5xx', async () => {
    const id = await kinds[1]!.create(member.client);
    for (const version of ['1', 0, 1.5, null]) {
      const response = await member.client.patch(kinds[1]!.path(id), { title: 'x', version });
      expectError(response, 2);
    }
  });
});
