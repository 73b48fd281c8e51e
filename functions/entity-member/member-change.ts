import { fail, transactionCancellationReasons } from '../lib/errors';
import type { ErrorName } from '../../shared/errors';
import { ChangedMeanwhile, retryWhileChanged } from '../lib/db/retry';

/**
 * One attempt of a guarded member change: the transaction whose items are, in order,
 * the member write, the entity's counter update (or existence check), and the actor's
 * role check (absent when the actor changes themselves).
 */
export type MemberChangeAttempt<T> = {
  transaction: () => Promise<unknown>;
  /** The code when the entity's last-holder condition fails (60–63), null when the role has no guard. */
  guardRefusal: ErrorName | null;
  result: T;
};

const maxAttempts = 5;

/**
 * Runs a member change: reads and plans (`plan`), writes in one transaction, and reads
 * again when the member changed meanwhile or the transaction met a concurrent one.
 * A failed counter condition is the last-holder guard; a failed actor check means the
 * actor lost the role their permission came from (FORBIDDEN).
 */
export async function runMemberChange<T>(plan: () => Promise<MemberChangeAttempt<T>>): Promise<T> {
  return retryWhileChanged(
    async () => {
      const { transaction, guardRefusal, result } = await plan();
      try {
        await transaction();
        return result;
      } catch (error) {
        const reasons = transactionCancellationReasons(error);
        if (!reasons) throw error;
        if (reasons[1] === 'ConditionalCheckFailed') throw fail(guardRefusal ?? 'ITEM_NOT_FOUND');
        if (reasons[2] === 'ConditionalCheckFailed') throw fail('FORBIDDEN');
        // The member changed meanwhile, or a concurrent transaction: read again.
        throw new ChangedMeanwhile();
      }
    },
    {
      attempts: maxAttempts,
      pauseMs: (attempt) => 10 + Math.random() * 40 * attempt,
      whenExhausted: () => fail('DB_ERROR', { message: 'The member kept changing; try again.' }),
    },
  );
}
