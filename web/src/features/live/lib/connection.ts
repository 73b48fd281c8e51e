import { heartbeatSeconds, LiveServerMessage, livePath, type LiveClientMessage } from '../../../../../shared/contracts/live';
import { reconnectDelay } from './backoff';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export type LiveHandlers = {
  onMessage: (message: LiveServerMessage) => void;
  onStatus: (status: LiveStatus) => void;
  /** Every open, the first included: a socket may miss changes written during its handshake. */
  onOpen: (isReconnect: boolean) => void;
};

type Options = {
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
  /** The heartbeat: a ping keeps API Gateway (and idle proxies) from closing a quiet socket (shared/contracts/live.ts heartbeatSeconds). */
  pingEveryMs?: number;
  /** Where the browser's `online` and `offline` events come from (tests pass their own). */
  network?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
};

/** The channel's URL on the app's own origin (Vite and the local gateway proxy `/ws`). */
export function liveUrl(familyId: number, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${livePath}?familyId=${familyId}`;
}

/**
 * One live connection to one canvas that comes back by itself: after a drop (or the
 * server's `closed: expired`, the cloud's 2-hour limit) it reconnects with backoff and
 * jitter; after `signedOut` or `accessRemoved` it stops.
 */
export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private hasOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private isStopped = false;
  private readonly createSocket: (url: string) => WebSocket;
  private readonly random: () => number;
  private readonly pingEveryMs: number;
  private readonly network: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;

  constructor(
    private readonly url: string,
    private readonly handlers: LiveHandlers,
    options: Options = {},
  ) {
    this.createSocket = options.createSocket ?? ((target) => new WebSocket(target));
    this.random = options.random ?? Math.random;
    this.pingEveryMs = options.pingEveryMs ?? heartbeatSeconds * 1000;
    this.network = options.network === undefined ? (typeof window === 'undefined' ? null : window) : options.network;
  }

  start() {
    this.isStopped = false;
    this.network?.addEventListener('offline', this.onOffline);
    this.network?.addEventListener('online', this.onOnline);
    this.connect();
  }

  /**
   * The browser went offline: the socket cannot carry anything now (and may not notice for a
   * while), so it is dropped at once and the page says "Reconnecting…".
   */
  private readonly onOffline = () => {
    if (this.isStopped) return;
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.pingTimer);
    if (socket) this.detach(socket);
    this.scheduleRetry();
  };

  /** Back online: connect now rather than after the back-off; the open catches up on what was missed. */
  private readonly onOnline = () => {
    if (this.isStopped || this.socket?.readyState === WebSocket.OPEN) return;
    // A try begun while offline would fail and wait its back-off: a fresh one instead.
    if (this.socket) this.detach(this.socket);
    this.socket = null;
    clearTimeout(this.retryTimer);
    this.connect();
  };

  private detach(socket: WebSocket) {
    socket.onclose = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onopen = null;
    socket.close();
  }

  stop() {
    this.network?.removeEventListener('offline', this.onOffline);
    this.network?.removeEventListener('online', this.onOnline);
    this.isStopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) this.detach(socket);
    this.handlers.onStatus('stopped');
  }

  /** Sends when open; while reconnecting the next open sends the current presence again anyway. */
  send(message: LiveClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private connect() {
    if (this.isStopped) return;
    this.handlers.onStatus(this.hasOpened || this.attempt > 0 ? 'reconnecting' : 'connecting');
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      const isReconnect = this.hasOpened;
      this.hasOpened = true;
      this.attempt = 0;
      this.handlers.onStatus('open');
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), this.pingEveryMs);
      this.handlers.onOpen(isReconnect);
    };
    socket.onmessage = (event: MessageEvent) => {
      let parsed: ReturnType<typeof LiveServerMessage.safeParse>;
      try {
        parsed = LiveServerMessage.safeParse(JSON.parse(String(event.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      if (parsed.data.type === 'closed' && parsed.data.reason !== 'expired') this.isStopped = true;
      this.handlers.onMessage(parsed.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.isStopped) this.handlers.onStatus('stopped');
      else this.scheduleRetry();
    };
  }

  private scheduleRetry() {
    if (this.isStopped) return;
    this.handlers.onStatus('reconnecting');
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}
