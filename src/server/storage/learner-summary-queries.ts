// The learner page's summary as SQL (issue 25): one statement over the learner's rows (their index,
// relay_events_learner) sums them up per kind, per course and per learning path, and a bounded read
// fetches the few payloads the summary quotes (the latest identity, and per item its latest title and
// progress), instead of parsing every stored event of the learner.
//
// Payloads are not parsed row by row: a substring search in the stored JSON (instr on SQLite, strpos on
// PostgreSQL: exact, and cheaper than LIKE; JSON.stringify writes no spaces) picks the few rows that may
// say `"action":"started"`, and only those are parsed to make sure the action is the data's. Titles and
// progress figures are read in JavaScript from the quoted payloads; an item whose latest event does not
// say them is looked up again event by event (learner-summary.ts).
//
// "First" (enrolled, started, completed, certificate) is the earliest by event time. The fold this
// replaced took the first stored, which the relay's per-kind polls store out of time order across kinds
// (a completion action stored after a later completion event).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

/**
 * One group of the learner's events: a kind, a course or a learning path; or one of the learner's latest
 * events ('latest', newest first by event time: their payloads name the learner).
 */
export interface LearnerGroupRow {
  type: 'kind' | 'course' | 'learningPath' | 'latest';
  id: string;
  events: number;
  /** The group's first stored event (ties of `lastAt` keep the order items were first seen in). */
  firstSeq: number;
  firstAt: number;
  lastAt: number;
  enrolledAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  certificateAt: number | null;
  /** The latest event of the group whose payload mentions progressPercent. */
  progressSeq: number | null;
  /** The group's latest event. */
  lastSeq: number;
}

/** How many of the learner's latest events are quoted for their name and email. */
export const IDENTITY_LOOKBACK = 20;

/** Whether the data's action is this one: a substring first, then the parse of the few rows it lets by. */
function actionIs(engine: Engine, action: 'started' | 'completed'): RawBuilder<unknown> {
  const text = sql.lit(`"action":${JSON.stringify(action)}`);
  if (engine === 'sqlite')
    return sql`CASE WHEN instr(payload, ${text}) > 0 THEN coalesce(json_type(payload, '$.data.action') = 'text' AND json_extract(payload, '$.data.action') = ${sql.lit(action)}, 0) ELSE 0 END`;
  // `json`, not `jsonb`, and a \u0000 escape read as \ufffd first: PostgreSQL refuses to extract a value
  // that holds U+0000, which a stored payload may (its text cannot); the swap keeps the JSON valid and an
  // action unlike "started". The value is compared as its JSON text, as stored.
  return sql`CASE WHEN strpos(payload, ${text}) > 0 THEN coalesce((replace(payload, ${sql.lit('\\u0000')}, ${sql.lit('\\ufffd')})::json -> 'data' -> 'action')::text = ${sql.lit(JSON.stringify(action))}, false) ELSE false END`;
}

/** The statement behind `learnerGroups` (the plan test reads its plan). */
export function learnerGroupsQuery(engine: Engine, learnerId: string) {
  const resource = (type: 'course' | 'learningPath', column: string) => sql`
    SELECT ${sql.lit(type)} AS type, ${sql.ref(column)} AS id, COUNT(*) AS events, MIN(seq) AS first_seq,
      MIN(timestamp) AS first_at, MAX(timestamp) AS last_at,
      MIN(CASE WHEN kind IN ('courseEnrollment', 'learningPathEnrollment') THEN timestamp END) AS enrolled_at,
      MIN(CASE WHEN started THEN timestamp END) AS started_at,
      MIN(CASE WHEN kind = 'courseCompletion' OR completed THEN timestamp END) AS completed_at,
      MIN(CASE WHEN kind = 'courseCertificate' THEN timestamp END) AS certificate_at,
      MAX(CASE WHEN progressed THEN seq END) AS progress_seq, MAX(seq) AS last_seq
    FROM learner_rows WHERE ${sql.ref(column)} IS NOT NULL GROUP BY ${sql.ref(column)}`;
  return sql<Record<string, unknown>>`
    WITH learner_rows AS MATERIALIZED (
      SELECT seq, kind, timestamp, course_id, learning_path_id,
        ${actionIs(engine, 'started')} AS started, ${actionIs(engine, 'completed')} AS completed,
        ${engine === 'sqlite' ? sql`instr` : sql`strpos`}(payload, '"progressPercent":') > 0 AS progressed
      FROM relay_events WHERE learner_id = ${learnerId}
    )
    ${resource('course', 'course_id')}
    UNION ALL ${resource('learningPath', 'learning_path_id')}
    UNION ALL
    SELECT 'kind', kind, COUNT(*), MIN(seq), MIN(timestamp), MAX(timestamp),
      NULL, NULL, NULL, NULL, NULL, MAX(seq)
    FROM learner_rows GROUP BY kind
    UNION ALL
    SELECT 'latest', NULL, 1, seq, timestamp, timestamp, NULL, NULL, NULL, NULL, NULL, seq
    FROM (SELECT seq, timestamp FROM learner_rows ORDER BY timestamp DESC, seq DESC
      LIMIT ${sql.lit(IDENTITY_LOOKBACK)}) AS latest`;
}

/** Every group of one learner's stored events (kinds, courses, learning paths, latest events). */
export async function learnerGroups(
  db: Db,
  engine: Engine,
  learnerId: string,
): Promise<LearnerGroupRow[]> {
  const result = await learnerGroupsQuery(engine, learnerId).execute(db);
  const num = (value: unknown) => (value === null ? null : Number(value));
  return result.rows.map((row) => ({
    type: row.type as LearnerGroupRow['type'],
    id: String(row.id),
    events: Number(row.events),
    firstSeq: Number(row.first_seq),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
    enrolledAt: num(row.enrolled_at),
    startedAt: num(row.started_at),
    completedAt: num(row.completed_at),
    certificateAt: num(row.certificate_at),
    progressSeq: num(row.progress_seq),
    lastSeq: Number(row.last_seq),
  }));
}

/** Payloads by seq (the few a summary quotes), in chunks well under both engines' parameter limits. */
export async function payloadsBySeq(db: Db, seqs: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const unique = [...new Set(seqs)];
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await db
      .selectFrom('relay_events')
      .select(['seq', 'payload'])
      .where('seq', 'in', unique.slice(start, start + 1000))
      .execute();
    for (const row of rows) out.set(Number(row.seq), row.payload);
  }
  return out;
}

/**
 * One course's or learning path's events of the learner, newest first, for the rare item whose latest
 * event does not give a title (or whose latest progress mention is not a figure): bounded by its events.
 */
export async function groupPayloads(
  db: Db,
  learnerId: string,
  type: 'course' | 'learningPath',
  id: string,
  progressOnly: boolean,
): Promise<string[]> {
  const rows = await db
    .selectFrom('relay_events')
    .select('payload')
    .where('learner_id', '=', learnerId)
    .where(type === 'course' ? 'course_id' : 'learning_path_id', '=', id)
    .$if(progressOnly, (q) => q.where('payload', 'like', '%"progressPercent":%'))
    .orderBy('seq', 'desc')
    .execute();
  return rows.map((row) => row.payload);
}
