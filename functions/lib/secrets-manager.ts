import { createHash, createHmac } from 'node:crypto';
import { environmentCredentials } from './lambda-credentials';

/**
 * Secrets Manager's GetSecretValue as one signed HTTPS request (AWS Signature Version 4 with
 * node:crypto), in place of `@aws-sdk/client-secrets-manager`: that client weighed about
 * 29 KB of every bundle for one call made once every few minutes (README.md, "Lambda
 * bundles"). Credentials come from the function's environment, as the Lambda runtime hands
 * them (functions/lib/lambda-credentials.ts). `AWS_ENDPOINT_URL_SECRETS_MANAGER` points it
 * elsewhere (as for the SDK; the tests use it).
 *
 * A refusal throws an Error whose `name` is the service's error type
 * (`ResourceNotFoundException`, `AccessDeniedException`, …).
 */
export async function getSecretString(secretId: string, options: { versionStage?: string } = {}): Promise<string | undefined> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('No AWS_REGION for Secrets Manager');
  const endpoint = new URL(process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER ?? `https://secretsmanager.${region}.amazonaws.com/`);
  const body = JSON.stringify({ SecretId: secretId, ...(options.versionStage ? { VersionStage: options.versionStage } : {}) });
  const headers = signedHeaders({
    method: 'POST',
    host: endpoint.host,
    path: endpoint.pathname || '/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'secretsmanager.GetSecretValue' },
    body,
    region,
    service: 'secretsmanager',
    at: new Date(),
    credentials: environmentCredentials(),
  });
  const response = await fetch(endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
  const text = await response.text();
  const parsed = (text ? JSON.parse(text) : {}) as { SecretString?: string; __type?: string; message?: string; Message?: string };
  if (!response.ok) {
    const error = new Error(`Secrets Manager refused GetSecretValue (${response.status}): ${parsed.message ?? parsed.Message ?? ''}`.trim());
    // `__type` is `ResourceNotFoundException` or `com.amazonaws…#ResourceNotFoundException`.
    error.name = (parsed.__type ?? 'SecretsManagerError').split('#').pop() as string;
    throw error;
  }
  return parsed.SecretString;
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

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** The request's headers with its SigV4 signature (no query string: a POST to the service's root). */
export function signedHeaders(request: SignedRequest): Record<string, string> {
  const amzDate = request.at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = sha256(request.body);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.host,
    'x-amz-date': amzDate,
    ...(request.credentials.sessionToken ? { 'x-amz-security-token': request.credentials.sessionToken } : {}),
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [request.method, request.path, '', ...names.map((name) => `${name}:${headers[name]}`), '', names.join(';'), payloadHash].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${request.credentials.secretAccessKey}`, day), request.region), request.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  const sent: Record<string, string> = { ...headers };
  delete sent.host; // fetch sends the URL's own host
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${request.credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
