/**
 * The canvas sections an advisor invitation shares (docs/product/invitations.md#rules "Selected sections", docs/product/invitations.md#validation):
 * the route's `sectionIds` preselect some; without them (or when none of them is a
 * section of the canvas) all are selected; all selected is sent as [] — all sections,
 * including ones the family adds later.
 */

/** The selection the form starts with: the route's ids that the canvas has, else every section. */
export function initialSectionSelection(allSectionIds: readonly number[], routeSectionIds: readonly number[] | undefined): number[] {
  const known = (routeSectionIds ?? []).filter((id, index, ids) => allSectionIds.includes(id) && ids.indexOf(id) === index);
  return known.length ? allSectionIds.filter((id) => known.includes(id)) : [...allSectionIds];
}

/** What create sends as canvasSections: [] when every section is selected, else the chosen ids in canvas order. */
export function canvasSectionsToSend(allSectionIds: readonly number[], selectedIds: readonly number[]): number[] {
  const chosen = allSectionIds.filter((id) => selectedIds.includes(id));
  return chosen.length === allSectionIds.length ? [] : chosen;
}

/** The canvas-rights column (docs/product/invitations.md#invitation-lists): 'All sections' when none are named, else the titles joined by commas. */
export function canvasRightsText(titles: readonly string[] | undefined, allSectionsText: string): string {
  return titles && titles.length ? titles.join(', ') : allSectionsText;
}
