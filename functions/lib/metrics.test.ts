import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessMetrics, metricsNamespace } from '../../shared/metrics';
import { countMetric, publishMetrics } from './metrics';

/** The EMF lines CloudWatch reads (the same Powertools' Metrics wrote): one without dimensions, one per dimension value. */

const written: string[] = [];

beforeEach(() => {
  written.length = 0;
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stdout.write);
});

afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.METRICS_TO_STDOUT;
  delete process.env.AWS_LAMBDA_FUNCTION_NAME;
});

const lines = () => written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('publishMetrics', () => {
  it('writes the counts as EMF lines, a name counted twice once with its sum', () => {
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'family-canvas-auth';
    countMetric(businessMetrics.signIns);
    countMetric(businessMetrics.signIns, 2);
    countMetric(businessMetrics.signInFailures);
    countMetric(businessMetrics.canvasWrites, 1, { Kind: 'answer' });
    countMetric(businessMetrics.canvasWrites, 1, { Kind: 'answer' });
    countMetric(businessMetrics.canvasWrites, 1, { Kind: 'goal' });
    countMetric(businessMetrics.signIns, 0);
    const before = Date.now();
    publishMetrics();
    const [plain, answers, goals, ...rest] = lines();
    expect(rest).toEqual([]);
    expect(plain).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: metricsNamespace,
            Dimensions: [],
            Metrics: [
              { Name: businessMetrics.signIns, Unit: 'Count' },
              { Name: businessMetrics.signInFailures, Unit: 'Count' },
            ],
          },
        ],
      },
      [businessMetrics.signIns]: 3,
      [businessMetrics.signInFailures]: 1,
    });
    expect((plain!._aws as { Timestamp: number }).Timestamp).toBeGreaterThanOrEqual(before);
    expect(answers).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [{ Namespace: metricsNamespace, Dimensions: [['Kind']], Metrics: [{ Name: businessMetrics.canvasWrites, Unit: 'Count' }] }],
      },
      Kind: 'answer',
      [businessMetrics.canvasWrites]: 2,
    });
    expect(goals).toMatchObject({ Kind: 'goal', [businessMetrics.canvasWrites]: 1 });
    // Written once: the next invocation starts from nothing.
    publishMetrics();
    expect(lines()).toHaveLength(3);
  });

  it('writes nothing outside Lambda unless METRICS_TO_STDOUT=true, and forgets the counts either way', () => {
    countMetric(businessMetrics.signIns);
    publishMetrics();
    expect(written).toEqual([]);
    process.env.METRICS_TO_STDOUT = 'true';
    publishMetrics();
    expect(written).toEqual([]);
    countMetric(businessMetrics.signIns);
    publishMetrics();
    expect(lines()).toEqual([expect.objectContaining({ [businessMetrics.signIns]: 1 })]);
  });
});
