import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type PluginOption } from 'vite';

// The SPA's build and dev-server config. Tests are configured in the root vitest.config.ts;
// `npm start` (infra/local/start.ts) adds the /api proxy and the /ws one (ws: true) at run time.
// `npm run build:web` (web/build/build.ts) builds with it twice: the browser's build, then an SSR build of
// web/src/prerender.tsx that renders the public pages to HTML. Every build runs React and the packages as
// they ship, no alias: the build, the dev server and the unit tests run the same code.
const webRoot = import.meta.dirname;

// `SPA_STATS_DIR=<folder>` (bench/spa-size.ts sets it to bench/out/): where the JavaScript goes, module by module,
// as rollup-plugin-visualizer's treemap (spa-treemap.html) and its raw data (spa-stats.json), gzip sizes.
const statsDir = process.env.SPA_STATS_DIR;
const statsPlugins: PluginOption[] = statsDir
  ? [
      visualizer({ filename: path.join(statsDir, 'spa-treemap.html'), template: 'treemap', gzipSize: true, sourcemap: false }),
      visualizer({ filename: path.join(statsDir, 'spa-stats.json'), template: 'raw-data', gzipSize: true, sourcemap: false }),
    ]
  : [];

export default defineConfig({
  root: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [react(), tailwindcss(), ...statsPlugins],
  server: {
    // The shared contracts and rules live outside web/.
    fs: { allow: [path.resolve(webRoot, '..')] },
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Route modules are lazy (web/src/app/router.tsx), so each page is its own chunk;
    // the first page loads only the libraries, the shell and its own code. React DOM and
    // the router together are about 310 kB minified (98 kB gzip), the largest chunk: warn above that.
    chunkSizeWarningLimit: 350,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: their own chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // State (jotai) and server data (react-query): the shell needs them on every page.
            { name: 'vendor-state', test: /node_modules[\\/](@tanstack|jotai)[\\/]/ },
            // Dropdowns and dialogs: only lazily loaded parts use them (account tools, the
            // small-screen menu, forms), so this chunk stays off the logged-out first page.
            // Tabs and what they need (with its dependencies, which every other component shares): the one part a
            // canvas's first paint shows, so the first visit to the canvas loads 11 KB of the library instead of 41
            // (its menu is LazyMenu, web/src/components/ui/lazy-menu.tsx; README.md, "first visit").
            { name: 'vendor-ui-tabs', test: /node_modules[\\/]@headlessui[\\/]react[\\/]dist[\\/]components[\\/]tabs[\\/]/ },
            { name: 'vendor-ui', test: /node_modules[\\/](@headlessui|@floating-ui|@react-aria|tabbable|use-sync-external-store)[\\/]/ },
            // The rich-text editor (the canvas): kept apart so no lazy chunk grows past the warning.
            { name: 'vendor-prosemirror', test: /node_modules[\\/](prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname)[\\/]/ },
            { name: 'vendor-tiptap', test: /node_modules[\\/]@tiptap[\\/]/ },
          ],
        },
      },
    },
  },
});
