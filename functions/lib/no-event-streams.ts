/**
 * Stands in for `@smithy/core/event-streams` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). The SDK's HTTP protocol imports that module only to
 * read or write an operation's event stream (HttpProtocol.loadEventStreamCapability in
 * @smithy/core); DynamoDB has no such operation, so its 15 KB never run. Should a client
 * with event streams ever be bundled, the call says why it fails instead of misbehaving.
 */
function notBundled(): Error {
  return new Error('Event streams are not bundled into the functions (functions/lib/no-event-streams.ts)');
}

export class EventStreamSerde {
  constructor() {
    throw notBundled();
  }
}

export function eventStreamSerdeProvider(): never {
  throw notBundled();
}
