import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../../functions/lib/config';
import { resetDbClientForTests } from '../../functions/lib/db/client';
import { connectionsOfUser } from '../../functions/records/connections';
import type { LiveServerMessage, PresenceMember } from '../../shared/contracts/live';
import { EntityRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { liveSocketsOf } from '../support/live';

/**
 * Eventual consistency of the indexes (issue item 7): the cloud updates a global secondary
 * index a moment after a write, DynamoDB Local at once. With the local stand-in's index
 * delay on (FC_LOCAL_GSI_DELAY_MS, functions/lib/db/local-emulation.ts), a presence message
 * sent right after the socket opened must still find its socket: it is looked up by key.
 */

const stack = useIntegrationStack();
const open = liveSocketsOf(stack);
let family: FamilyWithCanvas;
let member: TestAccount;
const delayMs = 3000;

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Index Delay Family');
  member = await memberOf(stack, family.owner, EntityRole.FullMember, 'Noor');
  // Switched on after the setup: from here on, index Queries leave out items put less than 3 s ago.
  process.env.FC_LOCAL_GSI_DELAY_MS = String(delayMs);
  resetConfigForTests();
  resetDbClientForTests();
});

afterAll(() => {
  delete process.env.FC_LOCAL_GSI_DELAY_MS;
  resetConfigForTests();
  resetDbClientForTests();
});

const membersOf = (message: LiveServerMessage): PresenceMember[] => (message.type === 'presence' ? message.members : []);

describe('with the index delay on', () => {
  it('an index Query does not yet see a socket opened a moment ago (the emulation works)', async () => {
    const socket = await open(family.owner.client);
    const mine = await connectionsOfUser(family.owner.userId);
    expect(mine.length).toBe(0);
    await socket.close();
  });

  it('a presence message sent right after connecting is delivered', async () => {
    const section = family.canvas.sections[0]!;
    const category = section.categories[0]!;
    const socket = await open(family.owner.client);
    const opened = Date.now();
    socket.send({ action: 'presence', sectionId: section.id, categoryId: category.id, editingItemId: null });
    const message = await socket.waitFor(
      (candidate) =>
        candidate.type === 'presence' && membersOf(candidate).some((member) => member.userId === family.owner.userId && member.sectionId === section.id),
      { timeoutMs: delayMs - 500 },
    );
    expect(message.type).toBe('presence');
    // Still inside the delay: the index could not have found the socket yet.
    expect(Date.now() - opened).toBeLessThan(delayMs);
  });

  it('a socket closed right after connecting is forgotten: the others see the person leave', async () => {
    const watcher = await open(family.owner.client);
    const isThere = (message: LiveServerMessage) => membersOf(message).some((one) => one.userId === member.userId);
    const other = await open(member.client);
    await watcher.waitFor((candidate) => candidate.type === 'presence' && isThere(candidate), { timeoutMs: delayMs - 500 });
    const from = watcher.messages.length;
    await other.close();
    // $disconnect found the socket by its id and deleted it, inside the delay.
    const after = await watcher.waitFor((candidate) => candidate.type === 'presence' && !isThere(candidate), { from, timeoutMs: delayMs - 500 });
    expect(membersOf(after).map((one) => one.userId)).toEqual([family.owner.userId]);
  });
});
