import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../shared/contracts/canvas';
import type { HistoryPage, RevertResponse } from '../../shared/contracts/history';
import { EntityRole } from '../../shared/enums';
import { businessMetrics, canvasWriteKindDimension, localStage, metricsNamespace, stageDimension } from '../../shared/metrics';
import { signIn } from '../support/accounts';
import { familyWithCanvas, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { inviteMember } from '../support/organisations';
import { useCapturedOutput } from '../support/output';

/**
 * The business metrics as CloudWatch reads them: EMF lines on stdout, written once per
 * request, in the namespace and with the names of shared/metrics.ts that the dashboard
 * reads (the stage, `Stage`, on every one, and `Kind` besides for canvas writes; the local
 * stack's stage is `local`). Locally they are written only
 * with POWERTOOLS_METRICS_DISABLED=false.
 */

// Before any import: Powertools' Metrics reads it when functions/lib/observability.ts makes it.
vi.hoisted(() => {
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
});
const stack = useIntegrationStack();
const { linesWrittenDuring } = useCapturedOutput();

type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> } } & Record<
  string,
  unknown
>;

function emfLines(lines: string[]): Emf[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as Partial<Emf>;
      return parsed._aws ? [parsed as Emf] : [];
    } catch {
      return [];
    }
  });
}

/** The total of `name` in these EMF lines, for the given dimension value besides the stage (none: the stage alone). */
function total(lines: Emf[], name: string, dimension?: [string, string]): number {
  let sum = 0;
  for (const line of lines) {
    for (const directive of line._aws.CloudWatchMetrics) {
      expect(directive.Namespace).toBe(metricsNamespace);
      if (!directive.Metrics.some((metric) => metric.Name === name)) continue;
      // Every count carries the stage, so stages sharing an account stay apart.
      expect(
        directive.Dimensions.every((set) => set.includes(stageDimension)),
        name,
      ).toBe(true);
      expect(line[stageDimension]).toBe(localStage);
      const dimensionNames = directive.Dimensions.flat().filter((dimensionName) => dimensionName !== stageDimension);
      if (dimension ? dimensionNames.join() !== dimension[0] || line[dimension[0]] !== dimension[1] : dimensionNames.length > 0) continue;
      sum += line[name] as number;
    }
  }
  return sum;
}

let family: FamilyWithCanvas;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Metrics Family');
});

describe('business metrics', () => {
  it('counts sign-ins and refused sign-ins', async () => {
    const lines = emfLines(
      await linesWrittenDuring(async () => {
        expect((await signIn(stack.client(), family.owner.email, family.owner.plainPassword)).status).toBe(200);
        expect((await signIn(stack.client(), family.owner.email, 'Not-The-One1')).status).toBe(401);
      }),
    );
    expect(total(lines, businessMetrics.signIns)).toBe(1);
    expect(total(lines, businessMetrics.signInFailures)).toBe(1);
  });

  it('counts canvas writes by kind and a revert', async () => {
    const categoryId = family.canvas.sections[0]!.categories[0]!.id;
    const questionId = `${categoryId}.1`;
    let answer: Answer | undefined;
    const writeLines = emfLines(
      await linesWrittenDuring(async () => {
        const created = await family.owner.client.call<'createAnswer', Answer>('createAnswer', {
          params: { questionId },
          body: { questionId, text: 'Counted answer' },
        });
        expect(created.status).toBe(201);
        answer = created.body;
      }),
    );
    expect(total(writeLines, businessMetrics.canvasWrites, [canvasWriteKindDimension, 'answer'])).toBe(1);
    expect(answer).toBeDefined();

    const [event] = (await family.owner.client.call<'getOwnHistory', HistoryPage>('getOwnHistory', { query: { limit: '1' } })).body.results;
    const revertLines = emfLines(
      await linesWrittenDuring(async () => {
        const reverted = await family.owner.client.call<'revertEvent', RevertResponse>('revertEvent', { params: { eventId: event!.id } });
        expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
      }),
    );
    expect(total(revertLines, businessMetrics.reverts)).toBe(1);
    expect(total(revertLines, businessMetrics.canvasWrites, [canvasWriteKindDimension, 'answer'])).toBe(1);
  });

  it('counts an invitation e-mail sent', async () => {
    const lines = emfLines(
      await linesWrittenDuring(async () => void (await inviteMember(stack, family.owner.client, { entityRoleId: EntityRole.FullMember }))),
    );
    expect(total(lines, businessMetrics.invitationsSent)).toBe(1);
  });
});
