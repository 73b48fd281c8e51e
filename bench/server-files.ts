import { Session as InspectorSession } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../functions/lib/db/client';
import { quiesce, sessionCookie } from './http-load';
import type { MeasuredFamily } from './seed';

/**
 * "Files a takeaway create passes through on the server before the commit": the repository
 * files under functions/ and shared/ with a function called between the request's arrival
 * and the moment its TransactWriteItems is sent, by V8's precise coverage (function call
 * counts) in this process, where the local gateway runs the handlers. One create warms up
 * (modules loaded) and the handlers go quiet (the live sender is done with its events).
 *
 * What every request of the route passes through whatever it does (the request stack:
 * origin check, client address, parse, body schema, the session and the reads it makes) is
 * measured, not listed by hand: a refused create (the body names another category, which
 * the operation refuses on its first line, before any read) runs the whole stack and then
 * stops. Its files, but for the route's own handler and operation, are left out of the
 * count; the count is what a create adds to them. `all` keeps every file the create called.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** The route's own files: its handler and its operation are counted even though the refused create enters them too. */
const routeOwnFile = /^functions\/(canvas-takeaway\/|domain\/canvas\/)/;

export type ServerFilesResults = { files: string[]; excluded: string[]; all: string[] };

type ScriptCoverage = { url: string; functions: Array<{ ranges: Array<{ count: number }> }> };

function calledFiles(coverage: ScriptCoverage[]): string[] {
  const files = new Set<string>();
  for (const script of coverage) {
    if (!script.url.startsWith('file:')) continue;
    const file = path.relative(repositoryRoot, fileURLToPath(script.url)).split(path.sep).join('/');
    if (!/^(functions|shared)\//.test(file)) continue;
    if (script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)) files.add(file);
  }
  return [...files].sort();
}

export async function measureServerFiles(apiUrl: string, family: MeasuredFamily): Promise<ServerFilesResults> {
  const cookie = await sessionCookie(apiUrl, family.owner.email, family.owner.plainPassword);
  const create = async (title: string, bodyCategoryId = family.categoryId) => {
    const response = await fetch(`${apiUrl}/api/canvas-takeaway/create/${family.categoryId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId: bodyCategoryId, title }),
    });
    return { status: response.status, text: await response.text() };
  };
  const inspector = new InspectorSession();
  inspector.connect();
  const client = db();
  const send = client.send;
  let atCommit: ScriptCoverage[] | undefined;
  let armed = false;
  // For the measurement only: the coverage at the moment the transaction is sent.
  client.send = async function (this: typeof client, ...args: Parameters<typeof send>) {
    if (armed && args[0] instanceof TransactWriteCommand) {
      armed = false;
      atCommit = ((await inspector.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] }).result;
    }
    return (send as (...given: unknown[]) => unknown).apply(this, args);
  } as typeof send;
  try {
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const warmUp = await create('Warm-up takeaway');
    if (warmUp.status !== 201) throw new Error(`takeaway create answered ${warmUp.status}: ${warmUp.text}`);
    // The live sender (in this process) handles the warm-up's events; not this create's work.
    await quiesce();
    await inspector.post('Profiler.takePreciseCoverage');
    const refused = await create('Refused takeaway', family.categoryId + 1);
    if (refused.status !== 400) throw new Error(`the refused create answered ${refused.status}: ${refused.text}`);
    const stack = calledFiles(((await inspector.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] }).result).filter(
      (file) => !routeOwnFile.test(file),
    );
    armed = true;
    const measured = await create('Measured takeaway');
    if (measured.status !== 201) throw new Error(`takeaway create answered ${measured.status}: ${measured.text}`);
    if (!atCommit) throw new Error('the takeaway create sent no TransactWriteItems');
    const all = calledFiles(atCommit);
    return { files: all.filter((file) => !stack.includes(file)), excluded: all.filter((file) => stack.includes(file)), all };
  } finally {
    client.send = send;
    await inspector.post('Profiler.stopPreciseCoverage');
    await inspector.post('Profiler.disable');
    inspector.disconnect();
  }
}
