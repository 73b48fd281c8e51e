import { expandCanvasTemplate } from '../shared/canvas-template';
import { EntityRole, EntityType } from '../shared/enums';
import { permissionsForRole } from '../shared/permissions';
import { defaultPrivacySettings, putNewAccount, type UserItem } from '../functions/records/users';
import { hashPassword as storedPasswordFor } from '../functions/records/passwords';
import { newMemberWrite } from '../functions/records/members';
import { startSession } from '../functions/domain/sessions/session';
import { resetConfigForTests } from '../functions/lib/config';
import { resetDbClientForTests } from '../functions/lib/db/client';
import { newId } from '../functions/lib/db/keys';
import { transactWrites } from '../functions/lib/db/table';
import { hashPassword, newSalt } from '../tests/support/accounts';
import type { MeasuredFamily } from './seed';

/**
 * "Concurrent writers on one canvas": 20 people of one family save at once on one canvas
 * (10 takeaways in one category, 10 answers to questions of their own), with the local
 * stand-in's transaction conflicts on (FC_LOCAL_TRANSACTION_CONFLICTS, as DynamoDB cancels
 * transactions that touch an item another is writing). Every write must succeed; the time of
 * each, from the start of the burst to its answer, gives p50 and p95. The writers are
 * written through the data modules (an account and a full membership each) and get their
 * sessions as sign-in makes them.
 */
export const concurrentWriterCount = 20;

export type ConcurrentWritersResults = { writers: number; failed: number; statuses: Record<string, number>; p50: number; p95: number; maxMs: number };

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A full member of the family, written as sign-up and an invitation write one, with a session as sign-in makes it: its cookie. */
export async function writerCookie(
  family: Pick<MeasuredFamily, 'familyId'>,
  n: number,
  password: Awaited<ReturnType<typeof storedPasswordFor>>,
): Promise<string> {
  const at = new Date().toISOString();
  const user: UserItem = {
    type: 'User',
    id: newId(),
    firstName: `Writer${n}`,
    lastName: 'Bench',
    prefix: null,
    email: `writer-${n}-${newId().slice(0, 8)}@bench.familycanvas.test`,
    phone: null,
    isEmailConfirmed: true,
    lastLoginDate: null,
    privacySettings: defaultPrivacySettings,
    addresses: [],
    createdAt: at,
  };
  const role = EntityRole.FullMember;
  await transactWrites<string>([
    ...putNewAccount(user, password, at),
    newMemberWrite({ entityId: family.familyId, entityTypeId: EntityType.Family, userId: user.id, entityRoleId: role, at }).write,
  ]);
  const { cookie } = await startSession(user.id, {
    entityId: family.familyId,
    entityTypeId: EntityType.Family,
    entityRoleId: role,
    permissions: permissionsForRole(role),
    memberId: user.id,
  });
  return cookie.split(';')[0] as string;
}

export async function measureConcurrentWriters(apiUrl: string, family: MeasuredFamily): Promise<ConcurrentWritersResults> {
  const password = await storedPasswordFor(hashPassword('Bench-Writer42', newSalt()), newSalt());
  const cookies: string[] = [];
  for (let n = 0; n < concurrentWriterCount; n += 1) cookies.push(await writerCookie(family, n, password));
  const questions = expandCanvasTemplate(family.familyId).questions.map((question) => question.id);
  const categoryId = family.categoryId;
  const previous = process.env.FC_LOCAL_TRANSACTION_CONFLICTS;
  process.env.FC_LOCAL_TRANSACTION_CONFLICTS = '1';
  resetConfigForTests();
  resetDbClientForTests();
  try {
    const started = performance.now();
    const results = await Promise.all(
      cookies.map(async (cookie, n) => {
        const [path, body] =
          n % 2 === 0
            ? [`/api/canvas-takeaway/create/${categoryId}`, { title: `Concurrent takeaway ${n}`, categoryId }]
            : [`/api/canvas-answer/create/${questions[n]}`, { text: `Concurrent answer ${n}`, questionId: questions[n] }];
        const response = await fetch(`${apiUrl}${path}`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        return { status: response.status, ms: performance.now() - started };
      }),
    );
    const statuses: Record<string, number> = {};
    for (const { status } of results) statuses[status] = (statuses[status] ?? 0) + 1;
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    return {
      writers: concurrentWriterCount,
      failed: results.filter((result) => result.status !== 201).length,
      statuses,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      maxMs: times.at(-1) ?? Number.NaN,
    };
  } finally {
    if (previous === undefined) delete process.env.FC_LOCAL_TRANSACTION_CONFLICTS;
    else process.env.FC_LOCAL_TRANSACTION_CONFLICTS = previous;
    resetConfigForTests();
    resetDbClientForTests();
  }
}
