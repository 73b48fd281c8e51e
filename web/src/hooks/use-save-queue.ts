import { useSyncExternalStore } from 'react';
import { saveQueue, type SaveQueueState } from '../lib/save-queue';

/** Online or not, and how many saves wait to be sent (web/src/lib/save-queue.ts). */
export function useSaveQueue(): SaveQueueState {
  return useSyncExternalStore(saveQueue.subscribe, saveQueue.getState, saveQueue.getState);
}
