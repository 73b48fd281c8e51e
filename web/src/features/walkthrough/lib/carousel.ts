import { EntityType } from '../../../../../shared/enums';
import { advisorSlides, familySlides, type WalkthroughSlide } from '../slides';

/**
 * The walkthrough's rules (docs/product/shell.md#walkthrough, docs/product/limits.md#shell-limits): the slides of the current entity's
 * kind (family slides when there is no entity yet), those marked needsAdmin only for owners
 * and admins, a limited member's words (forReader) for one who reads the canvas only; moving is not continuous: it stops at the first and the last slide.
 */
export function slidesFor(viewer: { entityTypeId: number | null; isAdmin: boolean; isReader?: boolean }): WalkthroughSlide[] {
  const slides = viewer.entityTypeId === EntityType.AdvisorCompany ? advisorSlides : familySlides;
  return slides
    .filter((slide) => viewer.isAdmin || !slide.needsAdmin)
    .map((slide) => (viewer.isReader && slide.forReader ? { ...slide, ...slide.forReader } : slide));
}

/** The index after a step, held between the first and the last slide (no wrap-around). */
export function stepTo(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + step));
}
