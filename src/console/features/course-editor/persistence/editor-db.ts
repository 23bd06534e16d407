// The editor's IndexedDB: autosaved drafts (per user and course) and the apply journal. A separate
// database from the jobs tray's, so the two never contend over schema versions.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import type { CourseDraft, Journal, JournalRecord, Plan } from '#compiler/index.ts';

export interface SavedDraft {
  /** `${userEmail}|${courseId or "new"}` */
  key: string;
  draft: CourseDraft;
  savedAt: number;
  /** The course's `updatedAt` when the draft was opened (new courses: null). */
  baseVersion: string | null;
}

export interface PendingRun {
  key: string;
  plan: Plan;
  startedAt: number;
}

interface EditorDb extends DBSchema {
  drafts: { key: string; value: SavedDraft };
  journal: { key: string; value: JournalRecord };
  runs: { key: string; value: PendingRun };
}

let dbPromise: Promise<IDBPDatabase<EditorDb> | null> | undefined;

function database(): Promise<IDBPDatabase<EditorDb> | null> {
  dbPromise ??= (
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<EditorDb>('lectern-editor', 1, {
          upgrade(db) {
            db.createObjectStore('drafts', { keyPath: 'key' });
            db.createObjectStore('journal', { keyPath: 'planId' });
            db.createObjectStore('runs', { keyPath: 'key' });
          },
        })
  ).catch(() => null); // Private browsing may refuse IndexedDB: the editor then works without backup.
  return dbPromise;
}

export const draftKey = (userEmail: string, courseId: string | null) =>
  `${userEmail}|${courseId ?? 'new'}`;

export const autosave = {
  async load(key: string): Promise<SavedDraft | undefined> {
    return (await database())?.get('drafts', key);
  },
  async save(entry: SavedDraft): Promise<void> {
    await writeNow((tx) => tx.store.put(entry));
  },
  async clear(key: string): Promise<void> {
    await writeNow((tx) => tx.store.delete(key));
  },
};

/**
 * One write to the drafts store, committed at once rather than when the current task ends: the
 * autosave's last write is made as the page is left (pagehide), when there may be no later task.
 */
async function writeNow(
  request: (tx: IDBPTransaction<EditorDb, ['drafts'], 'readwrite'>) => Promise<unknown>,
): Promise<void> {
  const db = await database();
  if (!db) return;
  const tx = db.transaction('drafts', 'readwrite');
  const done = Promise.all([request(tx), tx.done]);
  tx.commit();
  await done;
}

/** The run in progress for a draft, so a reload can resume it from its journal. */
export const pendingRuns = {
  async load(key: string): Promise<PendingRun | undefined> {
    return (await database())?.get('runs', key);
  },
  async save(run: PendingRun): Promise<void> {
    await (await database())?.put('runs', run);
  },
  async clear(key: string): Promise<void> {
    await (await database())?.delete('runs', key);
  },
};

/** The compiler's journal, kept in IndexedDB so an apply survives a reload or a crash. */
export class IndexedDbJournal implements Journal {
  async load(planId: string): Promise<JournalRecord | undefined> {
    return (await database())?.get('journal', planId);
  }

  async save(record: JournalRecord): Promise<void> {
    const db = await database();
    // structuredClone: the executor keeps mutating its record after saving it.
    if (db) await db.put('journal', structuredClone(record));
  }
}
