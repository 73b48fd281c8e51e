import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EntityRole } from '../../shared/enums';
import { handler as cleanup } from '../../functions/jobs/cleanup/handler';
import { advanceClock, durations, resetClock } from '../../functions/lib/clock';
import { db, tableName } from '../../functions/lib/db/client';
import { keys } from '../../functions/lib/db/keys';
import { createToken } from '../../functions/records/tokens';
import { hashToken } from '../../functions/lib/secret-tokens';
import { signUpAndConfirm, type TestAccount } from '../support/accounts';
import { useIntegrationStack } from '../support/integration';
import { inviteMember } from '../support/organisations';
import { inviteWorkRelation } from '../support/work-relations';

const stack = useIntegrationStack();

let owner: TestAccount;

beforeAll(async () => {
  owner = await signUpAndConfirm(stack, { createEntityName: 'Cleanup Family' });
});

afterEach(() => resetClock());

const exists = async (key: { PK: string; SK: string }) => Boolean((await db().send(new GetCommand({ TableName: tableName(), Key: key }))).Item);

describe('the cleanup job', () => {
  it('removes expired tokens, sessions and invitations by their expiry buckets, and nothing alive', async () => {
    const resetToken = await createToken('RESET', { userId: owner.userId, email: owner.email });
    const confirmToken = await createToken('CONFIRM', { userId: owner.userId, email: owner.email });
    const memberInvitation = await inviteMember(stack, owner.client, { entityRoleId: EntityRole.FullMember });
    const advisorInvitation = await inviteWorkRelation(stack, owner.client, 'advisor');
    const resetKey = keys.token('RESET', hashToken(resetToken));
    const confirmKey = keys.token('CONFIRM', hashToken(confirmToken));
    const memberKey = keys.memberInvitation(owner.entityId, memberInvitation.id);
    const advisorKey = keys.advisorInvitation(owner.entityId, advisorInvitation.id);
    // The owner's session: found through the user's sessions on GSI1.
    const sessions = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.sessionsOfUser(owner.userId).GSI1PK },
      }),
    );
    const sessionKeys = (sessions.Items ?? []).map((item) => ({ PK: String(item.PK), SK: String(item.SK) }));
    expect(sessionKeys.length).toBeGreaterThan(0);
    for (const item of sessions.Items ?? []) expect(item.GSI2PK).toMatch(/^EXPIRY#\d{4}-\d{2}-\d{2}$/);

    // Nothing has expired yet.
    expect((await cleanup()).removed).toBe(0);

    // Two hours on: the reset token (1 hour) goes, nothing else.
    advanceClock(2 * durations.hour);
    expect((await cleanup()).removed).toBe(1);
    expect(await exists(resetKey)).toBe(false);
    expect(await exists(confirmKey)).toBe(true);

    // Eight days on: the sessions (7 days absolute) go.
    advanceClock(8 * durations.day);
    await cleanup();
    for (const key of sessionKeys) expect(await exists(key)).toBe(false);
    expect(await exists(confirmKey)).toBe(true);

    // Fifteen days: the confirmation token goes; the invitations are expired but still listed for a month.
    advanceClock(7 * durations.day);
    await cleanup();
    expect(await exists(confirmKey)).toBe(false);
    expect(await exists(memberKey)).toBe(true);
    expect(await exists(advisorKey)).toBe(true);

    // 45 days: past the 14 days and the 30 days' retention, both invitations go.
    advanceClock(30 * durations.day);
    const last = await cleanup();
    expect(last.removed).toBe(2);
    expect(await exists(memberKey)).toBe(false);
    expect(await exists(advisorKey)).toBe(false);
  });

  it('finds items whose bucket lies further back only within its look-back window', async () => {
    const token = await createToken('RESET', { userId: owner.userId, email: owner.email });
    const key = keys.token('RESET', hashToken(token));
    advanceClock(10 * durations.day);
    expect((await cleanup({ lookbackDays: 3 })).daysScanned).toBe(4);
    expect(await exists(key)).toBe(true);
    await cleanup({ lookbackDays: 12 });
    expect(await exists(key)).toBe(false);
  });
});
