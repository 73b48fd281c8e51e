/**
 * `npm run build:lambda-maps`: the functions' bundles of this commit with source maps
 * beside them, in .lambda-maps/. The deployed functions carry no source maps
 * (infra/constructs/app-function.ts: they would cost every cold start); esbuild's output
 * is deterministic, so building the deployed commit here gives the very bundles the logs'
 * minified stack traces point into.
 *
 * `npm run build:lambda-maps -- <group> <line>:<column>` maps one stack-trace position
 * (`at … (file:///var/task/index.mjs:39:66983)` in the log of the function of route group
 * <group>, e.g. canvas-answer or jobs/cleanup) back to the TypeScript source.
 */
import path from 'node:path';
import { repositoryRoot } from '../infra/constructs/app-function';
import { buildFunctionBundle, functionEntries, sourcePositionOf } from '../infra/lambda-bundles';

const outDir = path.join(repositoryRoot, '.lambda-maps');
const [group, position] = process.argv.slice(2);
const entries = functionEntries();

if (group !== undefined) {
  const [line, column] = (position ?? '').split(':').map(Number);
  if (!entries.some((e) => e.group === group) || !Number.isInteger(line) || !Number.isInteger(column)) {
    console.error(`usage: npm run build:lambda-maps -- <group> <line>:<column>\ngroups: ${entries.map((e) => e.group).join(', ')}`);
    process.exit(2);
  }
  const found = await sourcePositionOf(group, line as number, column as number, outDir);
  if (!found) {
    console.error(`${group} ${position}: no source position there`);
    process.exit(1);
  }
  console.log(`${found.file}:${found.line}:${found.column}`);
} else {
  for (const { group: name, entry } of entries) {
    const outfile = await buildFunctionBundle(name, entry, outDir, { sourceMap: true });
    console.log(`${name}: ${path.relative(process.cwd(), outfile)} and its .map`);
  }
}
