import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionNodeMajor, functionRuntime, repositoryRoot } from './product-lambda';

const readJson = (file: string) => JSON.parse(readFileSync(path.join(repositoryRoot, file), 'utf8')) as Record<string, unknown>;
const packageJson = readJson('package.json') as { engines: { node: string }; devDependencies: Record<string, string> };
const majorOf = (version: string) => Number(/^[\^~>=v]*(\d+)\./.exec(version)?.[1]);

// The functions run on functionRuntime in the cloud; the local stack, the tests and CI must
// run the same Node major (docs/operations.md "Running it"). A runtime bump without the others fails here.
describe('one Node major for the Lambdas, the local stack and the tests', () => {
  it('the Lambda runtime is a Node runtime with a major', () => {
    expect(functionRuntime.name).toBe(`nodejs${functionNodeMajor}.x`);
    expect(functionNodeMajor).toBeGreaterThanOrEqual(24);
  });

  it("package.json's engines.node asks for the Lambda's major and no other", () => {
    expect(packageJson.engines.node).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(majorOf(packageJson.engines.node)).toBe(functionNodeMajor);
  });

  it("the node devDependency (Node from the registry) is the Lambda's major, and it is what is installed", () => {
    expect(majorOf(packageJson.devDependencies.node ?? '')).toBe(functionNodeMajor);
    const installed = readJson('node_modules/node/package.json') as { version: string };
    expect(majorOf(installed.version)).toBe(functionNodeMajor);
  });

  it("the tests themselves run on the Lambda's major (npm scripts put node_modules/.bin/node first on PATH)", () => {
    expect(majorOf(process.version)).toBe(functionNodeMajor);
  });
});
