import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { prerenderedAttribute, prerenderedFile, prerenderedPages } from '../../shared/prerendered-pages';

/**
 * `npm run build:web`: the SPA's production build (web/dist, index.html its shell), then the public pages prerendered
 * (shared/prerendered-pages.ts): a Vite SSR build of web/src/prerender.tsx renders each page with React's server
 * renderer into a copy of the shell, with its route's scripts preloaded so it hydrates without waiting for them in turn.
 */
const webRoot = path.resolve(import.meta.dirname, '..');
const configFile = path.join(webRoot, 'vite.config.ts');
const distDir = path.join(webRoot, 'dist');
/** The SSR build, used by this script only and removed after it (inside web/, so it resolves the app's packages). */
const serverDirOf = (outDir: string) => (outDir === distDir ? path.join(webRoot, '.prerender') : path.join(webRoot, `.prerender-${process.pid}`));

type PageName = keyof typeof prerenderedPages;
/** Each prerendered page's route module (web/src/app/router.tsx), as the build manifest names it. */
const routeModules: Record<PageName, string> = {
  home: 'src/app/routes/home.tsx',
  aboutUs: 'src/app/routes/about-us.tsx',
  aboutApp: 'src/app/routes/about-app.tsx',
  contact: 'src/app/routes/contact.tsx',
  privacy: 'src/app/routes/privacy.tsx',
  termsOfUse: 'src/app/routes/terms.tsx',
  login: 'src/app/routes/login.tsx',
  signup: 'src/app/routes/signup.tsx',
};
/** Every page route but the home page loads the areas' texts first (web/src/messages/en-US.ts loadAreaMessages). */
const areaMessagesModule = 'src/messages/en-US.areas.ts';

type Manifest = Record<string, { file: string; imports?: string[] }>;
/** What the SSR build of web/src/prerender.tsx exports. */
type ServerEntry = { renderPage: (name: PageName, pathname: string) => Promise<{ markup: string; title: string }> };

/** The files a module loads at once: its chunk and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

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
  await build({ configFile, logLevel, build: { manifest: true, outDir, emptyOutDir: true } });
  await build({
    configFile,
    logLevel: 'warn',
    build: { ssr: path.join(webRoot, 'src', 'prerender.tsx'), outDir: serverDir, emptyOutDir: true, sourcemap: false },
  });

  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  // Read here only: not deployed.
  if (!keepManifest) await rm(path.dirname(manifestPath), { recursive: true });
  const shell = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const emptyRoot = '<div id="root"></div>';
  const shellTitle = /<title>[^<]*<\/title>/;
  if (!shell.includes(emptyRoot) || !shellTitle.test(shell)) throw new Error(`web/dist/index.html lacks ${emptyRoot} or its <title>`);
  const entryFiles = staticClosure(manifest, 'index.html');

  const { renderPage } = (await import(pathToFileURL(path.join(serverDir, 'prerender.js')).href)) as ServerEntry;
  // The home page first: the others load the areas' texts, which the home page's markup must not show.
  for (const [name, pathname] of Object.entries(prerenderedPages) as Array<[PageName, string]>) {
    const { markup, title } = await renderPage(name, pathname);
    const modules = name === 'home' ? [routeModules[name]] : [areaMessagesModule, routeModules[name]];
    const preloads = new Set(modules.flatMap((module) => [...staticClosure(manifest, module)]).filter((file) => !entryFiles.has(file)));
    const links = [...preloads].map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">\n  `).join('');
    const page = shell
      .replace(shellTitle, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `${links}</head>`)
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
