/**
 * The canvas rights tab's selection (docs/product/work-relations.md#canvas-rights): an empty share means
 * all sections, so the picker starts with all of them selected; when all are selected the
 * request sends an empty list, which the server reads as all sections.
 */

/** The ids selected at first: the shared ones, or every section when the share is empty. */
export function initialSelection(allSectionIds: readonly number[], sharedIds: readonly number[]): number[] {
  if (sharedIds.length === 0) return [...allSectionIds];
  const shared = new Set(sharedIds);
  return allSectionIds.filter((id) => shared.has(id));
}

/** What to send: [] when every section is selected (all sections), else the selected ids in canvas order. */
export function sectionsToSend(allSectionIds: readonly number[], selectedIds: readonly number[]): number[] {
  const selected = new Set(selectedIds);
  const ordered = allSectionIds.filter((id) => selected.has(id));
  return ordered.length === allSectionIds.length ? [] : ordered;
}

/** Whether the selection differs from what is saved (Save is offered only then). */
export function isSelectionChanged(allSectionIds: readonly number[], sharedIds: readonly number[], selectedIds: readonly number[]): boolean {
  const saved = sectionsToSend(allSectionIds, initialSelection(allSectionIds, sharedIds));
  const next = sectionsToSend(allSectionIds, selectedIds);
  return saved.length !== next.length || saved.some((id, index) => id !== next[index]);
}
