// Presence and edit leases (src/contract/console/presence.ts). Tabs beat every `heartbeatMs`; a tab is
// present for `ttlMs` after its last beat, so a closed, crashed or offline tab is gone within `ttlMs`
// plus one sweep. A leave lets the tab's row expire `leaveGraceMs` later instead of at once, so that a
// reload (which leaves, then beats again as the same tab) keeps its place and its lease without a
// flicker for the others.
//
// Every change (a tab arrives, moves to another course or is swept, a lease is taken over or ended) is
// published on the `presence` channel with the course id: every console server then reads the course's
// state from the database and pushes it to the browsers that follow it. Every server sweeps; the
// database returns each expired row to one of them only, so each departure is announced once.
import type { Logger } from 'pino';
import type { CoursePresence, HeartbeatBody, LeaseList } from '#contract/console/presence.ts';
import type { Coordination } from '../storage/coordination.ts';
import type { LeaseRow, PresenceRepository, PresenceRow } from '../storage/presence-repository.ts';

export interface PresenceConfig {
  ttlMs: number;
  heartbeatMs: number;
  sweepMs: number;
  leaveGraceMs: number;
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

const LEASE_ROWS_KEPT_MS = 24 * 3_600_000;
/** Purge old lease rows once every this many sweeps. */
const PURGE_EVERY_SWEEPS = 300;

const iso = (ms: number) => new Date(ms).toISOString();
const nameOf = (person: Person) => `${person.firstName} ${person.lastName}`.trim() || person.email;

export class PresenceError extends Error {
  constructor(
    readonly reason: 'absent' | 'none',
    message: string,
  ) {
    super(message);
  }
}

export function createPresenceService(deps: {
  repo: PresenceRepository;
  coordination: Coordination;
  config: PresenceConfig;
  now: () => number;
  log: Logger;
}) {
  const { repo, coordination, config, now, log } = deps;
  const aliveSince = (at: number) => at - config.ttlMs;
  const announce = (courseId: string) => coordination.publish('presence', courseId);
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping = false;
  let sweeps = 0;

  function snapshot(
    courseId: string,
    present: readonly PresenceRow[],
    lease: LeaseRow | undefined,
    at: number,
  ): CoursePresence {
    const holder =
      lease?.tab_id != null ? present.find((tab) => tab.tab_id === lease.tab_id) : undefined;
    return {
      courseId,
      present: present.map((tab) => ({
        tabId: tab.tab_id,
        browserId: tab.browser_id,
        email: tab.email,
        name: tab.name,
        since: iso(tab.opened_at),
        editing: tab === holder,
      })),
      lease:
        holder && lease?.taken_at != null
          ? {
              tabId: holder.tab_id,
              browserId: holder.browser_id,
              email: holder.email,
              name: holder.name,
              since: iso(lease.taken_at),
            }
          : null,
      lastEnding:
        lease?.ended_tab_id && lease.ended_how && lease.ended_at !== null
          ? {
              tabId: lease.ended_tab_id,
              email: lease.ended_email ?? '',
              how: lease.ended_how,
              byEmail: lease.ended_by_email ?? '',
              byName: lease.ended_by_name ?? '',
              at: iso(lease.ended_at),
            }
          : null,
      heartbeatMs: config.heartbeatMs,
      serverTime: iso(at),
    };
  }

  async function read(courseId: string): Promise<CoursePresence> {
    const at = now();
    const { present, lease } = await repo.course(courseId, aliveSince(at));
    return snapshot(courseId, present, lease, at);
  }

  async function sweep(): Promise<void> {
    if (sweeping) return;
    sweeping = true;
    try {
      const at = now();
      for (const courseId of await repo.sweep(aliveSince(at))) announce(courseId);
      if (++sweeps % PURGE_EVERY_SWEEPS === 0)
        await repo.purgeLeases(at - LEASE_ROWS_KEPT_MS, aliveSince(at));
    } catch (error) {
      log.warn({ err: error }, 'presence sweep failed; trying again at the next one');
    } finally {
      sweeping = false;
    }
  }

  return {
    config,
    /** The course's presence now. */
    read,

    /** A tab's beat (its first one: it opened the course); with `claim`, takes a free lease. */
    async beat(
      person: Person,
      courseId: string,
      tabId: string,
      body: Required<HeartbeatBody>,
    ): Promise<CoursePresence> {
      const at = now();
      const since = aliveSince(at);
      const { arrived, left } = await repo.beat(
        {
          tab_id: tabId,
          course_id: courseId,
          browser_id: body.browserId,
          load_id: body.loadId,
          email: person.email,
          name: nameOf(person),
          title: body.title,
        },
        at,
        since,
      );
      let changed = arrived;
      if (body.claim) {
        const holder = {
          tabId,
          browserId: body.browserId,
          email: person.email,
          name: nameOf(person),
        };
        if ((await repo.takeIfFree(courseId, holder, at, since)) === 'taken') changed = true;
      }
      if (left) announce(left);
      if (changed) announce(courseId);
      return read(courseId);
    },

    /** The tab closed the course (or the page is being left): gone after a short grace. */
    async leave(courseId: string, tabId: string, loadId: string): Promise<void> {
      const expireSeenAt = now() - config.ttlMs + config.leaveGraceMs;
      await repo.leave(tabId, courseId, loadId, expireSeenAt);
    },

    /** "Edit here instead": the tab takes the lease from whoever holds it. */
    async takeOver(person: Person, courseId: string, tabId: string): Promise<CoursePresence> {
      const at = now();
      const since = aliveSince(at);
      const { present } = await repo.course(courseId, since);
      const tab = present.find((row) => row.tab_id === tabId);
      const result = tab
        ? await repo.takeOver(
            courseId,
            { tabId, browserId: tab.browser_id, email: tab.email, name: tab.name },
            { email: person.email, name: nameOf(person) },
            at,
            since,
          )
        : 'absent';
      if (result === 'absent')
        throw new PresenceError(
          'absent',
          'This tab has not opened the course in the editor (or has been away too long): reload the editor.',
        );
      if (result === 'taken') announce(courseId);
      return read(courseId);
    },

    /** An admin ends the lease: its holder's tab turns read-only. */
    async end(admin: Person, courseId: string): Promise<void> {
      const at = now();
      const ended = await repo.end(
        courseId,
        { how: 'ended', byEmail: admin.email, byName: nameOf(admin) },
        at,
        aliveSince(at),
      );
      if (!ended) throw new PresenceError('none', 'Nobody is editing this course.');
      announce(courseId);
    },

    async leases(): Promise<LeaseList> {
      const rows = await repo.heldLeases(aliveSince(now()));
      return {
        leases: rows.map((row) => ({
          courseId: row.course_id,
          title: row.title,
          tabId: row.tab_id!,
          browserId: row.browser_id!,
          email: row.email!,
          name: row.name!,
          since: iso(row.taken_at!),
        })),
      };
    },

    /** Starts sweeping expired tabs (each server does; the database hands each row to one). */
    start(): void {
      sweeper ??= setInterval(() => void sweep(), config.sweepMs);
      sweeper.unref();
    },
    stop(): void {
      clearInterval(sweeper);
      sweeper = undefined;
    },
    sweep,
  };
}
export type PresenceService = ReturnType<typeof createPresenceService>;
