import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeManifest } from '../../shared/routes';

let applied = false;

/**
 * Makes this process resolve the packages the passkeys bundle replaces (shared/routes.ts
 * `aliases`) to the same modules of ours, so the local stack (`npm run dev`, the end-to-end
 * tests) runs passkeys as the Lambda does: Chromium's passkeys are verified by the code that
 * ships. vitest.config.ts does the same for the unit and integration tests. A Node resolve
 * hook (module.registerHooks, Node ≥ 22.15), registered once per process.
 */
export function applyPasskeysBundleAliases(): void {
  if (applied) return;
  applied = true;
  const root = path.resolve(import.meta.dirname, '..', '..');
  const targets = new Map(Object.entries(routeManifest.passkeys.aliases).map(([name, target]) => [name, pathToFileURL(path.join(root, target)).href]));
  registerHooks({
    resolve: (specifier, context, nextResolve) => nextResolve(targets.get(specifier) ?? specifier, context),
  });
}
