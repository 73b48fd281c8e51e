import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pdfmakeModule from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { planBookFonts } from './fonts';
import { installTagging } from './tagging';

/**
 * Turns a document definition into PDF bytes with pdfmake (pure JavaScript on pdfkit, no
 * browser). Fonts: Noto Sans regular, bold and italic (SIL Open Font License), embedded
 * and subset by pdfkit, so the book shows Latin with accents, Greek and Cyrillic (not CJK:
 * Noto Sans CJK would add ~16 MB per style to the Lambda).
 */

// pdfmake is one CommonJS instance whose methods live on its prototype: take the module
// object itself (the default export of CommonJS under both esbuild and Node).
const pdfmake = ((pdfmakeModule as unknown as { default?: typeof pdfmakeModule }).default ?? pdfmakeModule) as typeof pdfmakeModule & {
  virtualfs: FontFileSystem;
};

type FontFileSystem = {
  existsSync: (name: string) => boolean;
  readFileSync: (name: string) => Buffer;
  writeFileSync: (name: string, content: unknown) => void;
};

export const fontFamily = 'NotoSans';

/** The files of each style, by their place in the bundle (fonts.ts targets). */
const fontTargets = {
  normal: 'fonts/NotoSans-Regular.ttf',
  bold: 'fonts/NotoSans-Bold.ttf',
  italics: 'fonts/NotoSans-Italic.ttf',
  // The book sets nothing bold and italic at once; pdfmake wants the style declared.
  bolditalics: 'fonts/NotoSans-Bold.ttf',
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));

/** In the Lambda a font sits beside index.mjs; run from the sources it is read from node_modules. */
function fontFile(target: string): string {
  const asset = planBookFonts.find((candidate) => candidate.target === target);
  if (!asset) throw new Error(`no bundle asset ${target}`);
  const bundled = path.join(here, asset.target);
  return existsSync(bundled) ? bundled : path.resolve(here, '..', '..', '..', asset.source);
}

let fonts: Map<string, Buffer> | undefined;

/**
 * Reads the fonts once per Lambda instance and hands them to pdfmake from memory. Our own
 * file system object rather than pdfmake's: that one refers to CommonJS `__dirname`,
 * which the ESM bundle lacks. No URL and no other local file may be read.
 */
function setUpFonts(): void {
  if (fonts) return;
  fonts = new Map(Object.values(fontTargets).map((target) => [target, readFileSync(fontFile(target))]));
  const files = fonts;
  pdfmake.virtualfs = {
    existsSync: (name) => files.has(name),
    readFileSync: (name) => {
      const file = files.get(name);
      if (!file) throw new Error(`no font ${name}`);
      return file;
    },
    writeFileSync: () => {
      throw new Error('the plan book fetches nothing');
    },
  };
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  pdfmake.setFonts({ [fontFamily]: { ...fontTargets } });
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  setUpFonts();
  installTagging();
  return pdfmake.createPdf(definition).getBuffer();
}
