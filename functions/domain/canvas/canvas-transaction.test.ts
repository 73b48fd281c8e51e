import type { TransactWriteItem } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itemExists } from '../../lib/db/table';
import { AppError, fail } from '../../lib/errors';

// A fake of the one DynamoDB call: each test says how the transactions it sends end.
const outcomes: Array<'ok' | 'conflict' | 'conditionFailed'> = [];
const transact = vi.fn(async (_items: TransactWriteItem[]) => {
  const outcome = outcomes.shift() ?? 'ok';
  if (outcome === 'ok') return;
  throw Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: outcome === 'conflict' ? 'TransactionConflict' : 'ConditionalCheckFailed' }],
  });
});
vi.mock('../../lib/db/client', () => ({
  db: () => ({ send: (command: { input: { TransactItems: TransactWriteItem[] } }) => transact(command.input.TransactItems) }),
  tableName: () => 't',
}));

const { runSteps, withCanvasRetry } = await import('./context');

const step = (onConditionFailed: () => AppError | 'retry') => ({
  op: { check: { PK: 'a', SK: 'b' }, condition: itemExists },
  onConditionFailed,
});

beforeEach(() => {
  outcomes.length = 0;
  transact.mockClear();
});

describe('canvas writes that lose a race (DynamoDB Local never reports TransactionConflict, real DynamoDB does)', () => {
  it('plans a write again on a fresh read when its transaction collided with another', async () => {
    outcomes.push('conflict', 'ok');
    let reads = 0;
    await withCanvasRetry(async () => {
      reads += 1;
      await runSteps([step(() => fail('ITEM_FOUND'))]);
    });
    expect(reads).toBe(2);
    expect(transact).toHaveBeenCalledTimes(2);
  });

  it('gives up after five collisions with a catalogue error (72), never an unknown error', async () => {
    outcomes.push('conflict', 'conflict', 'conflict', 'conflict', 'conflict');
    const error = await withCanvasRetry(() => runSteps([step(() => 'retry')])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(72);
    expect(transact).toHaveBeenCalledTimes(5);
  });

  it("answers a failed condition with the step's own meaning, or reads again when it says retry", async () => {
    outcomes.push('conditionFailed');
    await expect(withCanvasRetry(() => runSteps([step(() => fail('ITEM_NOT_FOUND'))]))).rejects.toMatchObject({ code: 4 });
    outcomes.push('conditionFailed', 'ok');
    await withCanvasRetry(() => runSteps([step(() => 'retry')]));
    expect(transact).toHaveBeenCalledTimes(3);
  });
});

describe('a canvas write outside withCanvasRetry', () => {
  it('still answers a collision with the catalogue error 72, never an unknown error (a 500)', async () => {
    outcomes.push('conflict');
    const error = await runSteps([step(() => 'retry')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(72);
  });
});
