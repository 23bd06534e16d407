// The data of the route a page lands on, started by main.tsx as soon as the session is known, before
// the route's loader has loaded: a split loader runs only once its own chunk has arrived, which queues
// behind every other chunk of the route (docs/decisions/loading-strategy.md). A route declares what
// to start in `staticData.landingData` (kept in the shell, so small: it imports its code itself); its
// loader takes the answer with `takeLandingData`. Only the first load of the page can take it: what
// is left after it is dropped, so a later visit reads afresh.
import type { SessionView } from '#contract/console/session.ts';

export interface LandingDataStart {
  params: Record<string, string>;
  /** The signed-in session; rejects when nobody with a role is signed in (start nothing then). */
  session: Promise<SessionView>;
}

/** What a route starts on landing; it keeps the promise with `keepLandingData`. */
export type LandingData = (start: LandingDataStart) => void;

/**
 * How a route's `landingData` sends its reads: same-origin JSON GETs, sent at once rather than once the
 * session's answer has been parsed (they are reads the server answers only for a signed-in user with a
 * role), and cancelled when the session says nobody with a role is signed in. Null when not sent or
 * cancelled: the loader then asks again.
 */
export function landingReads(session: Promise<unknown>): (url: string) => Promise<Response | null> {
  const cancel = new AbortController();
  session.catch(() => cancel.abort());
  return (url) =>
    fetch(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal: cancel.signal,
    }).catch(() => null);
}

const started = new Map<string, Promise<unknown>>();
let open = true;

/** Keeps `data` for the loader that asks for `key` during the page's first load. */
export function keepLandingData(key: string, data: Promise<unknown>): void {
  if (!open) return;
  data.catch(() => undefined); // Its failure is the loader's, once taken; never unhandled.
  started.set(key, data);
}

/** The data started on landing under `key`, once; undefined when none was (or it was taken). */
export function takeLandingData<T>(key: string): Promise<T> | undefined {
  const data = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return data;
}

/** Called when the page's first load has ended: whatever its loaders did not take is dropped. */
export function closeLandingData(): void {
  open = false;
  started.clear();
}
