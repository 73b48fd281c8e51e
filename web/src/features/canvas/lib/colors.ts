import { defaultCategoryColor } from '../../../../../shared/canvas-template';

/** A category colour as CSS: `#RRGGBB`, grey (A5A5A5) when missing or malformed (docs/product/canvas.md#fields). */
export function categoryColor(color: string | null | undefined): string {
  const hex = (color ?? '').replace(/^#/, '');
  return `#${/^[0-9a-f]{6}$/i.test(hex) ? hex.toUpperCase() : defaultCategoryColor}`;
}

/** docs/product/canvas.md#screens, docs/product/limits.md#canvas-limits: the highlight background is the category colour at 10 percent opacity. */
export function categoryHighlight(color: string | null | undefined, opacity = 0.1): string {
  const hex = categoryColor(color).slice(1);
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}
