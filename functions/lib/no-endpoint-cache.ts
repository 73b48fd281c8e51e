/**
 * Stands in for `@aws-sdk/endpoint-cache` in the functions' bundles (lambdaAliases in
 * infra/constructs/app-function.ts). The DynamoDB client builds this cache of discovered
 * endpoints when it is created (resolveEndpointDiscoveryConfig in
 * @aws-sdk/middleware-endpoint-discovery) but reads it only in endpoint discovery, which none
 * of its commands takes part in here (DynamoDB's regional endpoints need none); the real one
 * brings an LRU cache library (mnemonist, about 6 KB). Should anything ever use it, the call
 * says why it fails instead of misbehaving.
 */
function notBundled(): Error {
  return new Error('DynamoDB endpoint discovery is not bundled into the functions (functions/lib/no-endpoint-cache.ts)');
}

export class EndpointCache {
  getEndpoint(): never {
    throw notBundled();
  }

  get(): never {
    throw notBundled();
  }

  set(): never {
    throw notBundled();
  }

  delete(): never {
    throw notBundled();
  }

  has(): never {
    throw notBundled();
  }

  clear(): never {
    throw notBundled();
  }
}
