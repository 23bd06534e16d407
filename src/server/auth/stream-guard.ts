// Open event streams end within a second of losing their authorization: at once when this server signs
// the session out or changes a role (the session and roles services say so), and otherwise at the next
// re-check, which looks every open stream's session up through the session service every RECHECK_MS. The
// re-check is what ends streams after a sign-out, a revocation or an expiry on another server sharing the
// session store (or the CLI); it is a lookup, never an upstream call.
import type { RolesService } from './roles-service.ts';
import type { SessionService } from './session-service.ts';

export const STREAM_RECHECK_MS = 500;

export interface GuardedStream {
  close(): void;
}

export function createStreamGuard(deps: {
  sessions: SessionService;
  roles: RolesService;
  recheckMs?: number;
}) {
  const open = new Map<GuardedStream, string | undefined>();
  let timer: NodeJS.Timeout | undefined;

  function recheck(): void {
    for (const [stream, sessionId] of open) {
      if (deps.sessions.resolve(sessionId)?.role) continue;
      open.delete(stream);
      stream.close();
    }
    if (open.size === 0) stopTimer();
  }

  function stopTimer(): void {
    clearInterval(timer);
    timer = undefined;
  }

  const unsubscribe = [deps.sessions.onEnded(recheck), deps.roles.onChange(recheck)];

  return {
    /** Guards one open stream of the session `sessionId` (the cookie value); returns the release function. */
    watch(sessionId: string | undefined, stream: GuardedStream): () => void {
      open.set(stream, sessionId);
      if (!timer) {
        timer = setInterval(recheck, deps.recheckMs ?? STREAM_RECHECK_MS);
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
      for (const off of unsubscribe) off();
    },
  };
}
export type StreamGuard = ReturnType<typeof createStreamGuard>;
