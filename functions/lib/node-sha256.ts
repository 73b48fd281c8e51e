import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/**
 * SHA-256 (and HMAC-SHA-256 with a key) in the SDK's hash interface, on node:crypto: what
 * the signer of ./aws-request.ts uses, and in the functions' bundles also what
 * `@smithy/core/checksum` gives the DynamoDB client (lambdaAliases in
 * infra/constructs/app-function.ts). The SDK's own `Sha256` is the same node:crypto class,
 * but its module carries a pure-JavaScript SHA-256 and a WebCrypto one for runtimes
 * without node:crypto (about 4 KB), and Node always has it.
 */
type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

export class Sha256 {
  private hash: Hash | Hmac;
  private readonly secret?: string | Uint8Array;
  constructor(secret?: SourceData) {
    this.secret = secret === undefined ? undefined : bytesOf(secret);
    this.hash = this.fresh();
  }
  private fresh(): Hash | Hmac {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  /** The digest; a plain hash may be updated and digested again afterwards (as the SDK's does), an HMAC not. */
  async digest(): Promise<Uint8Array> {
    const hash = this.hash;
    return new Uint8Array('copy' in hash ? hash.copy().digest() : hash.digest());
  }
  reset(): void {
    this.hash = this.fresh();
  }
}
