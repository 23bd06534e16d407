// One event stream per browser: tabs elect a leader with the Web Locks API, the leader alone holds the
// SSE connection and forwards what it receives over a BroadcastChannel (a browser allows six HTTP/1.1
// connections per host across all tabs). When the leader tab closes, its lock is released and the next
// tab takes over, resuming the stream from the newest event it holds. Without Web Locks or
// BroadcastChannel (an insecure origin), every tab streams on its own.
import type { RelayStatus } from '#contract/console/relay.ts';
import type { IncomingEvent } from './event-store.ts';

export type LinkState = 'connecting' | 'live' | 'reconnecting' | 'offline';

export type TabMessage =
  | { type: 'events'; items: IncomingEvent[] }
  | { type: 'status'; status: RelayStatus }
  | { type: 'link'; link: LinkState; detail: string | null }
  /** A tab that just loaded its first page asks the leader for everything after it. */
  | { type: 'hello'; tab: string; after: number }
  | {
      type: 'welcome';
      tab: string;
      items: IncomingEvent[];
      link: LinkState;
      detail: string | null;
      status: RelayStatus | null;
    };

const CHANNEL = 'lectern-event-monitor';
const LOCK = 'lectern-event-stream';

export const canShareAcrossTabs = (): boolean =>
  typeof BroadcastChannel === 'function' &&
  typeof navigator !== 'undefined' &&
  'locks' in navigator &&
  navigator.locks !== undefined;

export interface Leadership {
  post(message: TabMessage): void;
  /** Resolves when this tab becomes the leader (immediately when no other tab leads). */
  readonly leader: Promise<void>;
  /** True when another tab led at the time of joining. */
  readonly startedAsFollower: boolean;
  close(): void;
}

/** Joins the tabs' channel and queues for leadership. */
export async function joinTabs(onMessage: (message: TabMessage) => void): Promise<Leadership> {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  const abort = new AbortController();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let becomeLeader!: () => void;
  const leader = new Promise<void>((resolve) => (becomeLeader = resolve));

  const holdLock = async () => {
    becomeLeader();
    await held;
  };
  // First try without waiting: tells whether another tab leads right now.
  const gotLock = await new Promise<boolean>((resolve) => {
    void navigator.locks.request(LOCK, { ifAvailable: true }, async (lock) => {
      resolve(lock !== null);
      if (lock) await holdLock();
    });
  });
  const startedAsFollower = !gotLock;
  if (startedAsFollower) {
    navigator.locks
      .request(LOCK, { signal: abort.signal }, holdLock)
      .catch(() => undefined /* aborted: this tab left before it got the lock */);
  }

  return {
    post: (message) => channel.postMessage(message),
    leader,
    startedAsFollower,
    close() {
      abort.abort();
      release();
      channel.close();
    },
  };
}
