import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Canvas } from '../../shared/contracts/canvas';
import type { HistoryEvent, HistoryPage } from '../../shared/contracts/history';
import { EntityRole, WorkRelationRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { advisorCompanyFor, advisorOf, canvasItemRoutes, familyWithCanvas, memberOf, type CategoryItemCreate, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack, type ApiClient } from '../support/integration';
import { changesIn, LiveSocket, messagesBeforeMark, takeawayMark } from '../support/live';

/**
 * The leak test of the live channel: 1,000 random canvas writes across every section while
 * four readers listen — a section-limited advisor, a read-only advisor, a limited family
 * member and the owner. Each receives exactly the events their own GET /api/canvas/history
 * shows (same events, same shapes, same order), and the section-limited advisor nothing of
 * the other sections: no title, no id, no count.
 */

const stack = useIntegrationStack();
const writes = 1000;

let family: FamilyWithCanvas;
let full: TestAccount;
let limitedMember: TestAccount;
let sectionAdvisor: TestAccount;
let readAdvisor: TestAccount;
let sharedSectionId: number;
const sockets: LiveSocket[] = [];

async function fullHistory(client: ApiClient, familyId: number, sinceId: string): Promise<HistoryEvent[]> {
  const events: HistoryEvent[] = [];
  let cursor: string | null = null;
  do {
    const response: { status: number; body: HistoryPage } = await client.call<'getHistory', HistoryPage>('getHistory', {
      params: { familyId },
      rawQuery: `limit=100${cursor ? `&cursor=${cursor}` : ''}`,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = response.body.results.filter((event) => event.id > sinceId);
    events.push(...page);
    cursor = page.length === response.body.results.length ? response.body.next : null;
  } while (cursor);
  return events.reverse();
}

/** A seeded random source, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

type Item = { kind: 'answer' | 'takeaway' | 'goal' | 'actionPoint'; id: string; sectionId: number; by: string };

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Leak Family');
  full = await memberOf(stack, family.owner, EntityRole.FullMember, 'Sofia');
  limitedMember = await memberOf(stack, family.owner, EntityRole.LimitedMember, 'Lucas');
  sharedSectionId = family.canvas.sections[2]!.id;
  const sectionCompany = await advisorCompanyFor(stack, family.familyId, [sharedSectionId], 'Section Advisors');
  sectionAdvisor = await advisorOf(stack, sectionCompany, family.familyId, WorkRelationRole.Full, 'Section');
  const readCompany = await advisorCompanyFor(stack, family.familyId, [], 'Reading Advisors');
  readAdvisor = await advisorOf(stack, readCompany, family.familyId, WorkRelationRole.Limited, 'Reader');
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => (socket.isOpen ? socket.close() : undefined)));
});

it(
  `${writes} random writes across all sections: each listener gets exactly its history, the section-limited advisor nothing else`,
  { timeout: 240_000 },
  async () => {
    const canvas: Canvas = family.canvas;
    const categories = canvas.sections.flatMap((section) => section.categories.map((category) => ({ id: category.id, sectionId: section.id })));
    const listeners = {
      owner: { account: family.owner, socket: await LiveSocket.open(stack, family.owner.client) },
      limitedMember: { account: limitedMember, socket: await LiveSocket.open(stack, limitedMember.client) },
      readAdvisor: { account: readAdvisor, socket: await LiveSocket.open(stack, readAdvisor.client, { familyId: family.familyId }) },
      sectionAdvisor: { account: sectionAdvisor, socket: await LiveSocket.open(stack, sectionAdvisor.client, { familyId: family.familyId }) },
    };
    sockets.push(...Object.values(listeners).map((listener) => listener.socket));
    const since = (await fullHistory(family.owner.client, family.familyId, '')).at(-1)?.id ?? '';

    const items: Item[] = [];
    const answered = new Set<string>();
    const hiddenIds = new Set<string>();
    const hiddenTitles: string[] = [];
    const next = random(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;

    async function writeOnce(n: number, writer: TestAccount, other: TestAccount): Promise<void> {
      const client = writer.client;
      const category = pick(categories);
      const marker = `W${n}s${category.sectionId}`;
      if (category.sectionId !== sharedSectionId) hiddenTitles.push(marker);
      const roll = next();
      const mine = items.filter((item) => item.by === writer.userId);
      const target = mine.length ? pick(mine) : undefined;
      const track = (item: Item) => {
        items.push(item);
        if (item.sectionId !== sharedSectionId) hiddenIds.add(item.id);
      };
      if (roll < 0.3 || !target) {
        const kind = pick(['takeaway', 'goal', 'actionPoint', 'answer'] as const);
        if (kind === 'answer') {
          const question = `${category.id}.${1 + Math.floor(next() * 4)}`;
          if (answered.has(`${writer.userId}:${question}`)) return;
          answered.add(`${writer.userId}:${question}`);
          const response = await client.call<'createAnswer', { id: string }>('createAnswer', {
            params: { questionId: question },
            body: { text: `answer ${marker}`, questionId: question },
          });
          if (response.status === 201) track({ kind, id: response.body.id, sectionId: category.sectionId, by: writer.userId });
          return;
        }
        const response = await client.call<CategoryItemCreate, { id: string }>(canvasItemRoutes[kind].create, {
          params: { categoryId: category.id },
          body: { title: `title ${marker}`, categoryId: category.id },
        });
        if (response.status === 201) track({ kind, id: response.body.id, sectionId: category.sectionId, by: writer.userId });
        return;
      }
      const routes = canvasItemRoutes[target.kind];
      const itemMarker = `W${n}s${target.sectionId}`;
      if (target.sectionId !== sharedSectionId) hiddenTitles.push(itemMarker);
      if (roll < 0.55) {
        await client.call(routes.update, {
          params: { id: target.id },
          looseBody: target.kind === 'answer' ? { text: `answer ${itemMarker}` } : { title: `title ${itemMarker}` },
        });
      } else if (roll < 0.7 && (target.kind === 'answer' || target.kind === 'takeaway')) {
        const votes = other.client;
        const answerId = target.id;
        const takeawayId = target.id;
        const [vote, unvote] =
          target.kind === 'answer'
            ? [() => votes.call('addAnswerVote', { params: { answerId } }), () => votes.call('removeAnswerVote', { params: { answerId } })]
            : [() => votes.call('addTakeawayVote', { params: { takeawayId } }), () => votes.call('removeTakeawayVote', { params: { takeawayId } })];
        if ((await vote()).status !== 201) await unvote();
      } else if (roll < 0.8 && target.kind !== 'answer') {
        if (target.kind === 'takeaway') await client.call(canvasItemRoutes.takeaway.archive, { params: { id: target.id }, body: { archived: next() < 0.5 } });
        else await client.call(canvasItemRoutes[target.kind].complete, { params: { id: target.id }, body: { completed: next() < 0.5 } });
      } else {
        if ((await client.call(routes.delete, { params: { id: target.id } })).status === 204) items.splice(items.indexOf(target), 1);
      }
    }

    // Two writers at once, as on a lively canvas.
    await Promise.all([
      (async () => {
        for (let n = 0; n < writes; n += 2) await writeOnce(n, family.owner, full);
      })(),
      (async () => {
        for (let n = 1; n < writes; n += 2) await writeOnce(n, full, family.owner);
      })(),
    ]);

    const expected = Object.fromEntries(
      await Promise.all(
        Object.entries(listeners).map(async ([name, listener]) => [name, await fullHistory(listener.account.client, family.familyId, since)] as const),
      ),
    ) as Record<keyof typeof listeners, HistoryEvent[]>;
    expect(expected.owner.length).toBeGreaterThan(writes * 0.8);
    for (const [name, listener] of Object.entries(listeners)) {
      await listener.socket.waitForChanges(expected[name as keyof typeof listeners].length, 30_000);
    }
    // A last takeaway in the shared section, which every listener may see, marks the end.
    const sharedCategoryId = categories.find((category) => category.sectionId === sharedSectionId)!.id;
    const markId = await takeawayMark(family.owner.client, sharedCategoryId);
    for (const [name, listener] of Object.entries(listeners)) {
      const received = changesIn(await messagesBeforeMark(listener.socket, async () => markId));
      // The same events in the same shapes. They arrive in the order the journal committed
      // them: two writers' simultaneous events may swap against the ids' order by a few ms,
      // but each item's events come in its own order.
      expect(
        [...received].sort((a, b) => a.id.localeCompare(b.id)),
        name,
      ).toEqual(expected[name as keyof typeof listeners]);
      const perItem = new Map<string, string[]>();
      for (const event of received) perItem.set(event.itemId, [...(perItem.get(event.itemId) ?? []), event.id]);
      for (const [itemId, ids] of perItem) expect(ids, `${name} ${itemId}`).toEqual([...ids].sort());
    }
    // Everyone in the family and the read-only advisor see all of it; the section-limited advisor a part.
    expect(expected.limitedMember.length).toBe(expected.owner.length);
    expect(expected.readAdvisor.length).toBe(expected.owner.length);
    expect(expected.sectionAdvisor.length).toBeGreaterThan(0);
    expect(expected.sectionAdvisor.length).toBeLessThan(expected.owner.length / 3);
    expect(expected.sectionAdvisor.every((event) => event.sectionId === sharedSectionId)).toBe(true);
    // Nothing else: no id or title of another section anywhere in what the advisor's socket got.
    const raw = JSON.stringify(listeners.sectionAdvisor.socket.messages);
    for (const id of hiddenIds) expect(raw.includes(id), id).toBe(false);
    for (const title of hiddenTitles) expect(raw.includes(`${title}"`) || raw.includes(`${title} `), title).toBe(false);
  },
);
