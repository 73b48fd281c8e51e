import type { LiveServerMessage, PresenceMember } from '../../../../../shared/contracts/live';

/** A stand-in for the browser's WebSocket that a test opens, feeds and drops by hand. */
export class FakeSocket {
  static all: FakeSocket[] = [];
  readyState: number = WebSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('No socket was opened');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.readyState = WebSocket.CLOSED;
  }

  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }

  receive(message: LiveServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
}

export const createFakeSocket = (url: string) => new FakeSocket(url) as unknown as WebSocket;

/** Someone on the canvas as a presence message lists them (a Rivera family member, nowhere in particular). */
export const presenceMember = (overrides: Partial<PresenceMember> = {}): PresenceMember => ({
  userId: 'u-sofia',
  firstName: 'Sofia',
  lastName: 'Rivera',
  entityId: 7,
  entityName: 'Rivera Family',
  entityTypeId: 1,
  state: 'active',
  sectionId: null,
  categoryId: null,
  editingItemId: null,
  ...overrides,
});
