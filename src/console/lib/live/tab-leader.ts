// One leader among a browser's tabs, for work that one tab should do for all (hold one stream per
// browser: a browser allows six HTTP/1.1 connections per host across all its tabs). Tabs queue for a
// Web Lock; the holder leads until its page goes away, then the next in the queue does. Messages go to
// the other tabs over a BroadcastChannel (never back to the sender). Without Web Locks or
// BroadcastChannel (an insecure origin), every tab leads itself.
export interface TabGroup<M> {
  post(message: M): void;
  /** Resolves when this tab leads (at once when no other tab does). */
  readonly leading: Promise<void>;
  close(): void;
}

export const canShareAcrossTabs = (): boolean =>
  typeof BroadcastChannel === 'function' &&
  typeof navigator !== 'undefined' &&
  navigator.locks !== undefined;

/** Joins the group `name`: its channel, and the queue for its lead. */
export function joinTabGroup<M>(name: string, onMessage: (message: M) => void): TabGroup<M> {
  if (!canShareAcrossTabs())
    return { post: () => undefined, leading: Promise.resolve(), close: () => undefined };
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event: MessageEvent<M>) => onMessage(event.data);
  const abort = new AbortController();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let lead!: () => void;
  const leading = new Promise<void>((resolve) => (lead = resolve));
  navigator.locks
    .request(`${name}:leader`, { signal: abort.signal }, async () => {
      lead();
      await held;
    })
    .catch(() => undefined /* aborted: this tab left before it led */);
  return {
    post: (message) => channel.postMessage(message),
    leading,
    close() {
      abort.abort();
      release();
      channel.close();
    },
  };
}
