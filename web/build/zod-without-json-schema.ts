import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Zod's classic schemas carry JSON Schema output (`toJSONSchema`, `~standard.jsonSchema`) and
 * its processors on every schema, so no bundler can leave them out: about 10 kB gzip of every
 * page that validates. The browser never turns a schema into JSON Schema (the server and the
 * scripts do, with the whole of zod), so the production build gives zod's classic schemas
 * stand-ins: each processor and JSON Schema method throws if it is ever called, and
 * `aggregateChecks` (a string schema's `minLength` and the like) stays zod's own.
 *
 * The stand-ins are made from the names zod's classic schemas import, read from the
 * installed zod: an upgrade that imports another name gets its stand-in too.
 */
const classicSchemas = path.join('zod', 'v4', 'classic', 'schemas.js');
const processorsImport = '../core/json-schema-processors.js';
const toJsonSchemaImport = '../core/to-json-schema.js';
const processorsId = '\0zod-json-schema-processors';
const toJsonSchemaId = '\0zod-to-json-schema';

const unavailable = `function unavailable() { throw new Error("JSON Schema is not part of the browser build (web/build/zod-without-json-schema.ts)."); }`;

export function zodWithoutJsonSchema(): Plugin {
  const require = createRequire(import.meta.url);
  const schemasFile = path.join(path.dirname(require.resolve('zod/package.json')), 'v4', 'classic', 'schemas.js');
  const realProcessors = path.join(path.dirname(schemasFile), '..', 'core', 'json-schema-processors.js');
  const source = readFileSync(schemasFile, 'utf8');
  const processorNames = [...new Set([...source.matchAll(/processors\.([A-Za-z]+)/g)].map((m) => m[1] as string))].filter(
    (name) => name !== 'aggregateChecks' && name !== 'js',
  );
  const methodNames = [...new Set([...source.matchAll(/\b(create[A-Za-z]*JSONSchemaMethod)\b/g)].map((m) => m[1] as string))];
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (!importer?.endsWith(classicSchemas)) return null;
      if (id === processorsImport) return processorsId;
      if (id === toJsonSchemaImport) return toJsonSchemaId;
      return null;
    },
    load(id) {
      if (id === processorsId)
        return [
          unavailable,
          `export { aggregateChecks } from ${JSON.stringify(realProcessors)};`,
          ...processorNames.map((name) => `export const ${name} = unavailable;`),
        ].join('\n');
      if (id === toJsonSchemaId) return [unavailable, ...methodNames.map((name) => `export const ${name} = () => unavailable;`)].join('\n');
      return null;
    },
  };
}
