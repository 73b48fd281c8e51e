import { SignatureV4 } from '@smithy/signature-v4';
import { environmentCredentials, type EnvironmentCredentials } from './lambda-credentials';
import { Sha256 } from './node-sha256';
import { tracedCall } from './tracer';

/**
 * One AWS API call as a signed HTTPS request (Signature Version 4 by the SDK's own signer,
 * @smithy/signature-v4, which the DynamoDB client bundles anyway), for
 * the services a function calls one or a few simple operations of: Secrets Manager's
 * GetSecretValue (./secrets-manager.ts), SES's SendEmail (functions/domain/notifications/mailer.ts)
 * and API Gateway's `@connections` (functions/domain/live/sockets.ts). Their SDK clients
 * weighed 29 KB, 62 KB and about 25 KB of the bundles that carried them (README.md,
 * "Lambda bundles"); DynamoDB keeps the SDK.
 *
 * Credentials come from the function's environment as the Lambda runtime hands them
 * (./lambda-credentials.ts) unless given. A 5xx, a 429 or a failed connection is tried once
 * more, as the SDK clients here were set (maxAttempts 2). Each call is an X-Ray subsegment
 * (./tracer.ts). A refusal throws AwsRequestError, named by the service's error type.
 */
export class AwsRequestError extends Error {
  readonly $metadata: { httpStatusCode?: number; requestId?: string };
  constructor(name: string, message: string, metadata: { httpStatusCode?: number; requestId?: string }) {
    super(message);
    this.name = name;
    this.$metadata = metadata;
  }
}

export type AwsRequest = {
  /** The signing name (`secretsmanager`, `ses`) and the name traces show (`SecretsManager`, `SESv2`). */
  service: { signingName: string; traceName: string };
  operation: string;
  region: string;
  /** POST unless said. */
  method?: 'POST' | 'GET' | 'DELETE';
  /** Its path segments encoded once (encodeURIComponent), as they are sent. */
  url: URL;
  headers: Record<string, string>;
  body?: string;
  credentials?: EnvironmentCredentials;
};

const attempts = 2;
const timeoutMs = 5_000;

/** Sends the request and returns the parsed JSON answer of a 2xx (undefined for an empty one). */
export async function awsRequest<T>(request: AwsRequest): Promise<T> {
  return tracedCall(request.service.traceName, request.operation, async (traceHeader) => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let response: Response;
      try {
        const headers = await signedHeaders({
          method: request.method ?? 'POST',
          host: request.url.host,
          path: request.url.pathname || '/',
          headers: request.headers,
          body: request.body ?? '',
          region: request.region,
          service: request.service.signingName,
          at: new Date(),
          credentials: request.credentials ?? environmentCredentials(),
        });
        response = await fetch(request.url, {
          method: request.method ?? 'POST',
          headers: traceHeader ? { ...headers, 'x-amzn-trace-id': traceHeader } : headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        lastError = error;
        continue;
      }
      const requestId = response.headers.get('x-amzn-requestid') ?? undefined;
      const text = await response.text();
      const parsed = parseJson(text);
      if (response.ok) return { value: parsed as T, status: response.status, requestId };
      const type = response.headers.get('x-amzn-errortype') ?? (parsed as { __type?: string } | undefined)?.__type ?? 'AwsRequestError';
      const message = (parsed as { message?: string; Message?: string } | undefined)?.message ?? (parsed as { Message?: string } | undefined)?.Message ?? '';
      // `ResourceNotFoundException`, `…#ResourceNotFoundException` or `ResourceNotFoundException:http://…`.
      const name = type.split('#').pop()!.split(':')[0]!;
      lastError = new AwsRequestError(name, `${request.operation} refused (${response.status}): ${message}`.trim(), {
        httpStatusCode: response.status,
        requestId,
      });
      if (response.status < 500 && response.status !== 429) break;
    }
    throw lastError;
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type SignedRequest = {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  at: Date;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
};

/** The request's headers with its SigV4 signature (no query string), signed as the SDK's clients sign. */
export async function signedHeaders(request: SignedRequest): Promise<Record<string, string>> {
  const signer = new SignatureV4({ service: request.service, region: request.region, credentials: request.credentials, sha256: Sha256 });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: request.host,
      path: request.path,
      query: {},
      headers: { ...request.headers, host: request.host },
      body: request.body,
    },
    { signingDate: request.at },
  );
  const sent: Record<string, string> = { ...signed.headers };
  delete sent.host; // fetch sends the URL's own host
  return sent;
}
