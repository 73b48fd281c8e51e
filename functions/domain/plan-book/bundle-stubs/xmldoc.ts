/**
 * Stands in for the xmldoc package in the plan book's bundle (shared/routes/canvas-plan-book.ts `aliases`):
 * pdfmake parses SVG images with it, and the book has none. Saves xmldoc and sax.
 */
export class XmlDocument {
  constructor() {
    throw new Error('the plan book draws no SVG');
  }
}
