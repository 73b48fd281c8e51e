import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ErrorCodes } from '../../shared/errors';
import { idempotencyKeyHeader } from '../../shared/routes';
import type { ApiClient, ApiResponse } from './integration';
import { canvasItemRoutes, type CategoryItemCreate } from './canvas';

/**
 * Retried writes in the canvas model (tests/integration/canvas-model.test.ts, `npm run fuzz`):
 * a create whose answer is lost is sent again with its `Idempotency-Key`, one or more times,
 * one after the other or all at once (docs/product/errors.md#retries). Nothing is duplicated
 * (the model gains one item, every answer that made it names the same one) and nothing is lost
 * (that item is on the canvas). A key sent again with another title is refused (86) and
 * changes nothing. The model and its check stay the model test's: it hands them in as a RetryWorld.
 */

export type RetryKind = 'takeaway' | 'goal' | 'actionPoint';
export type RetryWriter = 'owner' | 'member';

export type RetryWorld<M> = {
  client: (writer: RetryWriter) => ApiClient;
  /** A category to write in, by any index (taken modulo its list). */
  category: (index: number) => { id: number };
  /** A title not used before. */
  newTitle: (kind: RetryKind) => string;
  /** The model gains the item the create made. */
  created: (model: M, item: { id: string; kind: RetryKind; categoryId: number; title: string; by: RetryWriter }) => void;
  /** The real canvas agrees with the model. */
  check: (model: M) => Promise<void>;
  note: (step: string) => void;
};

const withKey = (key: string) => ({ headers: { [idempotencyKeyHeader]: key } });

function below500(response: ApiResponse, what: string): void {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBeLessThan(500);
}

/** A new create with its own key: `send(title)` posts it (the item's title unless given another). */
function keyedCreate<M>(world: RetryWorld<M>, writer: RetryWriter, kind: RetryKind, categoryIndex: number) {
  const category = world.category(categoryIndex);
  const title = world.newTitle(kind);
  const key = randomUUID();
  const send = (sentTitle = title) =>
    world.client(writer).call<CategoryItemCreate, { id: string }>(canvasItemRoutes[kind].create, {
      params: { categoryId: category.id },
      body: { title: sentTitle, categoryId: category.id },
      ...withKey(key),
    });
  const made = (model: M, id: string) => world.created(model, { id, kind, categoryId: category.id, title, by: writer });
  return { title, send, made };
}

/** A create sent, its answer lost, and sent again `retries` times with the same key (at once when `together`). */
class RetriedCreate<M extends object> implements fc.AsyncCommand<M, object> {
  constructor(
    readonly world: RetryWorld<M>,
    readonly writer: RetryWriter,
    readonly kind: RetryKind,
    readonly categoryIndex: number,
    readonly retries: number,
    readonly together: boolean,
  ) {}
  check = () => true;
  async run(model: M): Promise<void> {
    this.world.note('RetriedCreate');
    const create = keyedCreate(this.world, this.writer, this.kind, this.categoryIndex);
    const send = () => create.send();
    // The first answer is lost on the way: the browser knows nothing of it, but the server did the work.
    const lost = send();
    const answers = this.together ? await Promise.all([lost, ...Array.from({ length: this.retries }, send)]) : [await lost];
    if (!this.together) for (let n = 0; n < this.retries; n += 1) answers.push(await send());
    for (const answer of answers) below500(answer, this.toString());
    const made = answers.filter((answer) => answer.status === 201);
    // At once, a send may meet the first still at work (87); one after the other every answer is the first one.
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(this.together, `${this.toString()}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
      expect((answer.body as { errorCode?: number }).errorCode).toBe(ErrorCodes.IDEMPOTENCY_KEY_IN_USE);
    }
    expect(made.length, this.toString()).toBeGreaterThan(0);
    expect(new Set(made.map((answer) => answer.body.id)).size, `${this.toString()}: one item`).toBe(1);
    create.made(model, made[0]!.body.id);
    await this.world.check(model);
  }
  toString = () =>
    `create ${this.kind} by ${this.writer} in #${this.categoryIndex}, answer lost, sent again ${this.retries}× ${this.together ? 'at once' : 'in turn'}`;
}

/** A key used again for another title: refused (86), nothing more is made. */
class ReusedKey<M extends object> implements fc.AsyncCommand<M, object> {
  constructor(
    readonly world: RetryWorld<M>,
    readonly kind: RetryKind,
    readonly categoryIndex: number,
  ) {}
  check = () => true;
  async run(model: M): Promise<void> {
    this.world.note('ReusedKey');
    const create = keyedCreate(this.world, 'owner', this.kind, this.categoryIndex);
    const first = await create.send();
    expect(first.status, `${this.toString()}: ${JSON.stringify(first.body)}`).toBe(201);
    create.made(model, first.body.id);
    const other = await create.send(`${create.title} changed`);
    expect(other.status, `${this.toString()}: ${JSON.stringify(other.body)}`).toBe(422);
    expect((other.body as { errorCode?: number }).errorCode).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    await this.world.check(model);
  }
  toString = () => `create ${this.kind} in #${this.categoryIndex}, then its key again with another title`;
}

/** The retry commands, for the model test's command list. */
export function retryCommands<M extends object>(world: RetryWorld<M>): Array<fc.Arbitrary<fc.AsyncCommand<M, object>>> {
  const writer = fc.constantFrom<RetryWriter>('owner', 'member');
  const kind = fc.constantFrom<RetryKind>('takeaway', 'goal', 'actionPoint');
  const index = fc.nat({ max: 50 });
  return [
    fc
      .tuple(writer, kind, index, fc.integer({ min: 1, max: 3 }), fc.boolean())
      .map(([who, what, where, retries, together]) => new RetriedCreate(world, who, what, where, retries, together)),
    fc.tuple(kind, index).map(([what, where]) => new ReusedKey(world, what, where)),
  ];
}
