import { logger } from '../observability';

/**
 * How long the anonymous mail routes (reset, resend-confirmation) take at least. The work
 * for a known address (token write, SES call: tens of milliseconds) runs inside this
 * time, so a known and an unknown address answer alike and timing tells no account apart.
 */
export const steadyAnswerMs = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` and answers no earlier than `minimumMs` after the start. A failure of the
 * work is logged and not answered (it would tell that an account exists); a slow run
 * beyond the floor is logged, since it would show in the timing.
 */
export async function steadyAnswer(work: () => Promise<void>, minimumMs: number = steadyAnswerMs): Promise<void> {
  const startedAt = Date.now();
  const [outcome] = await Promise.allSettled([work(), sleep(minimumMs)]);
  if (outcome.status === 'rejected') logger.error('anonymous mail work failed', { error: outcome.reason });
  const took = Date.now() - startedAt;
  if (took > minimumMs + 50) logger.warn('anonymous mail work outran its steady answer time', { took, minimumMs });
}
