// Sessions: a 256-bit random id in the cookie, only its hash stored. Idle and absolute expiry; a new id at
// every sign-in (the old session, if any, is deleted); sign-out deletes the row.
//
// Every console server sharing the database sees every session. The per-request check reads a small
// in-process cache, so a read through the proxy costs no database round trip:
//   - an entry is trusted for at most CACHE_MS (500 ms), so any change is seen within that, even if
//     every notification were lost;
//   - a request that uses an entry older than half of that re-reads it in the background (once, however
//     many requests come), so under steady use the entry is renewed before it runs out and no read
//     waits for the database: with PostgreSQL, every request arriving during a refresh's round trip
//     waited for it, which was the proxy's p99;
//   - requests that miss at the same moment share one database read;
//   - sign-out, a session replaced at sign-in and role changes are published to every server
//     (coordination channel "sessions"), which drops the entries at once;
//   - state-changing requests always read the database (`fresh`), so a write never rides on a stale
//     entry, and a database outage stops writes before anything is forwarded.
// `onChange` tells listeners (open event streams, for instance) which sessions ended or changed role,
// on whichever server it happened; `{ kind: 'all' }` means "notifications may have been missed".
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { SignInMethod } from '#contract/console/session.ts';
import type { Coordination } from '../storage/coordination.ts';
import type { SessionRecord, SessionsRepository } from '../storage/sessions-repository.ts';

/** A live session as the console server sees it: who, until when, and the role joined in at each read. */
export type ConsoleSession = SessionRecord;

export interface SignedInUser {
  email: string;
  userId: string;
  firstName: string;
  lastName: string;
  /** `instance` unless given. */
  signInMethod?: SignInMethod;
}

export type SessionChange =
  { kind: 'ended'; idHash: string } | { kind: 'role'; email: string } | { kind: 'all' };

export interface SessionServiceOptions {
  idleMs: number;
  absoluteMs: number;
  now: () => number;
  coordination: Coordination;
  log: Logger;
  /** How long a cached session is trusted without asking the database. */
  cacheMs?: number;
}

// Writing last_seen_at on every request would turn each read into a write; a minute of slack is enough
// for idle expiry measured in minutes.
const TOUCH_GRANULARITY_MS = 60_000;
export const SESSION_CACHE_MS = 500;
const CACHE_LIMIT = 20_000;

export const hashSessionId = (id: string): string =>
  createHash('sha256').update(id).digest('base64url');

interface CacheEntry {
  /** null: no such session (a cookie of a session that ended, or a made-up one). */
  record: SessionRecord | null;
  /** performance.now() when read from the database. */
  readAt: number;
}

