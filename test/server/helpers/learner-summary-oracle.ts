// The learner summary as it was computed before the aggregates were kept at insert time (commit
// 68543f4: SQL aggregates over every stored event of the learner, then the few payloads they quote),
// kept as the oracle the stored aggregates are compared with (learner-aggregates.test.ts). Identity is
// looked for among the learner's 20 latest events, so the tests keep events without a learner object
// fewer than that.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../src/server/storage/database.ts';
import type { Engine } from '../../../src/server/storage/schema.ts';

import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import type {
  LearnerIdentity,
  LearnerResource,
  LearnerSummary,
} from '#contract/console/learners.ts';

/**
 * One group of the learner's events: a kind, a course or a learning path; or one of the learner's latest
 * events ('latest', newest first by event time: their payloads name the learner).
 */
interface LearnerGroupRow {
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
const IDENTITY_LOOKBACK = 20;

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
function learnerGroupsQuery(engine: Engine, learnerId: string) {
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
async function learnerGroups(
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
async function payloadsBySeq(db: Db, seqs: readonly number[]): Promise<Map<number, string>> {
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
async function groupPayloads(
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
type ResourceType = 'course' | 'learningPath';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const parse = (payload: string | undefined): Record<string, unknown> | null => {
  if (payload === undefined) return null;
  const value: unknown = JSON.parse(payload);
  return isObject(value) ? value : null;
};

const KNOWN = new Set<string>(EVENT_KINDS);
const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The name and email an event gives of its learner; null when it carries no learner object. */
function identityOf(payload: string | undefined): LearnerIdentity | null {
  const learner = parse(payload)?.learner;
  if (!isObject(learner)) return null;
  return {
    id: str(learner.id) ?? '',
    email: str(learner.email) ?? '',
    firstName: str(learner.firstName) ?? '',
    lastName: str(learner.lastName) ?? '',
  };
}

/** The title an event gives its course or learning path, unless blank. */
function titleOf(payload: string | undefined, type: ResourceType): string | null {
  const resource = parse(payload)?.[type];
  const title = isObject(resource) ? str(resource.title) : null;
  return title !== null && title.trim() !== '' ? title : null;
}

function progressOf(payload: string | undefined): number | null {
  const data = parse(payload)?.data;
  return isObject(data) && typeof data.progressPercent === 'number' ? data.progressPercent : null;
}

/** What an item's events say of it beyond the aggregates. */
interface Quoted {
  title: string | null;
  progress: number | null;
}

/**
 * The item's title from its latest event, and its progress from the latest event that mentions one;
 * when those do not say it (a blank title, a progress that is not a figure), its events newest first.
 */
async function quote(
  repo: OldRepo,
  learnerId: string,
  group: LearnerGroupRow & { type: ResourceType },
  payloads: ReadonlyMap<number, string>,
): Promise<Quoted> {
  let title = titleOf(payloads.get(group.lastSeq), group.type);
  if (title === null)
    for (const payload of await repo.learnerItemPayloads(learnerId, group.type, group.id, false)) {
      title = titleOf(payload, group.type);
      if (title !== null) break;
    }
  let progress = group.progressSeq === null ? null : progressOf(payloads.get(group.progressSeq));
  if (progress === null && group.progressSeq !== null)
    for (const payload of await repo.learnerItemPayloads(learnerId, group.type, group.id, true)) {
      progress = progressOf(payload);
      if (progress !== null) break;
    }
  return { title, progress };
}

function resource(group: LearnerGroupRow, quoted: Quoted): LearnerResource {
  return {
    id: group.id,
    title: quoted.title ?? '(no title in its events)',
    events: group.events,
    enrolledAt: iso(group.enrolledAt),
    startedAt: iso(group.startedAt),
    completedAt: iso(group.completedAt),
    certificateAt: iso(group.certificateAt),
    progressPercent: quoted.progress,
    lastEventAt: iso(group.lastAt)!,
  };
}

/** One learner's stored history summed up (GET /api/learners/{id}). */
async function readOldSummary(repo: OldRepo, learnerId: string): Promise<LearnerSummary> {
  const groups = await repo.learnerGroups(learnerId);
  const of = (type: LearnerGroupRow['type']) => groups.filter((group) => group.type === type);
  const resources = [...of('course'), ...of('learningPath')] as (LearnerGroupRow & {
    type: ResourceType;
  })[];
  // Newest first by event time; ties: the later stored.
  const latest = of('latest').sort((a, b) => b.lastAt - a.lastAt || b.lastSeq - a.lastSeq);
  const payloads = await repo.payloadsBySeq([
    ...latest.map((group) => group.lastSeq),
    ...resources.flatMap((group) =>
      group.progressSeq === null ? [group.lastSeq] : [group.lastSeq, group.progressSeq],
    ),
  ]);
  const quotes = await Promise.all(
    resources.map((group) => quote(repo, learnerId, group, payloads)),
  );
  const standings = resources.map((group, i) => ({ group, item: resource(group, quotes[i]!) }));
  // Latest activity first; ties keep the order the items were first seen in.
  const byLatest = (type: ResourceType) =>
    standings
      .filter(({ group }) => group.type === type)
      .sort((a, b) => b.group.lastAt - a.group.lastAt || a.group.firstSeq - b.group.firstSeq)
      .map(({ item }) => item);

  const byKind: Partial<Record<EventKind, number>> = {};
  let total = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  for (const group of of('kind')) {
    total += group.events;
    if (KNOWN.has(group.id)) byKind[group.id as EventKind] = group.events;
    firstAt = firstAt === null ? group.firstAt : Math.min(firstAt, group.firstAt);
    lastAt = lastAt === null ? group.lastAt : Math.max(lastAt, group.lastAt);
  }
  return {
    learner:
      latest
        .map((group) => identityOf(payloads.get(group.lastSeq)))
        .find((identity) => identity !== null) ?? null,
    total,
    byKind,
    firstEventAt: iso(firstAt),
    lastEventAt: iso(lastAt),
    courses: byLatest('course'),
    learningPaths: byLatest('learningPath'),
  };
}

interface OldRepo {
  learnerGroups(learnerId: string): Promise<LearnerGroupRow[]>;
  payloadsBySeq(seqs: readonly number[]): Promise<Map<number, string>>;
  learnerItemPayloads(
    learnerId: string,
    type: 'course' | 'learningPath',
    id: string,
    progressOnly: boolean,
  ): Promise<string[]>;
}

/** The summary of one learner's stored events, as the console computed it before the aggregates. */
export function oldLearnerSummary(db: Db, engine: Engine, learnerId: string) {
  const repo: OldRepo = {
    learnerGroups: (id) => learnerGroups(db, engine, id),
    payloadsBySeq: (seqs) => payloadsBySeq(db, seqs),
    learnerItemPayloads: (id, type, item, progressOnly) =>
      groupPayloads(db, id, type, item, progressOnly),
  };
  return readOldSummary(repo, learnerId);
}
