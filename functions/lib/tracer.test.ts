import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { awsRequest } from './aws-request';
import {
  annotateRequest,
  beginHandlerTrace,
  endHandlerTrace,
  parseDaemonAddress,
  parseTraceHeader,
  resetTracingForTests,
  traced,
  type SubsegmentDocument,
} from './tracer';

/**
 * The X-Ray subsegments a function sends without the X-Ray SDK, received by a UDP socket
 * standing in for the daemon; the AWS call goes to a local HTTP server answering as
 * DynamoDB would (the SDK client itself is real).
 */
let daemon: Socket;
let service: Server;
let received: SubsegmentDocument[] = [];
let waiting: Array<() => void> = [];
let serviceHeaders: IncomingHttpHeaders[] = [];
let serviceStatus = 200;
const saved = { ...process.env };
const traceRoot = '1-67891233-abcdef012345678912345678';
const facadeId = '53995c3f42cd8ad8';

async function nextDocuments(count: number): Promise<SubsegmentDocument[]> {
  const deadline = Date.now() + 5_000;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`received ${received.length} of ${count} subsegments`);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  return received.splice(0, count);
}

beforeAll(async () => {
  daemon = createSocket('udp4');
  daemon.on('message', (message) => {
    const [header, body] = message.toString('utf8').split('\n');
    expect(JSON.parse(header as string)).toEqual({ format: 'json', version: 1 });
    received.push(JSON.parse(body as string) as SubsegmentDocument);
    for (const resolve of waiting.splice(0)) resolve();
  });
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  service = createServer((request, response) => {
    serviceHeaders.push(request.headers);
    request.resume();
    request.on('end', () => {
      response.writeHead(serviceStatus, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ123' });
      response.end(
        serviceStatus === 200
          ? JSON.stringify({ Item: { PK: { S: 'a' } } })
          : JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'boom' }),
      );
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  daemon.close();
  await new Promise((resolve) => service.close(resolve));
});

afterEach(() => {
  process.env = { ...saved };
  received = [];
  waiting = [];
  serviceHeaders = [];
  serviceStatus = 200;
  resetTracingForTests();
});

function inLambda(sampled: boolean) {
  process.env.AWS_EXECUTION_ENV = 'AWS_Lambda_nodejs24.x';
  process.env.AWS_XRAY_DAEMON_ADDRESS = `127.0.0.1:${(daemon.address() as AddressInfo).port}`;
  process.env._X_AMZN_TRACE_ID = `Root=${traceRoot};Parent=${facadeId};Sampled=${sampled ? 1 : 0};Lineage=1:abc:0`;
  process.env.AWS_REGION = 'eu-central-1';
  delete process.env.POWERTOOLS_TRACE_ENABLED;
}

const client = () =>
  traced(
    new DynamoDBClient({
      region: 'eu-central-1',
      endpoint: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    }),
  );

describe('tracing without the X-Ray SDK', () => {
  it('sends the handler subsegment with its annotations and a DynamoDB subsegment under it, and passes the trace on', async () => {
    inLambda(true);
    beginHandlerTrace('family-canvas');
    annotateRequest({ group: 'canvas-answer', correlationId: 'corr-1' });
    await client().send(new GetItemCommand({ TableName: 'family-canvas', Key: { PK: { S: 'a' }, SK: { S: 'b' } } }));
    endHandlerTrace({ status: 201 });
    const [call, handler] = await nextDocuments(2);
    expect(handler).toMatchObject({
      type: 'subsegment',
      trace_id: traceRoot,
      parent_id: facadeId,
      name: '## index.handler',
      annotations: { ColdStart: true, Service: 'family-canvas', group: 'canvas-answer', correlationId: 'corr-1' },
    });
    expect(handler?.fault).toBeUndefined();
    expect(call).toMatchObject({
      type: 'subsegment',
      trace_id: traceRoot,
      parent_id: handler?.id,
      name: 'DynamoDB',
      namespace: 'aws',
      aws: { operation: 'GetItem', table_name: 'family-canvas', region: 'eu-central-1', request_id: 'REQ123', retries: 0 },
      http: { response: { status: 200 } },
    });
    expect(call!.end_time).toBeGreaterThanOrEqual(call!.start_time);
    // DynamoDB receives the trace header naming the call's subsegment as its parent.
    expect(serviceHeaders[0]?.['x-amzn-trace-id']).toBe(`Root=${traceRoot};Parent=${call?.id};Sampled=1`);
    // The next invocation of the process is warm.
    beginHandlerTrace('family-canvas');
    endHandlerTrace({ status: 200 });
    const [warm] = await nextDocuments(1);
    expect(warm?.annotations?.ColdStart).toBe(false);
  });

  it('marks a failed call and a 5xx answer as faults, with the error named', async () => {
    inLambda(true);
    serviceStatus = 500;
    beginHandlerTrace();
    await expect(client().send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' } } }))).rejects.toThrow();
    endHandlerTrace({ status: 500 });
    const [call, handler] = await nextDocuments(2);
    expect(call).toMatchObject({
      name: 'DynamoDB',
      fault: true,
      http: { response: { status: 500 } },
      cause: { exceptions: [{ type: 'InternalServerError' }] },
    });
    expect(handler).toMatchObject({ name: '## index.handler', fault: true });
    beginHandlerTrace();
    endHandlerTrace({ error: new Error('unhandled') });
    const [thrown] = await nextDocuments(1);
    expect(thrown).toMatchObject({ fault: true, cause: { exceptions: [{ type: 'Error', message: 'unhandled' }] } });
  });

  it('sends nothing for an invocation Lambda did not sample, outside Lambda, or when switched off, and the call goes through untouched', async () => {
    for (const setUp of [
      () => inLambda(false),
      () => {
        inLambda(true);
        delete process.env.AWS_EXECUTION_ENV;
      },
      () => {
        inLambda(true);
        process.env.POWERTOOLS_TRACE_ENABLED = 'false';
      },
    ]) {
      setUp();
      beginHandlerTrace();
      await client().send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'a' } } }));
      endHandlerTrace({ status: 200 });
      expect(serviceHeaders.pop()?.['x-amzn-trace-id']).toBeUndefined();
    }
    // A sampled invocation after them: the first subsegments the daemon receives are its own.
    inLambda(true);
    beginHandlerTrace();
    endHandlerTrace({ status: 200 });
    const [only] = await nextDocuments(1);
    expect(only?.name).toBe('## index.handler');
    expect(received).toEqual([]);
  });

  it('traces a call made without an SDK client (functions/lib/aws-request.ts) the same way', async () => {
    inLambda(true);
    beginHandlerTrace();
    await awsRequest({
      service: { signingName: 'ses', traceName: 'SESv2' },
      operation: 'SendEmail',
      region: 'eu-central-1',
      url: new URL(`http://127.0.0.1:${(service.address() as AddressInfo).port}/v2/email/outbound-emails`),
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    });
    endHandlerTrace({ status: 200 });
    const [call, handler] = await nextDocuments(2);
    expect(call).toMatchObject({
      name: 'SESv2',
      namespace: 'aws',
      parent_id: handler?.id,
      aws: { operation: 'SendEmail', request_id: 'REQ123' },
      http: { response: { status: 200 } },
    });
    expect(serviceHeaders[0]?.['x-amzn-trace-id']).toBe(`Root=${traceRoot};Parent=${call?.id};Sampled=1`);
  });

  it('reads the trace header and the daemon address in their documented forms', () => {
    expect(parseTraceHeader(`Root=${traceRoot};Parent=${facadeId};Sampled=1`)).toEqual({ root: traceRoot, parent: facadeId, sampled: true });
    expect(parseTraceHeader('Root=1-2-3')).toBeUndefined();
    expect(parseDaemonAddress('169.254.79.129:2000')).toEqual({ host: '169.254.79.129', port: 2000 });
    expect(parseDaemonAddress('tcp:127.0.0.1:2000 udp:127.0.0.2:2001')).toEqual({ host: '127.0.0.2', port: 2001 });
    expect(parseDaemonAddress(undefined)).toEqual({ host: '127.0.0.1', port: 2000 });
  });
});
