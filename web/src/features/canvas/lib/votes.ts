/** docs/product/canvas.md#screens, docs/product/limits.md#canvas-limits: up to 3 votes show as that many stars; more as the number and one star. */
export const maxStarsShown = 3;

export type VoteDisplay = { stars: number; number: number | null };

export function voteDisplay(count: number): VoteDisplay {
  if (count <= 0) return { stars: 0, number: null };
  if (count <= maxStarsShown) return { stars: count, number: null };
  return { stars: 1, number: count };
}

/** docs/product/canvas.md#permissions: a vote needs edit rights and someone else's item. */
export function canVoteOn(item: { createdByUserId: string }, userId: string | null, canEditCanvas: boolean): boolean {
  return canEditCanvas && userId !== null && item.createdByUserId !== userId;
}
