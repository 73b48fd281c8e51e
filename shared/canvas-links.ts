/**
 * The fields of takeaways, goals and action points that hold links to other items: sets on
 * the stored items, sorted lists on the wire and in the journal. The one list of them.
 */
export const linkFields = ['linkedGoalIds', 'linkedTakeawayIds', 'linkedActionPointIds'] as const;

export type LinkField = (typeof linkFields)[number];

export function isLinkField(field: string): field is LinkField {
  return (linkFields as readonly string[]).includes(field);
}
