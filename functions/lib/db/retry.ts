import { AppError } from '../errors';

/**
 * What a write throws when something it planned on changed between its read and its
 * write (a condition of its transaction, or a concurrent transaction on the same items):
 * retryWhileChanged reads, plans and writes again. Should it ever escape, the client
 * still gets a catalogue error (ITEM_FOUND).
 */
export class ChangedMeanwhile extends AppError {
  constructor(message = 'Changed meanwhile. Reload and try again.') {
    super('ITEM_FOUND', { message });
    this.name = 'ChangedMeanwhile';
  }
}

export type RetryPolicy = {
  /** How many times the work runs at most. */
  attempts: number;
  /** The pause before attempt `attempt + 1` (attempt counts from 1); none when left out. */
  pauseMs?: (attempt: number) => number;
  /** What is thrown when the last attempt also met a change. */
  whenExhausted: (lastError: ChangedMeanwhile) => Error;
};

/**
 * Runs `work` (read, plan, write) again while it throws ChangedMeanwhile, up to the
 * policy's attempts; anything else it throws passes through. The one retry loop of the
 * server's writes.
 */
export async function retryWhileChanged<T>(work: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
      if (attempt >= policy.attempts) throw policy.whenExhausted(error);
      const pause = policy.pauseMs?.(attempt) ?? 0;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
