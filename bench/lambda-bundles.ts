import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appFunctionBundling, functionNodeOptions, repositoryRoot } from '../infra/constructs/product-lambda';
import { buildFunctionBundle } from '../infra/lambda-bundles';
import { functionAssets } from '../infra/function-assets';
import { freePort } from '../infra/local/ports';
import { startDynamoLocal } from '../infra/local/dynamodb-local';
import { localEnvironment } from '../infra/local/stack';
import { ensureTable } from '../infra/local/table';
import { routeManifest, type RouteDefinition } from '../shared/routes';
import { sessionCookieName } from '../functions/domain/sessions/session';
import { localDynamoCredentials } from '../functions/lib/db/local-emulation';
import { runChild } from './child';

/**
 * The cold start of every API Lambda as its users feel it: a fresh Node process (the
 * node@24 package, the functions' runtime, with the functions' NODE_OPTIONS) imports the
 * production bundle (built with appFunctionBundling, as the CDK stack builds it) and
 * serves its first request against DynamoDB Local. Each is set beside the floor measured in
 * the same run: bench/cold-start-floor.ts, bundled the same way, which imports only the
 * DynamoDB document client and answers one GetItem. Runs go round-robin (floor, then every
 * function, `runs` times). The ratio is taken on CPU time (report.ts lambdaVerdicts): a cold
 * start is CPU-bound, and on a machine other work shares, wall time mostly measures the wait
 * for a core; the wall-clock figures are printed beside it.
 */

export type ColdStart = {
  group: string;
  /** index.mjs and its source map, as deployed. */
  kilobytes: number;
  mapKilobytes: number;
  /** Medians of `runs`: import(), the first request, and both (the cold start), wall clock. */
  importMs: number;
  firstRequestMs: number;
  coldStartMs: number;
  /** Median of `runs`: the CPU time (user + system) of the same import and first request. */
  cpuMs: number;
  /** The first request's status (never a 5xx). */
  status: number;
  error?: string;
};

export type ColdStartResults = { runs: number; nodeOptions: string; loadAverage: number[]; floor: ColdStart; functions: ColdStart[] };

/** The floor's name in the table and results. */
export const floorGroup = 'floor (document client, one GetItem)';

// Imports the bundle, then hands it one request; prints how long each took.
const loaderScript = `
const [file, event] = process.argv.slice(1);
const cpuAtStart = process.cpuUsage();
const started = performance.now();
const { handler } = await import(file);
const imported = performance.now();
const context = { awsRequestId: 'bench', functionName: 'bench', functionVersion: '$LATEST', invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:bench',
  memoryLimitInMB: '512', logGroupName: '/aws/lambda/bench', logStreamName: 'bench', callbackWaitsForEmptyEventLoop: false, getRemainingTimeInMillis: () => 10000 };
const result = await handler(JSON.parse(event), context);
const answered = performance.now();
const cpu = process.cpuUsage(cpuAtStart);
console.log(JSON.stringify({ importMs: imported - started, firstRequestMs: answered - imported, cpuMs: (cpu.user + cpu.system) / 1000, status: result?.statusCode ?? 200 }));
process.exit(0);
`;

/**
 * The first request of a group, as a signed-in person sends it: its first route that needs a
 * session, with the cookie of a session the table holds (bench/cold-start-session.ts) and an
 * empty body, so the handler reads the session, loads the group's contract and checks the
 * request against it (the answer is the route's refusal of the empty request, never a 5xx).
 * A group of public routes only gets its first route with an empty body.
 */
