// Sessions: a 256-bit random id in the cookie, only its hash stored. Idle and absolute expiry; a new id at
// every sign-in (the old session, if any, is deleted); sign-out deletes the row.
import { createHash, randomBytes } from 'node:crypto';
import type { SessionRecord, SessionsRepo } from '../storage/sessions-repo.ts';

export interface SignedInUser {
  email: string;
  userId: string;
  firstName: string;
  lastName: string;
  learnerToken: string;
}

export interface SessionServiceOptions {
  idleMs: number;
  absoluteMs: number;
  now: () => number;
}

// Writing last_seen_at on every request would turn each read into a write; a minute of slack is enough
// for idle expiry measured in minutes.
const TOUCH_GRANULARITY_MS = 60_000;

export const hashSessionId = (id: string): string =>
  createHash('sha256').update(id).digest('base64url');

export function createSessionService(repo: SessionsRepo, options: SessionServiceOptions) {
  const { idleMs, absoluteMs, now } = options;
  const touchEvery = Math.min(TOUCH_GRANULARITY_MS, Math.floor(idleMs / 4));
  // Told when this server ends a session (sign-out, rotation), so open event streams end at once.
  const endedListeners = new Set<() => void>();
  const ended = () => {
    for (const listener of endedListeners) listener();
  };

  return {
    /** Returns the cookie value of a fresh session. */
    start(user: SignedInUser, previousId?: string): { id: string; expiresAt: number } {
      if (previousId && repo.remove(hashSessionId(previousId))) ended();
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = at + absoluteMs;
      repo.insert({
        idHash: hashSessionId(id),
        ...user,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
      });
      return { id, expiresAt };
    },

    /** The live session for a cookie value, or undefined (expired ones are deleted on sight). */
    resolve(id: string | undefined): SessionRecord | undefined {
      if (!id || id.length > 128) return undefined;
      const idHash = hashSessionId(id);
      const record = repo.find(idHash);
      if (!record) return undefined;
      const at = now();
      if (at >= record.expiresAt || at - record.lastSeenAt >= idleMs) {
        repo.remove(idHash);
        return undefined;
      }
      if (at - record.lastSeenAt >= touchEvery) {
        repo.touch(idHash, at);
        record.lastSeenAt = at;
      }
      return record;
    },

    end(id: string | undefined): boolean {
      const removed = id ? repo.remove(hashSessionId(id)) : false;
      if (removed) ended();
      return removed;
    },

    /** Calls `listener` whenever this server ends a session; returns the unsubscribe function. */
    onEnded(listener: () => void): () => void {
      endedListeners.add(listener);
      return () => endedListeners.delete(listener);
    },

    purgeExpired(): number {
      const at = now();
      return repo.removeExpired(at, at - idleMs);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
