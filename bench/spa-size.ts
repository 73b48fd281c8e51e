import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { runChild } from './child';
import { prerenderedFile } from '../shared/prerendered-pages';

/**
 * The SPA's production build (into a temporary folder, so web/dist stays as it is) and
 * what the first page downloads: the entry script, its modulepreloads and stylesheets
 * from index.html, plus the lazily loaded chunk of the home route (from the Vite manifest)
 * with its own imports. Sizes are gzip (zlib default level, as Vite reports them).
 */

export type SpaResult = {
  firstPageJsGzipKb: number;
  firstPageCssGzipKb: number;
  firstPageJsFiles: Array<{ file: string; gzipKb: number }>;
  /** A first visit straight to /canvas: the first page's scripts, the canvas route with its imports, and what every page route loads beside it (the areas' texts, the API contract). */
  canvasFirstVisitJsGzipKb: number;
  /** The route whose navigation downloads the most: its chunk, and with its imports not on the first page. */
  largestRouteChunk: { name: string; file: string; gzipKb: number; withImportsGzipKb: number } | null;
  /** The largest lazily loaded chunk that is not a route (a component loaded on demand). */
  largestOtherLazyChunk: { name: string; file: string; gzipKb: number } | null;
  buildSeconds: number;
  /** Where the build's module-by-module report went (rollup-plugin-visualizer's treemap and raw data; web/vite.config.ts), relative to the repository. */
  statsDir: string;
};

const repositoryRoot = path.resolve(import.meta.dirname, '..');
/** The visualiser's report of the last measured build (gitignored). */
const statsDir = path.join(import.meta.dirname, 'out');

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The home route's module, as the manifest names it (relative to web/, Vite's root). */
const homeRouteModule = 'src/app/routes/home.tsx';
/** What a first visit to the canvas adds: its route, and the chunks every page route loads beside its own (web/src/app/router.tsx, web/src/main.tsx). */
const canvasVisitModules = ['src/app/routes/canvas.tsx', 'src/messages/en-US.areas.ts', '../shared/api-contract.ts'];
const routeModulePrefix = 'src/app/routes/';

const gzipKb = (outDir: string, file: string) => gzipSync(readFileSync(path.join(outDir, file))).length / 1024;

/** A chunk's file and css plus those of everything it imports statically. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k)) return;
    seen.add(k);
    const chunk = manifest[k];
    if (!chunk) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { js, css };
}

export async function measureSpa(outDir: string): Promise<SpaResult> {
  // The production build as `npm start` serves it, prerendered pages included (web/build/build.ts).
  const tsx = path.join(repositoryRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const result = await runChild(process.execPath, [tsx, 'web/build/build.ts', '--out-dir', outDir, '--keep-manifest'], {
    cwd: repositoryRoot,
    env: { ...process.env, SPA_STATS_DIR: statsDir },
    timeoutMs: 240_000,
  });
  if (result.code !== 0) throw new Error(`vite build failed (${result.code}): ${(result.stderr || result.stdout).trim().slice(-600)}`);

  // The first page is the home page as prerendered: its scripts and the route's preloads.
  const html = readFileSync(path.join(outDir, prerenderedFile('/')!), 'utf8');
  const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => (m[1] ?? '').replace(/^\//, ''));
  const initialJs = new Set([...urls(/<script[^>]*type="module"[^>]*src="([^"]+)"/g), ...urls(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)]);
  const initialCss = new Set(urls(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g));

  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('vite build wrote no manifest');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  if (!manifest[homeRouteModule]) throw new Error(`the manifest has no ${homeRouteModule}`);
  const home = staticClosure(manifest, homeRouteModule);
  const jsFiles = [...new Set([...initialJs, ...home.js])];
  const cssFiles = [...new Set([...initialCss, ...home.css])];

  const firstPageJsFiles = jsFiles.map((file) => ({ file, gzipKb: gzipKb(outDir, file) }));
  // Route modules (web/src/app/router.tsx): what navigating to one downloads beyond the first page.
  const onFirstPage = new Set(jsFiles);
  const routeChunks = Object.keys(manifest)
    .filter((name) => name.startsWith(routeModulePrefix) && manifest[name]?.isDynamicEntry)
    .map((name) => {
      const chunk = manifest[name] as ManifestChunk;
      const extra = [...staticClosure(manifest, name).js].filter((file) => !onFirstPage.has(file));
      return { name, file: chunk.file, gzipKb: gzipKb(outDir, chunk.file), withImportsGzipKb: extra.reduce((sum, file) => sum + gzipKb(outDir, file), 0) };
    })
    .sort((a, b) => b.withImportsGzipKb - a.withImportsGzipKb);
  const lazyChunks = Object.entries(manifest)
    .filter(([name, chunk]) => chunk.isDynamicEntry && !name.startsWith(routeModulePrefix))
    .map(([name, chunk]) => ({ name, file: chunk.file, gzipKb: gzipKb(outDir, chunk.file) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);

  const canvasVisit = new Set(initialJs);
  for (const module of canvasVisitModules) {
    if (!manifest[module]) throw new Error(`the manifest has no ${module}`);
    for (const file of staticClosure(manifest, module).js) canvasVisit.add(file);
  }

  return {
    firstPageJsGzipKb: firstPageJsFiles.reduce((sum, f) => sum + f.gzipKb, 0),
    canvasFirstVisitJsGzipKb: [...canvasVisit].reduce((sum, file) => sum + gzipKb(outDir, file), 0),
    firstPageCssGzipKb: cssFiles.reduce((sum, file) => sum + gzipKb(outDir, file), 0),
    firstPageJsFiles,
    largestRouteChunk: routeChunks[0] ?? null,
    largestOtherLazyChunk: lazyChunks[0] ?? null,
    buildSeconds: result.ms / 1000,
    statsDir: path.relative(repositoryRoot, statsDir),
  };
}
