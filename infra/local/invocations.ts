import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';

/**
 * Locally one process serves many requests at once, as a Lambda environment with
 * AWS_LAMBDA_MAX_CONCURRENCY does (Lambda Managed Instances): each invocation runs in its own
 * context of the runtime's invocation store, so Powertools keeps one invocation's log keys
 * (correlation id, request id) and metrics apart from another's (functions/lib/observability.ts).
 * The variable is set only once the store exists: Powertools refuses to run without one then.
 */
const store = InvokeStore.getInstanceAsync(true).then((instance) => {
  process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
  return instance;
});

/** Runs one invocation of a handler (an HTTP request, a socket event, a stream batch) in a context of its own. */
export async function invokeLocally<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  return (await store).run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, run);
}
