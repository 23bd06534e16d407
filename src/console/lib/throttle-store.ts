// Requests currently waiting out a 429, so the shell can say "Throttled, retrying in N s".
import { useSyncExternalStore } from 'react';
import type { ThrottleNotice } from './api-client.ts';

let notices: readonly ThrottleNotice[] = [];
const listeners = new Set<() => void>();

function emit(next: readonly ThrottleNotice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export const throttleStore = {
  start(notice: ThrottleNotice) {
    emit([...notices, notice]);
  },
  end(id: number) {
    emit(notices.filter((notice) => notice.id !== id));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => notices,
};

export function useThrottleNotices(): readonly ThrottleNotice[] {
  return useSyncExternalStore(throttleStore.subscribe, throttleStore.snapshot);
}
