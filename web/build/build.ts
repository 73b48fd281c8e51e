import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { prerenderedAttribute, prerenderedFile, prerenderedPages } from '../../shared/prerendered-pages';

/**
 * `npm run build:web`: the SPA's production build (web/dist, index.html its shell), then the public pages prerendered
 * (shared/prerendered-pages.ts): a Vite SSR build of web/src/prerender.tsx renders each page with React's server
 * renderer into a copy of the shell. The shell's own scripts are preloaded; the route's load after the entry's, so the
 * page's text and styles have the connection to themselves until they paint (docs/architecture-decisions.md).
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const configFile = path.join(webRoot, 'vite.config.ts');
const distDir = path.join(webRoot, 'dist');
/** The SSR build, used by this script only and removed after it (inside web/, so it resolves the app's packages). */
const serverDirOf = (outDir: string) => (outDir === distDir ? path.join(webRoot, '.prerender') : path.join(webRoot, `.prerender-${process.pid}`));

type PageName = keyof typeof prerenderedPages;
/** What the SSR build of web/src/prerender.tsx exports. */
type ServerEntry = { renderPage: (name: PageName, pathname: string) => Promise<{ markup: string; title: string }> };

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Builds web/dist with the prerendered pages (`npm run build:web`, and `npm start`: infra/local/start.ts).
 * `outDir` builds elsewhere and `keepManifest` leaves Vite's manifest in it (the bench's sizes: bench/spa-size.ts).
 */
export async function buildWeb({
  logLevel,
  outDir = distDir,
  keepManifest = false,
}: { logLevel?: 'info' | 'warn'; outDir?: string; keepManifest?: boolean } = {}): Promise<void> {
  const serverDir = serverDirOf(outDir);
  // Vite's build sets NODE_ENV to production (unless set), so Node loads React's production server renderer below.
  await build({ configFile, logLevel, build: { manifest: keepManifest, outDir, emptyOutDir: true } });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: path.join(webRoot, 'src', 'prerender.tsx'), outDir: serverDir, emptyOutDir: true, sourcemap: false },
  });

  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const emptyRoot = '<div id="root"></div>';
  const shellTitle = /<title>[^<]*<\/title>/;
  if (!shell.includes(emptyRoot) || !shellTitle.test(shell)) throw new Error(`web/dist/index.html lacks ${emptyRoot} or its <title>`);

  const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as ServerEntry;
  // The home page first: the others load the areas' texts, which the home page's markup must not show.
  for (const [name, pathname] of Object.entries(prerenderedPages) as Array<[PageName, string]>) {
    const { markup, title } = await renderPage(name, pathname);
    const page = shell
      .replace(shellTitle, `<title>${escapeHtml(title)}</title>`)
      .replace(emptyRoot, `<div id="root" ${prerenderedAttribute}="${pathname}">${markup}</div>`);
    const file = path.join(outDir, prerenderedFile(pathname)!);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, page);
  }
  await rm(serverDir, { recursive: true });
}

// `tsx web/build/build.ts [--out-dir <folder>] [--keep-manifest]`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDirArgument = process.argv.indexOf('--out-dir');
  await buildWeb({
    outDir: outDirArgument >= 0 ? path.resolve(process.argv[outDirArgument + 1] ?? distDir) : distDir,
    keepManifest: process.argv.includes('--keep-manifest'),
  });
}