function firstRequest(routes: readonly RouteDefinition[], sessionToken: string): Record<string, unknown> {
  const route = routes.find((candidate) => !candidate.isPublic) ?? routes[0]!;
  const rawPath = route.path.replace(/\{[^}]+\}/g, '1');
  const pathParameters = Object.fromEntries([...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => [name, '1']));
  return {
    version: '2.0',
    routeKey: `${route.method} ${route.path}`,
    rawPath,
    rawQueryString: '',
    cookies: [`${sessionCookieName}=${sessionToken}`],
    headers: { host: 'localhost', 'content-type': 'application/json', 'user-agent': 'bench' },
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'bench',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: 'bench',
      routeKey: `${route.method} ${route.path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
    isBase64Encoded: false,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

type Timing = { importMs: number; firstRequestMs: number; cpuMs: number; status: number };

/**
 * Builds the floor and every API group's bundle into `outDir`, starts DynamoDB Local, and times
 * `runs` cold starts of each. `nodeOptions` replaces the functions' NODE_OPTIONS (to weigh
 * what the source maps cost).
 */
export async function measureColdStarts(outDir: string, runs = 5, options: { nodeOptions?: string } = {}): Promise<ColdStartResults> {
  const targets = [
    { group: floorGroup, entry: 'bench/cold-start-floor.ts', routes: undefined as readonly RouteDefinition[] | undefined, assets: undefined },
    ...Object.entries(routeManifest).map(([group, definition]) => ({
      group,
      entry: definition.entry,
      routes: definition.routes as readonly RouteDefinition[] | undefined,
      assets: functionAssets[group],
    })),
  ];
  const built = await Promise.all(
    targets.map(async (target) => ({
      ...target,
      outfile: (await buildFunctionBundle(target.group === floorGroup ? 'floor' : target.group, target.entry, outDir, { assets: target.assets })).outfile,
    })),
  );

  const dynamo = await startDynamoLocal({ port: await freePort() });
  try {
    const tableName = 'family-canvas-bench-cold-starts';
    await ensureTable(dynamo.endpoint, tableName);
    const nodeOptions = options.nodeOptions ?? functionNodeOptions(appFunctionBundling) ?? '';
    const loadAtStart = os.loadavg();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...localEnvironment({ dynamoEndpoint: dynamo.endpoint, sesEndpoint: 'http://127.0.0.1:9', appUrl: 'http://localhost:5173', tableName }),
      // DynamoDB Local keeps a table per access key: the floor signs as the functions do locally (functions/lib/db/local-emulation.ts).
      AWS_ACCESS_KEY_ID: localDynamoCredentials().accessKeyId,
      AWS_SECRET_ACCESS_KEY: localDynamoCredentials().secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      LOG_LEVEL: 'silent',
      ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
    };
    // The functions' runtime: Node from the npm registry (package.json's `node`), not the machine's.
    const node = path.join(repositoryRoot, 'node_modules', '.bin', 'node');
    const signedIn = await runChild(path.join(repositoryRoot, 'node_modules', '.bin', 'tsx'), [path.join(import.meta.dirname, 'cold-start-session.ts')], {
      env,
      timeoutMs: 60_000,
    });
    const sessionToken = signedIn.stdout.trim().split('\n').at(-1) ?? '';
    if (signedIn.code !== 0 || !sessionToken) throw new Error(`The bench person could not be signed in: ${signedIn.stderr.trim().slice(0, 300)}`);
    // Each round's timings by group (undefined where a run failed), the floor's first.
    const timings = new Map<string, Array<Timing | undefined>>(built.map(({ group }) => [group, []]));
    const errors = new Map<string, string>();
    for (let run = 0; run < runs; run += 1)
      for (const { group, outfile, routes } of built) {
        const event = routes ? firstRequest(routes, sessionToken) : {};
        if (errors.has(group)) {
          timings.get(group)!.push(undefined);
          continue;
        }
        const result = await runChild(node, ['--input-type=module', '-e', loaderScript, pathToFileURL(outfile).href, JSON.stringify(event)], {
          env,
          timeoutMs: 30_000,
        });
        const line = result.stdout.trim().split('\n').at(-1) ?? '';
        if (result.code !== 0 || !line.startsWith('{')) {
          const reason = result.stderr.split('\n').find((text) => /^\w*(Error|Exception)\b/.test(text)) ?? result.stderr.trim().split('\n')[0];
          errors.set(group, `cold start failed: ${(reason ?? '').slice(0, 200)}`);
          timings.get(group)!.push(undefined);
          continue;
        }
        const timing = JSON.parse(line) as Timing;
        if (timing.status >= 500) errors.set(group, `first request answered ${timing.status}`);
        timings.get(group)!.push(timing);
      }
    const results = built.map(({ group, outfile }): ColdStart => {
      const rounds = timings.get(group)!;
      const measured = rounds.filter((timing): timing is Timing => timing !== undefined);
      const error = errors.get(group);
      return {
        group,
        kilobytes: statSync(outfile).size / 1024,
        mapKilobytes: statSync(`${outfile}.map`).size / 1024,
        importMs: median(measured.map((t) => t.importMs)),
        firstRequestMs: median(measured.map((t) => t.firstRequestMs)),
        coldStartMs: median(measured.map((t) => t.importMs + t.firstRequestMs)),
        cpuMs: median(measured.map((t) => t.cpuMs)),
        status: measured[0]?.status ?? Number.NaN,
        ...(error ? { error } : {}),
      };
    });
    const [floor, ...functions] = results as [ColdStart, ...ColdStart[]];
    return { runs, nodeOptions, loadAverage: [...loadAtStart, ...os.loadavg()].map((n) => Number(n.toFixed(1))), floor, functions };
  } finally {
    await dynamo.stop();
  }
}
