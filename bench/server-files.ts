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
 * counts) in this process, where the local gateway runs the handlers. One create warms
 * up (modules loaded), the handlers go quiet (the live sender is done with its events), the
 * counts are reset, a second create is measured. The generic
 * request stack every route shares is left out (requestStack below, with why).
 */

const repositoryRoot = path.resolve(import.meta.dirname, '..');

/** What every route passes through, whatever it does: not the write path of a takeaway. */
export const requestStack: Record<string, string> = {
  'functions/lib/http.ts': 'the request stack of every route (parse, session, errors, response)',
  'functions/lib/logger.ts': 'logging',
  'functions/lib/tracer.ts': 'tracing',
  'functions/lib/metrics.ts': 'metrics',
  'shared/metrics.ts': 'metric names',
  'functions/lib/config.ts': 'configuration',
  'functions/domain/sessions/session.ts': 'the session the request stack resolves before the arrow',
  'functions/domain/sessions/session-items.ts': 'the session the request stack resolves before the arrow',
  'functions/lib/input/well-formed.ts': "the request stack's input checks",
  'functions/lib/origin-secret.ts': "the request stack's check that the request came through CloudFront",
  'functions/lib/client-address.ts': "the request stack's reading of the client's address",
  'shared/contracts/canvas.ts': 'the route body schema the request stack checks before the arrow',
  'shared/routes.ts': "the local gateway's route table (API Gateway's job in AWS)",
};

export type ServerFilesResults = { files: string[]; excluded: string[] };

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
  const create = async (title: string) => {
    const response = await fetch(`${apiUrl}/api/canvas-takeaway/create/${family.categoryId}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId: family.categoryId, title }),
    });
    if (response.status !== 201) throw new Error(`takeaway create answered ${response.status}: ${await response.text()}`);
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
    await create('Warm-up takeaway');
    // The live sender (in this process) handles the warm-up's events; not this create's work.
    await quiesce();
    await inspector.post('Profiler.takePreciseCoverage');
    armed = true;
    await create('Measured takeaway');
    if (!atCommit) throw new Error('the takeaway create sent no TransactWriteItems');
    const all = calledFiles(atCommit);
    return { files: all.filter((file) => !(file in requestStack)), excluded: all.filter((file) => file in requestStack) };
  } finally {
    client.send = send;
    await inspector.post('Profiler.stopPreciseCoverage');
    await inspector.post('Profiler.disable');
    inspector.disconnect();
  }
}
