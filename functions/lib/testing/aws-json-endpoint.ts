import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer of an AWS JSON-protocol operation: a status (400 for a service error) and its body. */
export type AwsJsonAnswer = { status: number; body: unknown };

/**
 * A small server for an AWS JSON-1.1 protocol (Secrets Manager, CodeDeploy): each POST names its
 * operation in `x-amz-target` and carries its input as JSON; `answer` gives the output, so a test
 * or the release rehearsal calls it through the real SDK client pointed at `url`.
 */
export async function startAwsJsonEndpoint(answer: (target: string, input: Record<string, unknown>) => AwsJsonAnswer) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { status, body: output } = answer(String(request.headers['x-amz-target'] ?? ''), JSON.parse(body || '{}') as Record<string, unknown>);
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      response.end(JSON.stringify(output));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What an SDK client needs to call such an endpoint offline: a region and any credentials. */
export const offlineClientSettings = { region: 'eu-central-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } } as const;
