// The editor's IndexedDB: autosaved drafts (per user and course) with their undo history and the
// course as it was when the draft was begun (its baseline), named backups (a draft kept aside: taken
// over by a colleague, or set aside for another one), and the apply journal. A separate database from
// the jobs tray's, so the two never contend over schema versions.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Baseline, CourseDraft, Journal, JournalRecord, Plan } from '#compiler/index.ts';
import type { DraftHistory } from '../state/history.ts';

export interface SavedDraft {
  /** `${userEmail}|${courseId or "new"}` */
  key: string;
  draft: CourseDraft;
  savedAt: number;
  /**
   * The undo history. Drafts share their unchanged parts, and IndexedDB's structured clone keeps
   * shared objects shared, so the stored size grows with what each edit changed, not with the draft.
   */
  history?: DraftHistory;
  /**
   * Whether the course as it was when the draft was begun is stored with it (`baselines`, same key).
   * A backup without it (an older one) is stale: what changed on the server since is unknown.
   */
  hasBaseline?: boolean;
  /**
   * What was typed into fields whose value the draft cannot hold (a price of `1000000.001`), by
   * `${nodeId}|${field}`: kept so that nothing typed is lost on a reload.
   */
  typed?: Record<string, string>;
}

/** A draft kept aside under a name, until the user restores, exports or deletes it. */
export interface NamedBackup {
  id: string;
  /** The autosave key of the draft it came from (`${userEmail}|${courseId or "new"}`). */
  key: string;
  /** Why it was kept, in words ("Bob Smith took over editing"). */
  reason: string;
  savedAt: number;
  draft: CourseDraft;
  history?: DraftHistory;
  typed?: Record<string, string>;
  /** The course as it was when the draft was begun (null: a new course, or unknown). */
  baseline: Baseline | null;
  baselineKnown: boolean;
}

interface StoredBaseline {
  key: string;
  baseline: Baseline;
}

export interface PendingRun {
  key: string;
  plan: Plan;
  startedAt: number;
}

interface EditorDb extends DBSchema {
  drafts: { key: string; value: SavedDraft };
  baselines: { key: string; value: StoredBaseline };
  journal: { key: string; value: JournalRecord };
  runs: { key: string; value: PendingRun };
  backups: { key: string; value: NamedBackup; indexes: { byKey: string } };
}

let dbPromise: Promise<IDBPDatabase<EditorDb> | null> | undefined;

function database(): Promise<IDBPDatabase<EditorDb> | null> {
  dbPromise ??= (
    typeof indexedDB === 'undefined'
      ? Promise.resolve(null)
      : openDB<EditorDb>('lectern-editor', 3, {
          upgrade(db, oldVersion) {
            if (oldVersion < 1) {
              db.createObjectStore('drafts', { keyPath: 'key' });
              db.createObjectStore('journal', { keyPath: 'planId' });
              db.createObjectStore('runs', { keyPath: 'key' });
            }
            if (oldVersion < 2) db.createObjectStore('baselines', { keyPath: 'key' });
            if (oldVersion < 3)
              db.createObjectStore('backups', { keyPath: 'id' }).createIndex('byKey', 'key');
          },
        })
  ).catch(() => null); // Private browsing may refuse IndexedDB: the editor then works without backup.
  return dbPromise;
}

export const draftKey = (userEmail: string, courseId: string | null) =>
  `${userEmail}|${courseId ?? 'new'}`;

export interface Backup {
  entry: SavedDraft;
  /** The course as it was when the draft was begun; null when the backup did not store it. */
  baseline: Baseline | null;
}

export const autosave = {
  async load(key: string): Promise<Backup | undefined> {
    const db = await database();
    const entry = await db?.get('drafts', key);
    if (!db || !entry) return undefined;
    const stored = entry.hasBaseline ? await db.get('baselines', key) : undefined;
    return {
      entry: { ...entry, hasBaseline: stored !== undefined },
      baseline: stored?.baseline ?? null,
    };
  },
  /**
   * Writes the draft and, when given, the baseline it is planned against, in one transaction: a
   * crash never leaves a draft beside another draft's baseline. `baseline` undefined: unchanged.
   */
  async save(entry: SavedDraft, baseline?: Baseline | null): Promise<void> {
    await writeNow((drafts, baselines) => [
      ...(baseline === undefined
        ? []
        : [baseline ? baselines.put({ key: entry.key, baseline }) : baselines.delete(entry.key)]),
      drafts.put(entry),
    ]);
  },
  /** Removes the backup, flushed to disk before it resolves ("Discard it" waits for this). */
  async clear(key: string): Promise<void> {
    await writeNow((drafts, baselines) => [drafts.delete(key), baselines.delete(key)], 'strict');
  },
};

type Store<N extends 'drafts' | 'baselines'> = {
  put(value: EditorDb[N]['value']): Promise<unknown>;
  delete(key: string): Promise<unknown>;
};

/**
 * One write to the drafts and their baselines, committed at once rather than when the current task
 * ends: the autosave's last write is made as the page is left (pagehide), when there may be no later
 * task.
 */
async function writeNow(
  /** Makes every request at once (a committed transaction takes no more). */
  requests: (drafts: Store<'drafts'>, baselines: Store<'baselines'>) => Promise<unknown>[],
  durability: 'default' | 'strict' = 'default',
): Promise<void> {
  const db = await database();
  if (!db) return;
  const tx = db.transaction(['drafts', 'baselines'], 'readwrite', { durability });
  const done = Promise.all([
    ...requests(tx.objectStore('drafts'), tx.objectStore('baselines')),
    tx.done,
  ]);
  tx.commit();
  await done;
}

/** Named backups: drafts kept aside, never thrown away but by the user. */
export const namedBackups = {
  /** A draft's backups, newest first. */
  async list(key: string): Promise<NamedBackup[]> {
    const db = await database();
    const all = (await db?.getAllFromIndex('backups', 'byKey', key)) ?? [];
    return all.sort((a, b) => b.savedAt - a.savedAt);
  },
  async get(id: string): Promise<NamedBackup | undefined> {
    return (await database())?.get('backups', id);
  },
  /** Writes the backup, flushed to disk before it resolves (it may be the only copy). */
  async add(backup: NamedBackup): Promise<void> {
    const db = await database();
    if (!db) throw new Error('This browser keeps no backups (its storage is turned off).');
    const tx = db.transaction('backups', 'readwrite', { durability: 'strict' });
    await Promise.all([tx.store.put(backup), tx.done]);
  },
  async remove(id: string): Promise<void> {
    await (await database())?.delete('backups', id);
  },
};

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
