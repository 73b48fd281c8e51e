import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * X-Ray through Powertools' Tracer, one per process. In Lambda (tracing Active on every
 * function, infra/constructs/app-function.ts) each DynamoDB, SES and @connections call
 * becomes a subsegment named by service and operation (traced, the wrapper of each
 * client), and the handler's subsegment carries the request's annotations
 * (annotateRequest). Outside Lambda (npm start, tests: no X-Ray daemon) the Tracer turns
 * itself off (no AWS_EXECUTION_ENV) and these calls do nothing; POWERTOOLS_TRACE_ENABLED=false
 * turns it off anywhere.
 *
 * Outgoing HTTP in general is not captured (captureHTTPsRequests: false): the clients
 * above are the only calls the functions make. Responses are not recorded (they hold
 * personal data); errors are.
 */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'family-canvas', captureHTTPsRequests: false });

/** An AWS SDK v3 client whose calls are traced (unchanged when tracing is off). */
export function traced<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/** Annotations (searchable in X-Ray) of the request being served. */
export function annotateRequest(annotations: Record<string, string>): void {
  if (!tracer.isTracingEnabled()) return;
  for (const [key, value] of Object.entries(annotations)) tracer.putAnnotation(key, value);
}
