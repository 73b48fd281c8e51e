import { maxSocketsPerSession } from '../shared/contracts/live';
import { EntityRole } from '../shared/enums';
import type { LocalStack } from '../infra/local/stack';
import { LiveSocket } from '../tests/support/live';
import { addMemberWithRole } from '../tests/support/organisations';
import { integrationStackOf, type Seeded } from './seed';

/**
 * The live channel's budget (docs/architecture.md#budgets: live events p95 ≤ 300 ms locally with 50
 * listeners): from the moment a write's response arrives to the moment another client's
 * socket has the change, with 2, 10 and 50 sockets on one canvas (the whole local path:
 * DynamoDB Local's stream, the poller, the sender, the gateway's @connections, `ws`). And
 * what listeners cost a write: its response time without sockets and with 50. The
 * listeners are people of the family, at most maxSocketsPerSession sockets each (the
 * channel refuses more), as on a busy canvas.
 */
export type LiveResults = {
  propagation: Array<{ listeners: number; samples: number; p50: number; p95: number }>;
  write: { withoutListeners: { p50: number; p95: number }; with50Listeners: { p50: number; p95: number } };
};

export const livePropagationBudgetMs = 300;
const writesPerRun = 30;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export async function measureLive(stack: LocalStack, seeded: Seeded, progress: (line: string) => void): Promise<LiveResults> {
  const integration = integrationStackOf(stack);
  const family = seeded.measured.find((f) => f.items === 10) ?? seeded.big.family;
  const client = family.owner.client;
  let n = 0;
  async function write(): Promise<{ id: string; ms: number; doneAt: number }> {
    const started = performance.now();
    const response = await client.post<{ id: string }>(`/api/canvas-takeaway/create/${family.categoryId}`, {
      title: `Live bench ${(n += 1)}`,
      categoryId: family.categoryId,
    });
    const doneAt = performance.now();
    if (response.status !== 201) throw new Error(`write failed: ${response.status} ${JSON.stringify(response.body)}`);
    return { id: response.body.id, ms: doneAt - started, doneAt };
  }
  async function writes(count: number) {
    const done: Array<{ id: string; ms: number; doneAt: number }> = [];
    for (let i = 0; i < count; i += 1) {
      done.push(await write());
      // A write every 50 ms: a lively canvas, not a flood.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return done;
  }

  // Enough people of the family for 50 sockets within the per-session limit: the owner and members.
  const people = [family.owner.client];
  for (let n = 1; n < Math.ceil(50 / maxSocketsPerSession); n += 1) {
    people.push((await addMemberWithRole(integration, family.owner, EntityRole.FullMember, { firstName: `Listener${n}`, lastName: 'Bench' })).client);
  }
  await writes(3); // warm the handlers and the poller
  const without = await writes(writesPerRun);
  const propagation: LiveResults['propagation'] = [];
  let with50: number[] = [];
  for (const listeners of [2, 10, 50]) {
    progress(`live channel: ${listeners} listeners`);
    const sockets = await Promise.all(
      Array.from({ length: listeners }, (_, index) =>
        LiveSocket.open(integration, people[Math.floor(index / maxSocketsPerSession)]!, { familyId: family.familyId }),
      ),
    );
    await writes(2);
    const done = await writes(writesPerRun);
    const lastId = done.at(-1)?.id;
    const deadline = Date.now() + 10_000;
    while (sockets.some((socket) => !socket.changes().some((event) => event.itemId === lastId)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const latencies: number[] = [];
    for (const socket of sockets) {
      socket.messages.forEach((message, index) => {
        if (message.type !== 'change') return;
        const write = done.find((d) => d.id === message.event.itemId && message.event.action === 'created');
        if (write) latencies.push(Math.max(0, (socket.receivedAt[index] ?? Number.NaN) - write.doneAt));
      });
    }
    const expected = listeners * done.length;
    // A missing message counts as a miss of the budget.
    while (latencies.length < expected) latencies.push(Number.POSITIVE_INFINITY);
    propagation.push({ listeners, samples: expected, p50: percentile(latencies, 50), p95: percentile(latencies, 95) });
    if (listeners === 50) with50 = done.map((d) => d.ms);
    await Promise.all(sockets.map((socket) => socket.close()));
  }
  const stats = (values: number[]) => ({ p50: percentile(values, 50), p95: percentile(values, 95) });
  return { propagation, write: { withoutListeners: stats(without.map((d) => d.ms)), with50Listeners: stats(with50) } };
}
