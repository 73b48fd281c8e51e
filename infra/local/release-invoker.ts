import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetOriginSecretForTests } from '../../functions/lib/origin-secret';
import type { Invoker } from '../../functions/release-hook/before-allow-traffic';
import type { ReleaseProbe } from '../../functions/release-hook/probes';
import { routeManifest } from '../../shared/routes';
import { scheduledJobEntries } from '../stacks/jobs-stack';
import { invokeLocally } from './invocations';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..');

/** A function's version as it would run in Lambda: its handler module and its configuration (environment). */
export type LocalVersion = { entry: string; environment: Record<string, string> };

/**
 * The release hook's invoker on one machine (the rehearsal, tests/integration/release-hook.test.ts):
 * runs the real handler of `<function>:<version>` in this process with that version's
 * environment in place of the process's own for the call, and answers as Lambda's Invoke does:
 * the handler's result, or `FunctionError: Unhandled` with the error when it throws. Calls run
 * one at a time (the hook calls one version after the other).
 */
export function localReleaseInvoker(versions: ReadonlyMap<string, LocalVersion>): Invoker {
  return async (target, payload) => {
    const version = versions.get(`${target.functionName}:${target.version}`);
    if (!version) throw new Error(`Function not found: ${target.functionName}:${target.version}`);
    const { handler } = (await import(pathToFileURL(path.join(repositoryRoot, version.entry)).href)) as {
      handler: (event: unknown, context: Context) => Promise<unknown>;
    };
    const saved = { ...process.env };
    Object.assign(process.env, version.environment, { AWS_LAMBDA_FUNCTION_NAME: target.functionName, AWS_LAMBDA_FUNCTION_VERSION: target.version });
    resetConfigForTests();
    resetOriginSecretForTests();
    const requestId = `local-${target.functionName}-${target.version}-${Date.now()}`;
    const context = {
      awsRequestId: requestId,
      functionName: target.functionName,
      functionVersion: target.version,
      getRemainingTimeInMillis: () => 10_000,
    } as Context;
    try {
      return { payload: await invokeLocally(requestId, () => handler(payload, context)) };
    } catch (error) {
      const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
      return { functionError: 'Unhandled', payload: { errorType: name, errorMessage: message } };
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      resetConfigForTests();
      resetOriginSecretForTests();
    }
  };
}

/** Every function the release hook probes, named locally by its group or job: its handler and its probe. */
export function probedFunctions(): Array<{ functionName: string; entry: string; probe: ReleaseProbe }> {
  return [
    ...Object.entries(routeManifest).map(([group, definition]) => ({
      functionName: group,
      entry: definition.entry,
      probe: { kind: 'request', group } as const,
    })),
    ...Object.entries(scheduledJobEntries).map(([job, entry]) => ({ functionName: job, entry, probe: { kind: 'dry-run', job } as const })),
  ];
}
