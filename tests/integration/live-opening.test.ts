import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket } from '../../functions/domain/live/connect-socket';
import { connectionsOfUser, deleteConnection } from '../../functions/records/connections';
import { advanceClock, resetClock } from '../../functions/lib/clock';
import { newId } from '../../functions/lib/db/keys';
import { heartbeatSeconds, type LiveServerMessage, type PresenceMember } from '../../shared/contracts/live';
import { EntityRole } from '../../shared/enums';
import type { TestAccount } from '../support/accounts';
import { familyWithCanvas, memberOf, type FamilyWithCanvas } from '../support/canvas';
import { useIntegrationStack } from '../support/integration';
import { appOrigin, liveSocketsOf, takeawayMark, type LiveSocket } from '../support/live';

/**
 * No change lost to a socket's opening (docs/capacity.md, the bench's live-sockets line): a
 * socket's item is written inside its $connect, and until $connect returns the gateway answers
 * 410 for it, as API Gateway does. On a busy machine $connect runs for many seconds; a 410 then
 * must not make the server forget the socket, or it opens deaf: no change of its canvas reaches
 * it. And a socket the server forgot anyway is closed when it next speaks, so the app reconnects
 * and reads the canvas again (web/src/features/live/lib/connection.ts).
 */

const stack = useIntegrationStack();
const open = liveSocketsOf(stack);

let family: FamilyWithCanvas;
let sofia: TestAccount;
let categoryId: number;
afterAll(() => resetClock());

beforeAll(async () => {
  family = await familyWithCanvas(stack, 'Opening Family');
  sofia = await memberOf(stack, family.owner, EntityRole.FullMember, 'Sofia');
  categoryId = family.canvas.sections[0]!.categories[0]!.id;
});

const isPresence = (message: LiveServerMessage): message is Extract<LiveServerMessage, { type: 'presence' }> => message.type === 'presence';

/** `work`, or a failure once `ms` have passed without it. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The list `socket` is answered for a presence message it sends now. */
async function listAnswered(socket: LiveSocket, place: { categoryId: number | null }): Promise<PresenceMember[]> {
  const from = socket.messages.length;
  socket.send({ action: 'presence', sectionId: null, editingItemId: null, state: 'active', ...place });
  return (await socket.waitFor(isPresence, { from, timeoutMs: 30_000 })).members;
}

describe('a socket still opening', () => {
  it('is not forgotten when a message to it answers 410 while its $connect runs long, and is forgotten once silent past the heartbeat', async () => {
    // Sofia's handshake: the real $connect for an id the gateway does not hold yet (its
    // socket opens once $connect returns; until then the gateway answers 410 for it)…
    const opening = `opening-${newId().slice(0, 8)}`;
    const connected = await connectSocket({
      connectionId: opening,
      origin: appOrigin,
      cookie: sofia.client.cookieHeader(),
      familyId: String(family.familyId),
    });
    expect(connected.statusCode).toBe(200);
    // …still running a minute later, as on a loaded machine.
    advanceClock(60_000);
    // The owner's socket opens ($connect sends the list to the others: 410 for Sofia's),
    // and the owner saves (the sender sends the change to Sofia's: 410 again).
    const owner = await open(family.owner.client, family.familyId);
    const markId = await takeawayMark(family.owner.client, categoryId);
    await owner.waitFor((message) => message.type === 'change' && message.event.itemId === markId, { timeoutMs: 30_000 });
    // Sofia is still on the canvas: her socket is kept for the changes after it opens.
    expect((await listAnswered(owner, { categoryId: null })).map((member) => member.userId)).toContain(sofia.userId);
    expect((await connectionsOfUser(sofia.userId)).map((connection) => connection.connectionId)).toContain(opening);

    // A socket that never opened (its handshake failed after $connect wrote its item) says
    // nothing for a whole heartbeat: the next 410 forgets it, and the others see Sofia leave.
    advanceClock(heartbeatSeconds * 1000);
    const from = owner.messages.length;
    await takeawayMark(family.owner.client, categoryId);
    await owner.waitFor((message) => isPresence(message) && !message.members.some((member) => member.userId === sofia.userId), { from, timeoutMs: 30_000 });
  });
});

describe('a socket the server no longer knows', () => {
  it('is closed when it pings or says its presence, so the app opens a new one and reads the canvas again', async () => {
    const pinging = await open(sofia.client, family.familyId);
    const saying = await open(sofia.client, family.familyId);
    // Forgotten while open (as a 410 during its opening did): nothing of its canvas reaches it any more.
    for (const connection of await connectionsOfUser(sofia.userId)) await deleteConnection(connection.familyId, connection.connectionId);

    pinging.send({ action: 'ping' });
    saying.send({ action: 'presence', sectionId: null, categoryId: null, editingItemId: null, state: 'active' });
    await within(30_000, Promise.all([pinging.closed, saying.closed]));
    // Closed without `closed` (no right ended): the app reconnects, unlike after signedOut or accessRemoved.
    for (const socket of [pinging, saying]) expect(socket.messages.map((message) => message.type)).not.toContain('closed');
    expect(pinging.messages.map((message) => message.type)).not.toContain('pong');

    // The new socket is known again, and gets the canvas's changes.
    const again = await open(sofia.client, family.familyId);
    const markId = await takeawayMark(family.owner.client, categoryId);
    await again.waitFor((message) => message.type === 'change' && message.event.itemId === markId, { timeoutMs: 30_000 });
  });
});
