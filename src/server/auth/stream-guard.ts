// Open event streams end within a second of losing their authorization, whichever console server the
// sign-out or role change happened on. The session service's `onChange` reports every session ended and
// every role changed, here or on another server sharing the database (LISTEN/NOTIFY): the guard then
// re-checks its streams at once. A re-check every RECHECK_MS catches what no notification reports
// (expiry; the CLI on a SQLite file; a change while notifications were lost). A re-check reads the
// database (one indexed lookup per session with an open stream, never through the 500 ms session cache,
// which would double the delay) and never calls the upstream. A lookup that fails (database
// unreachable) ends the stream: authorization that cannot be checked is not assumed; the browser resumes.
import type { SessionService } from './session-service.ts';

export const STREAM_RECHECK_MS = 500;

export interface GuardedStream {
  close(): void;
}

export function createStreamGuard(deps: { sessions: SessionService; recheckMs?: number }) {
  const open = new Map<GuardedStream, string | undefined>();
  let timer: NodeJS.Timeout | undefined;
  let checking = false;
  let checkAgain = false;

  async function stillAuthorized(sessionId: string | undefined): Promise<boolean> {
    try {
      return Boolean((await deps.sessions.resolve(sessionId, { fresh: true }))?.role);
    } catch {
      return false;
    }
  }

  /** One pass over the open streams at a time; a signal during a pass asks for another. */
  async function recheck(): Promise<void> {
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    try {
      do {
        checkAgain = false;
        const streams = [...open];
        // One lookup per session, however many streams (tabs) it has open.
        const lookups = new Map<string | undefined, Promise<boolean>>();
        for (const [, id] of streams) if (!lookups.has(id)) lookups.set(id, stillAuthorized(id));
        const verdicts = await Promise.all(streams.map(([, id]) => lookups.get(id)!));
        streams.forEach(([stream], index) => {
          if (verdicts[index] || !open.has(stream)) return;
          open.delete(stream);
          stream.close();
        });
      } while (checkAgain && open.size > 0);
    } finally {
      checking = false;
    }
    if (open.size === 0) stopTimer();
  }

  const run = () => void recheck();

  function stopTimer(): void {
    clearInterval(timer);
    timer = undefined;
  }

  const unsubscribe = deps.sessions.onChange(() => {
    if (open.size > 0) run();
  });

  return {
    /** Guards one open stream of the session `sessionId` (the cookie value); returns the release function. */
    watch(sessionId: string | undefined, stream: GuardedStream): () => void {
      open.set(stream, sessionId);
      if (!timer) {
        timer = setInterval(run, deps.recheckMs ?? STREAM_RECHECK_MS);
        timer.unref();
      }
      return () => {
        open.delete(stream);
        if (open.size === 0) stopTimer();
      };
    },
    stop(): void {
      stopTimer();
      open.clear();
      unsubscribe();
    },
  };
}
export type StreamGuard = ReturnType<typeof createStreamGuard>;
