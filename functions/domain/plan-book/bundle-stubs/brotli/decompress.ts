/**
 * Stands in for the brotli package in the plan book's bundle (shared/routes/canvas-plan-book.ts `aliases`):
 * fontkit decompresses WOFF2 fonts with it, and the book embeds TrueType fonts only. The
 * real package carries a 454 KB dictionary; this saves it.
 */
export default function decompress(): never {
  throw new Error('the plan book reads TrueType fonts only (no WOFF2)');
}