export function createSessionService(repo: SessionsRepository, options: SessionServiceOptions) {
  const { idleMs, absoluteMs, now, coordination, log } = options;
  const cacheMs = options.cacheMs ?? SESSION_CACHE_MS;
  const touchEvery = Math.min(TOUCH_GRANULARITY_MS, Math.floor(idleMs / 4));
  const cache = new Map<string, CacheEntry>();
  const listeners = new Set<(change: SessionChange) => void>();
  // Bumped by every invalidation: a read that started before one must not refill the cache.
  let generation = 0;
  /** Database reads under way, by id hash, each with the generation it started in. */
  const reading = new Map<
    string,
    { generation: number; done: Promise<SessionRecord | undefined> }
  >();
  // Activity recorded here whose write may not have landed yet. A database read racing that write
  // would see the older time and could end a session that was just used.
  const touching = new Map<string, number>();

  function apply(change: SessionChange): void {
    generation += 1;
    if (change.kind === 'ended') cache.delete(change.idHash);
    else if (change.kind === 'all') cache.clear();
    else
      for (const [key, entry] of cache) if (entry.record?.email === change.email) cache.delete(key);
    for (const listener of listeners) listener(change);
  }

  function announce(change: SessionChange & { kind: 'ended' | 'role' }): void {
    coordination.publish('sessions', JSON.stringify(change));
  }

  coordination.subscribe('sessions', (message) => {
    try {
      const change = JSON.parse(message) as SessionChange;
      if (change.kind === 'ended' || change.kind === 'role') apply(change);
    } catch {
      log.warn('unreadable session notification ignored');
    }
  });
  coordination.onResync(() => apply({ kind: 'all' }));

  /** The record if it is still live now (touching it when due); undefined when it has expired. */
  function live(record: SessionRecord): SessionRecord | undefined {
    const at = now();
    if (at >= record.expiresAt || at - record.lastSeenAt >= idleMs) return undefined;
    if (at - record.lastSeenAt >= touchEvery) {
      const { idHash } = record;
      record.lastSeenAt = at;
      touching.set(idHash, at);
      repo
        .touch(idHash, at)
        .catch((error: unknown) => log.warn({ err: error }, 'could not record session activity'))
        .finally(() => {
          if (touching.get(idHash) === at) touching.delete(idHash);
        });
    }
    return record;
  }

  /** Reads a session from the database into the cache; the live record, or undefined. */
  async function read(idHash: string): Promise<SessionRecord | undefined> {
    const started = generation;
    const record = (await repo.find(idHash)) ?? null;
    const pending = touching.get(idHash);
    if (record && pending !== undefined && pending > record.lastSeenAt) record.lastSeenAt = pending;
    if (started === generation) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(idHash, { record, readAt: performance.now() });
    }
    if (!record) return undefined;
    const current = live(record);
    if (!current) await remove(idHash);
    return current;
  }

  /** `read`, joined by every caller until it ends, unless an invalidation came since it began. */
  function shared(idHash: string): Promise<SessionRecord | undefined> {
    const under = reading.get(idHash);
    if (under && under.generation === generation) return under.done;
    const done = read(idHash).finally(() => {
      if (reading.get(idHash)?.done === done) reading.delete(idHash);
    });
    reading.set(idHash, { generation, done });
    return done;
  }

  async function remove(idHash: string): Promise<boolean> {
    const removed = await repo.remove(idHash);
    apply({ kind: 'ended', idHash });
    announce({ kind: 'ended', idHash });
    return removed;
  }

  return {
    /**
     * From the cache alone: the live session, null for none, or undefined when the database must be
     * asked (not cached, cached too long ago, or expired and to be deleted).
     */
    cached(id: string | undefined): SessionRecord | null | undefined {
      if (!id || id.length > 128) return null;
      const idHash = hashSessionId(id);
      const entry = cache.get(idHash);
      if (!entry) return undefined;
      const age = performance.now() - entry.readAt;
      if (age >= cacheMs) return undefined;
      if (age >= cacheMs / 2 && !reading.has(idHash))
        shared(idHash).catch((error: unknown) =>
          log.warn({ err: error }, 'could not refresh a cached session'),
        );
      if (!entry.record) return null;
      return live(entry.record) ?? undefined;
    },

    /** The live session for a cookie value, or undefined (expired ones are deleted on sight). */
    async resolve(
      id: string | undefined,
      { fresh = false }: { fresh?: boolean } = {},
    ): Promise<SessionRecord | undefined> {
      if (!fresh) {
        const hit = this.cached(id);
        if (hit !== undefined) return hit ?? undefined;
      }
      if (!id || id.length > 128) return undefined;
      const idHash = hashSessionId(id);
      // A state-changing request reads on its own: it must not ride on a read begun before it.
      return fresh ? read(idHash) : shared(idHash);
    },

    /** Starts a session; returns the cookie value. The previous session of this browser, if any, ends. */
    async start(
      user: SignedInUser,
      previousId?: string,
    ): Promise<{ id: string; expiresAt: number }> {
      if (previousId && previousId.length <= 128) await remove(hashSessionId(previousId));
      const id = randomBytes(32).toString('base64url');
      const at = now();
      const expiresAt = at + absoluteMs;
      await repo.insert({
        idHash: hashSessionId(id),
        ...user,
        createdAt: at,
        lastSeenAt: at,
        expiresAt,
      });
      return { id, expiresAt };
    },

    /** Signs a session out on every server. */
    async end(id: string | undefined): Promise<boolean> {
      return id && id.length <= 128 ? remove(hashSessionId(id)) : false;
    },

    /** A role was granted, changed or revoked: every server re-reads that user's sessions. */
    roleChanged(email: string): void {
      apply({ kind: 'role', email });
      announce({ kind: 'role', email });
    },

    /** Sessions that ended or changed role, here or on another server. Returns the unsubscriber. */
    onChange(listener: (change: SessionChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Live sessions in the database (all servers), for the metrics. */
    countActive(): Promise<number> {
      const at = now();
      return repo.countActive(at, at - idleMs);
    },

    purgeExpired(): Promise<number> {
      const at = now();
      return repo.removeExpired(at, at - idleMs);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
