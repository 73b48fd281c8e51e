import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The text of a PDF as a reader's tool extracts it: poppler's pdftotext (Debian's
 * poppler-utils; .ci/run installs it). A PDF's streams are compressed, so its bytes show
 * nothing of its content: tests look for what it says through this.
 */
export function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'family-canvas-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
