// Background jobs the console is following, kept in IndexedDB per user so the tray survives a reload.
// An in-memory mirror serves React (useSyncExternalStore); every change is written through. idb is
// imported when the database is first opened (the layout's load of the user's jobs, once mounted), so
// no page waits for it before its first content.
import type { DBSchema, IDBPDatabase } from 'idb';
import { useSyncExternalStore } from 'react';
import type { BackgroundJob, ContentUpload, Job } from '#contract/schemas/background-job.ts';

export interface TrackedJob {
  id: string;
  /** Email of the user whose action queued the job. */
  owner: string;
  trackedAt: number;
  type: Job['type'];
  status: Job['status'];
  /** Uploads as announced by create/update, until the first poll returns the full job. */
  uploads: readonly ContentUpload[];
  /** Latest `GET /jobs/{id}` answer. */
  job: Job | null;
  /** The course or group the job belongs to, when the action that queued it knew. */
  result?: JobResult;
  /** Path of the page where the action happened: its end is announced there (elsewhere, the tray counts it). */
  origin?: string;
  /** What queued a job that belongs to no course ("Import of webinar course groups"). */
  label?: string;
}

/** What a job belongs to: a course (with its group) or a course group. */
export interface JobResult {
  courseGroupId: string;
  /** Absent when the job belongs to the group itself (its images). */
  courseId?: string;
  title: string;
}

interface JobsDb extends DBSchema {
  jobs: { key: string; value: TrackedJob; indexes: { owner: string } };
}

const DB_NAME = 'lectern-console';
let dbPromise: Promise<IDBPDatabase<JobsDb> | null> | undefined;

function database(): Promise<IDBPDatabase<JobsDb> | null> {
  dbPromise ??= (
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : import('idb').then(({ openDB }) =>
          openDB<JobsDb>(DB_NAME, 1, {
            upgrade(db) {
              db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('owner', 'owner');
            },
          }),
        )
  ).catch(() => null); // Private browsing may refuse IndexedDB: the tray then lives in memory only.
  return dbPromise;
}

let owner: string | null = null;
let jobs: readonly TrackedJob[] = [];
/** Jobs that ended while the user was on another page than theirs, until the tray is opened. */
let unseen: readonly string[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly TrackedJob[]) {
  jobs = [...next].sort((a, b) => b.trackedAt - a.trackedAt);
  for (const listener of listeners) listener();
}

async function persist(job: TrackedJob) {
  const db = await database();
  await db?.put('jobs', job);
}

export const jobsStore = {
  /** Loads the signed-in user's jobs; jobs of other users on this browser stay hidden. */
  async load(email: string): Promise<void> {
    owner = email;
    const db = await database();
    const stored = db ? await db.getAllFromIndex('jobs', 'owner', email) : [];
    if (owner !== email) return;
    const byId = new Map(stored.map((job) => [job.id, job]));
    for (const job of jobs) if (job.owner === email) byId.set(job.id, job);
    publish([...byId.values()]);
  },

  unload(): void {
    owner = null;
    unseen = [];
    publish([]);
  },

  /** A job ended away from its page: the Jobs button counts it until the tray is opened. */
  markUnseen(id: string): void {
    if (unseen.includes(id)) return;
    unseen = [...unseen, id];
    publish(jobs);
  },

  markAllSeen(): void {
    if (unseen.length === 0) return;
    unseen = [];
    publish(jobs);
  },

  unseenSnapshot: () => unseen,

  track(
    job: Pick<BackgroundJob, 'id' | 'status'> & {
      type: Job['type'];
      contentUploads?: readonly ContentUpload[];
    },
    result?: JobResult,
    about: { origin?: string | undefined; label?: string | undefined } = {},
  ): void {
    if (!owner || jobs.some((tracked) => tracked.id === job.id)) return;
    const tracked: TrackedJob = {
      id: job.id,
      owner,
      trackedAt: Date.now(),
      type: job.type,
      status: job.status,
      uploads: job.contentUploads ?? [],
      job: null,
      ...(result && { result }),
      ...(about.origin && { origin: about.origin }),
      ...(about.label && { label: about.label }),
    };
    publish([tracked, ...jobs]);
    void persist(tracked);
  },

  update(job: Job): void {
    const current = jobs.find((tracked) => tracked.id === job.id);
    if (!current) return;
    const next: TrackedJob = { ...current, status: job.status, type: job.type, job };
    publish(jobs.map((tracked) => (tracked.id === job.id ? next : tracked)));
    void persist(next);
  },

  async remove(ids: readonly string[]): Promise<void> {
    publish(jobs.filter((job) => !ids.includes(job.id)));
    const db = await database();
    if (db) await Promise.all(ids.map((id) => db.delete('jobs', id)));
  },

  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => jobs,
};

export function useTrackedJobs(): readonly TrackedJob[] {
  return useSyncExternalStore(jobsStore.subscribe, jobsStore.snapshot);
}

/** Ids of jobs that ended while the user was elsewhere, not yet seen in the tray. */
export function useUnseenJobs(): readonly string[] {
  return useSyncExternalStore(jobsStore.subscribe, jobsStore.unseenSnapshot);
}
