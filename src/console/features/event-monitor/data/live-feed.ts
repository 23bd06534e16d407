// The live tail: loads the newest page of history, then follows the relay's SSE stream from exactly that
// point (`lastEventId`), so nothing falls between the two. The browser's EventSource resumes after a
// drop with Last-Event-ID; when it gives up (an HTTP error) or goes silent, the feed reopens the stream
// itself from the newest event held. Every event goes through the store's dedup, so a replay never shows
// twice. One tab leads and streams; the others receive its events (tab-leadership.ts). The streaming
// itself (feed-run.ts: the relay's endpoints, the stream, the tabs' sharing) loads as the monitor
// mounts: the page's first content shows the link as connecting, and needs none of it.
import type { EventStore } from './event-store.ts';
import type { RelayStatus } from '#contract/console/relay.ts';
import type { FeedState } from './feed-state.ts';

export type { FeedState, LinkState } from './feed-state.ts';

/** A run of the feed (feed-run.ts) as this file holds it, before and after its code has loaded. */
interface Stoppable {
  stop(): void;
}

/** Keep streaming this long after the monitor is left, so a quick return resumes seamlessly. */
const GRACE_MS = 30_000;

export class LiveFeed {
  private state: FeedState = {
    link: 'connecting',
    detail: null,
    status: null,
    skewMs: 0,
    role: null,
  };
  private readonly listeners = new Set<() => void>();
  private users = 0;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private run: Stoppable | null = null;
  private used = false;

  constructor(private readonly store: EventStore) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FeedState => this.state;

  /** A monitor view needs the feed; returns its release. */
  acquire(): () => void {
    this.users += 1;
    clearTimeout(this.graceTimer);
    if (!this.run) {
      if (this.used) this.store.reset();
      this.used = true;
      this.run = startRun(this.store, (patch) => this.update(patch));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.graceTimer = setTimeout(() => this.stop(), GRACE_MS);
    };
  }

  private stop(): void {
    this.run?.stop();
    this.run = null;
    this.update({ link: 'connecting', detail: null, role: null });
  }

  private update(patch: Partial<FeedState>): void {
    this.state = { ...this.state, ...patch };
    if (patch.status) this.state.skewMs = estimateSkew(patch.status);
    for (const listener of this.listeners) listener();
  }
}

/** Starts a run once its code has loaded; stopped meanwhile, it never starts. */
function startRun(store: EventStore, update: (patch: Partial<FeedState>) => void): Stoppable {
  let run: Stoppable | null = null;
  let stopped = false;
  import('./feed-run.ts').then(
    (code) => {
      if (stopped) return;
      const started = new code.Run(store, update);
      run = started;
      void started.start();
    },
    () => {
      if (!stopped)
        update({
          link: 'offline',
          detail: 'The monitor could not load all its code. Reload the page.',
        });
    },
  );
  return {
    stop: () => {
      stopped = true;
      run?.stop();
    },
  };
}

/** The status's lag is computed on the server: lastSuccessAt + lagMs is the server's "now". */
function estimateSkew(status: RelayStatus): number {
  for (const kind of status.kinds)
    if (kind.lastSuccessAt !== null && kind.lagMs !== null)
      return kind.lastSuccessAt + kind.lagMs - Date.now();
  return 0;
}
