// The events table: inserts for the simulator, keyset pages for the feed. A page is
// `(timestamp, seq) > (last key)` in index order, so a deep page costs what the first one does.
// Events are stored as their wire JSON, so serving a page is string concatenation.
import type { Statement } from 'better-sqlite3';
import type { EventKind, LearnerEvent } from '#contract/index.ts';
import type { Db } from '../storage/database.ts';

export interface EventLearnerSnapshot {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface NewEvent {
  id: string;
  companyId: string;
  kind: EventKind;
  timestamp: number;
  learner: EventLearnerSnapshot;
  courseId: string | null;
  learningPathId: string | null;
  resourceTitle: string;
  topicId: string | null;
  data: Record<string, unknown>;
}

interface PageRow {
  seq: number;
  timestamp: number;
  payload: string;
}

export interface EventPosition {
  timestamp: number;
  seq: number;
}

export interface StoredEventPage {
  /** Each event's JSON, exactly as the feed serves it. */
  payloads: string[];
  /** Position of the last event returned, when more follow. */
  next: EventPosition | undefined;
}

export class EventsRepository {
  private readonly insert: Statement;
  private readonly page: Statement<[string, string, number, number, number], PageRow>;
  private readonly latest: Statement<[string], { latest: number | null }>;

  constructor(db: Db) {
    this.insert = db.prepare(
      `INSERT INTO events (id, company_id, kind, timestamp, learner_id, course_id, learning_path_id,
         topic_id, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.page = db.prepare(
      `SELECT seq, timestamp, payload FROM events
       WHERE company_id = ? AND kind = ? AND (timestamp, seq) > (?, ?)
       ORDER BY timestamp, seq LIMIT ?`,
    );
    this.latest = db.prepare('SELECT MAX(timestamp) AS latest FROM events WHERE company_id = ?');
  }

  add(event: NewEvent): void {
    this.insert.run(
      event.id,
      event.companyId,
      event.kind,
      event.timestamp,
      event.learner.id,
      event.courseId,
      event.learningPathId,
      event.topicId,
      JSON.stringify(toWire(event)),
    );
  }

  /** Events of one kind after `after` (exclusive), oldest first, at most `size`. */
  pageAfter(
    companyId: string,
    kind: EventKind,
    after: EventPosition,
    size: number,
  ): StoredEventPage {
    const rows = this.page.all(companyId, kind, after.timestamp, after.seq, size + 1);
    const more = rows.length > size;
    if (more) rows.length = size;
    const last = rows.at(-1);
    return {
      payloads: rows.map((row) => row.payload),
      next: more && last ? { timestamp: last.timestamp, seq: last.seq } : undefined,
    };
  }

  latestTimestamp(companyId: string): number | null {
    return this.latest.get(companyId)?.latest ?? null;
  }
}

/** The wire shape of the contract's LearnerEvent (key order as documented). */
function toWire(event: NewEvent): LearnerEvent {
  const resource = { id: (event.courseId ?? event.learningPathId)!, title: event.resourceTitle };
  return {
    id: event.id,
    kind: event.kind,
    timestamp: event.timestamp,
    learner: event.learner,
    course: event.courseId ? resource : null,
    learningPath: event.learningPathId ? resource : null,
    topicId: event.topicId,
    data: event.data,
  } as LearnerEvent;
}
