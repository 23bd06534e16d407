// Relayed events and the relay's per-kind state. Inserts are idempotent (UNIQUE (kind, event_id)), the
// relay's seq is the monotonic id SSE clients resume from, and history pages are keyset by seq.
import type { NormalizedEvent } from '../relay/normalize-event.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { SqlWhere } from './sql-where.ts';

export interface KindStateRow {
  kind: string;
  checkpoint: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  throttled_until: number | null;
  stored_total: number;
}

export interface StoredEventRow {
  seq: number;
  kind: string;
  payload: string;
  received_at: number;
}

export interface HistoryFilter {
  kinds?: string[];
  /** Learner id, email, or part of the name. */
  learner?: string;
  /** Course or learning path id. */
  course?: string;
  from?: number;
  to?: number;
}

export function createRelayRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO relay_events (event_id, kind, timestamp, learner_id, learner_email, learner_name,
       course_id, learning_path_id, payload, received_at)
     VALUES (@eventId, @kind, @timestamp, @learnerId, @learnerEmail, @learnerName, @courseId,
       @learningPathId, @payload, @receivedAt)
     ON CONFLICT (kind, event_id) DO NOTHING`,
  );
  const ensureKind = db.prepare<[string]>(
    'INSERT INTO relay_kinds (kind) VALUES (?) ON CONFLICT(kind) DO NOTHING',
  );
  const kindState = db.prepare<[string], KindStateRow>('SELECT * FROM relay_kinds WHERE kind = ?');
  const addStored = db.prepare<[number, string]>(
    'UPDATE relay_kinds SET stored_total = stored_total + ? WHERE kind = ?',
  );
  const saveCheckpoint = db.prepare<[number | null, number, string]>(
    `UPDATE relay_kinds SET checkpoint = ?, last_success_at = ?, last_error = NULL, last_error_at = NULL,
       throttled_until = NULL WHERE kind = ?`,
  );
  const saveProblem = db.prepare<[string | null, number | null, number | null, string]>(
    'UPDATE relay_kinds SET last_error = ?, last_error_at = ?, throttled_until = ? WHERE kind = ?',
  );
  const maxSeq = db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM relay_events');
  const readAfterAll = db.prepare<[number, number], StoredEventRow>(
    'SELECT seq, kind, payload, received_at FROM relay_events WHERE seq > ? ORDER BY seq LIMIT ?',
  );
  const readAfterKinds = db.prepare<[number, string, number], StoredEventRow>(
    `SELECT seq, kind, payload, received_at FROM relay_events
     WHERE seq > ? AND kind IN (SELECT value FROM json_each(?)) ORDER BY seq LIMIT ?`,
  );
  const deleteBatch = db.prepare<[number, number]>(
    `DELETE FROM relay_events WHERE seq IN
       (SELECT seq FROM relay_events WHERE timestamp < ? ORDER BY timestamp LIMIT ?)`,
  );
  const historyStatements = new Map<string, Statement<unknown[]>>();

  const insertPage = db.transaction((kind: string, events: NormalizedEvent[], at: number) => {
    let inserted = 0;
    for (const event of events) inserted += insert.run({ ...event, receivedAt: at }).changes;
    if (inserted) addStored.run(inserted, kind);
    return inserted;
  });

  return {
    ensureKind: (kind: string) => void ensureKind.run(kind),
    kindState: (kind: string): KindStateRow | undefined => kindState.get(kind),
    /** Stores one page in one transaction; returns how many events were new. */
    insertPage: (kind: string, events: NormalizedEvent[], at: number): number =>
      insertPage(kind, events, at),
    saveCheckpoint: (kind: string, checkpoint: number | null, at: number) =>
      void saveCheckpoint.run(checkpoint, at, kind),
    saveProblem: (
      kind: string,
      error: string | null,
      errorAt: number | null,
      throttledUntil: number | null,
    ) => void saveProblem.run(error, errorAt, throttledUntil, kind),
    maxSeq: (): number => maxSeq.get()?.seq ?? 0,
    readAfter(afterSeq: number, kinds: readonly string[] | null, limit: number): StoredEventRow[] {
      return kinds
        ? readAfterKinds.all(afterSeq, JSON.stringify(kinds), limit)
        : readAfterAll.all(afterSeq, limit);
    },
    /** Newest first, below `beforeSeq`. */
    history(filter: HistoryFilter, beforeSeq: number | undefined, limit: number): StoredEventRow[] {
      const learner = filter.learner?.toLowerCase();
      const where = new SqlWhere()
        .add(
          Boolean(filter.kinds?.length),
          'kind IN (SELECT value FROM json_each(?))',
          JSON.stringify(filter.kinds),
        )
        .add(
          learner !== undefined,
          "(learner_id = ? OR learner_email = ? OR learner_name LIKE ? ESCAPE '\\')",
          filter.learner!,
          learner!,
          `%${learner?.replace(/[%_\\]/g, '\\$&')}%`,
        )
        .add(
          filter.course !== undefined,
          '(course_id = ? OR learning_path_id = ?)',
          filter.course!,
          filter.course!,
        )
        .add(filter.from !== undefined, 'timestamp >= ?', filter.from!)
        .add(filter.to !== undefined, 'timestamp < ?', filter.to!)
        .add(beforeSeq !== undefined, 'seq < ?', beforeSeq!);
      const sql = `SELECT seq, kind, payload, received_at FROM relay_events ${where.sql}
        ORDER BY seq DESC LIMIT ?`;
      let statement = historyStatements.get(sql);
      if (!statement) historyStatements.set(sql, (statement = db.prepare<unknown[]>(sql)));
      return statement.all(...where.params, limit) as StoredEventRow[];
    },
    /** Deletes events older than `timestamp` in small batches (short write locks). */
    deleteOlderThan(timestamp: number, batchSize = 5000): number {
      let total = 0;
      for (;;) {
        const deleted = deleteBatch.run(timestamp, batchSize).changes;
        total += deleted;
        if (deleted < batchSize) return total;
      }
    },
  };
}
export type RelayRepo = ReturnType<typeof createRelayRepo>;
