import type { ErrorName } from '../../../shared/errors';
import { ChangedMeanwhile, retryWhileChanged, transactWrites, type Write } from '../../lib/db/table';
import { fail } from '../../lib/errors';

/**
 * The conditions of a guarded member change: the member still has the role read
 * (`member`), the entity's last-holder guard on its counters (`counter`), the actor still
 * has the role their permission came from (`actor`).
 */
export type MemberChangeCondition = 'member' | 'counter' | 'actor';

/** One attempt of a guarded member change: its writes, and what a failed counter condition answers. */
export type MemberChangeAttempt<T> = {
  writes: Array<Write<MemberChangeCondition>>;
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
      const { writes, guardRefusal, result } = await plan();
      await transactWrites(writes, {
        counter: () => fail(guardRefusal ?? 'ITEM_NOT_FOUND'),
        actor: () => fail('FORBIDDEN'),
        // The member changed meanwhile: read again.
        member: () => new ChangedMeanwhile(),
      });
      return result;
    },
    {
      attempts: maxAttempts,
      pauseMs: (attempt) => 10 + Math.random() * 40 * attempt,
    },
  );
}
