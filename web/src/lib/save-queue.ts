/**
 * The saves made offline (docs/product/canvas.md#offline): a canvas create, update or vote
 * made while the browser is certainly offline is not sent but waits here, in this tab's
 * memory, and is sent once, in the order made, when the connection returns. The caller's
 * promise stays pending meanwhile and settles with the real answer, so the form that made
 * the save shows its success or its failure (with its text kept) as if it had been sent at
 * once. While something waits, a later save waits behind it (order is kept); leaving the page
 * asks first (`beforeunload`).
 */

/** Whether the browser is online, and a way to hear when that changes. */
export type Network = {
  isOnline: () => boolean;
  /** Calls back on every change; returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
};

/** What the banner and the forms read. */
export type SaveQueueState = {
  isOnline: boolean;
  /** Saves not answered yet (the one being sent included). */
  waiting: number;
  /** The connection is back and the waiting saves are being sent. */
  isSending: boolean;
};

type Entry = { send: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };

export type SaveQueue = ReturnType<typeof createSaveQueue>;

export function createSaveQueue(network: Network) {
  let entries: Entry[] = [];
  let isFlushing = false;
  let state: SaveQueueState = { isOnline: network.isOnline(), waiting: 0, isSending: false };
  const listeners = new Set<() => void>();

  function publish() {
    state = { isOnline: network.isOnline(), waiting: entries.length, isSending: isFlushing };
    for (const listener of listeners) listener();
  }

  /** Sends the waiting saves one after the other, each once; stops when the connection drops again. */
  async function flush(): Promise<void> {
    if (isFlushing) return;
    isFlushing = true;
    publish();
    try {
      while (entries.length > 0 && network.isOnline()) {
        const entry = entries[0]!;
        try {
          entry.resolve(await entry.send());
        } catch (error) {
          // A refusal belongs to the form that made the save; the next saves still go.
          entry.reject(error);
        }
        entries = entries.filter((other) => other !== entry);
        publish();
      }
    } finally {
      isFlushing = false;
      publish();
    }
  }

  const stopListening = network.onChange(() => {
    publish();
    if (network.isOnline()) void flush();
  });

  return {
    /** Offline for certain, or saves wait already (a later one goes behind them). */
    shouldQueue: (): boolean => !network.isOnline() || entries.length > 0,
    /** Keeps a save until it can be sent; settles with its answer. */
    enqueue<T>(send: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        entries.push({ send, resolve: resolve as (value: unknown) => void, reject });
        publish();
        if (network.isOnline()) void flush();
      });
    },
    flush,
    getState: (): SaveQueueState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** For tests: stop hearing the network. */
    dispose: stopListening,
  };
}

/** The browser's own network: `navigator.onLine` and its `online`/`offline` events. */
export const browserNetwork: Network = {
  isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onChange(listener) {
    if (typeof window === 'undefined') return () => undefined;
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  },
};

/** The tab's one queue. */
export const saveQueue = createSaveQueue(browserNetwork);

// A reload or a closed tab would lose what waits: the browser asks first.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (saveQueue.getState().waiting === 0) return;
    event.preventDefault();
    // Older Chromium needs returnValue set for the prompt to appear.
    event.returnValue = '';
  });
}
