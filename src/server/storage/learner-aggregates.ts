// The learner page's summary kept up to date as events are stored (issue 25): per learner, one row per
// kind, course and learning path of their events (relay_learner_items) and their latest identity
// (relay_learners), upserted in the transaction that stores the events. The summary then reads the
// learner's few hundred rows instead of their thousands of events.
//
// One fold (`foldEvents`) serves every writer: the relay's inserts, the backfill of the migration that
// made the tables, and the rebuild of learners whose old events retention deleted. Merging two folds is
// associative (sums, earliest times, and the value of the highest seq), so a batch's fold merges into the
// stored row whatever the order batches come in. "First" is the earliest by event time; the title and the
// progress are the latest stored that give one (highest seq), as the relay's history pages read newest.
import { sql, type RawBuilder } from 'kysely';
import type { Db } from './schema.ts';

/** A stored event as the fold reads it. */
export interface FoldSource {
  seq: number;
  kind: string;
  timestamp: number;
  learnerId: string | null;
  courseId: string | null;
  learningPathId: string | null;
  payload: string;
}

export type ItemType = 'kind' | 'course' | 'learningPath';

export interface ItemAggregate {
  learnerId: string;
  type: ItemType;
  id: string;
  events: number;
  firstSeq: number;
  firstAt: number;
  lastAt: number;
  lastSeq: number;
  enrolledAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  certificateAt: number | null;
  /** The latest progressPercent figure in the data, and the seq of its event. */
  progress: number | null;
  progressSeq: number | null;
  /**
   * The latest non-blank title of the course or learning path as JSON (PostgreSQL's text cannot hold the
   * U+0000 a feed's title may), and the seq of its event.
   */
  title: string | null;
  titleSeq: number | null;
}

export interface LearnerAggregate {
  learnerId: string;
  /** The learner object of the latest event (by time, then seq) that carries one, as JSON. */
  identity: string | null;
  identityAt: number | null;
  identitySeq: number | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const earliest = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.min(a, b);

/** Folds events (any order) into one aggregate per learner and item, and one identity per learner. */
export function foldEvents(events: readonly FoldSource[]): {
  items: ItemAggregate[];
  learners: LearnerAggregate[];
} {
  const items = new Map<string, ItemAggregate>();
  const learners = new Map<string, LearnerAggregate>();
  for (const event of events) {
    if (event.learnerId === null) continue;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(event.payload);
    } catch {
      // Stored payloads are JSON.stringify's; one that is not still counts, it just says nothing more.
    }
    const body = isObject(parsed) ? parsed : {};
    const data = isObject(body.data) ? body.data : {};
    const action = str(data.action);
    const progress = typeof data.progressPercent === 'number' ? data.progressPercent : null;
    const enrolled = event.kind === 'courseEnrollment' || event.kind === 'learningPathEnrollment';
    const at = event.timestamp;
    const add = (type: ItemType, id: string, title: string | null) => {
      const one: ItemAggregate = {
        learnerId: event.learnerId!,
        type,
        id,
        events: 1,
        firstSeq: event.seq,
        firstAt: at,
        lastAt: at,
        lastSeq: event.seq,
        enrolledAt: type !== 'kind' && enrolled ? at : null,
        startedAt: type !== 'kind' && action === 'started' ? at : null,
        completedAt:
          type !== 'kind' && (event.kind === 'courseCompletion' || action === 'completed')
            ? at
            : null,
        certificateAt: type !== 'kind' && event.kind === 'courseCertificate' ? at : null,
        progress: type === 'kind' ? null : progress,
        progressSeq: type === 'kind' || progress === null ? null : event.seq,
        title: title === null ? null : JSON.stringify(title),
        titleSeq: title === null ? null : event.seq,
      };
      const key = `${event.learnerId}\u0000${type}\u0000${id}`;
      const current = items.get(key);
      items.set(key, current ? mergeItems(current, one) : one);
    };
    add('kind', event.kind, null);
    const titleOf = (resource: unknown) => {
      const title = isObject(resource) ? str(resource.title) : null;
      return title !== null && title.trim() !== '' ? title : null;
    };
    if (event.courseId !== null) add('course', event.courseId, titleOf(body.course));
    if (event.learningPathId !== null)
      add('learningPath', event.learningPathId, titleOf(body.learningPath));
    if (isObject(body.learner)) {
      const learner = body.learner;
      const one: LearnerAggregate = {
        learnerId: event.learnerId,
        identity: JSON.stringify({
          id: str(learner.id) ?? '',
          email: str(learner.email) ?? '',
          firstName: str(learner.firstName) ?? '',
          lastName: str(learner.lastName) ?? '',
        }),
        identityAt: at,
        identitySeq: event.seq,
      };
      const current = learners.get(event.learnerId);
      learners.set(event.learnerId, current && !isLater(one, current) ? current : one);
    }
  }
  return { items: [...items.values()], learners: [...learners.values()] };
}

const isLater = (a: LearnerAggregate, b: LearnerAggregate) =>
  a.identityAt! > b.identityAt! ||
  (a.identityAt === b.identityAt && a.identitySeq! > b.identitySeq!);

function mergeItems(a: ItemAggregate, b: ItemAggregate): ItemAggregate {
  const latest = <K extends 'progress' | 'title'>(value: K, seq: `${K}Seq`) =>
    b[seq] !== null && (a[seq] === null || b[seq] > a[seq]) ? b : a;
  const progress = latest('progress', 'progressSeq');
  const title = latest('title', 'titleSeq');
  return {
    ...a,
    events: a.events + b.events,
    firstSeq: Math.min(a.firstSeq, b.firstSeq),
    firstAt: Math.min(a.firstAt, b.firstAt),
    lastAt: Math.max(a.lastAt, b.lastAt),
    lastSeq: Math.max(a.lastSeq, b.lastSeq),
    enrolledAt: earliest(a.enrolledAt, b.enrolledAt),
    startedAt: earliest(a.startedAt, b.startedAt),
    completedAt: earliest(a.completedAt, b.completedAt),
    certificateAt: earliest(a.certificateAt, b.certificateAt),
    progress: progress.progress,
    progressSeq: progress.progressSeq,
    title: title.title,
    titleSeq: title.titleSeq,
  };
}

/** Rows per upsert: 17 parameters each, well under both engines' limits. */
const UPSERT_CHUNK = 500;

/** SQL's earlier of two nullable values (SQLite's min() and PostgreSQL's LEAST differ on NULL). */
const earlier = (column: string): RawBuilder<number | null> =>
  sql`CASE WHEN excluded.${sql.ref(column)} IS NULL THEN relay_learner_items.${sql.ref(column)}
    WHEN relay_learner_items.${sql.ref(column)} IS NULL OR excluded.${sql.ref(column)} < relay_learner_items.${sql.ref(column)}
    THEN excluded.${sql.ref(column)} ELSE relay_learner_items.${sql.ref(column)} END`;

/** The stored value unless the incoming one is of a later event. */
const later = (column: string, seq: string): RawBuilder<unknown> =>
  sql`CASE WHEN excluded.${sql.ref(seq)} IS NOT NULL AND (relay_learner_items.${sql.ref(seq)} IS NULL OR excluded.${sql.ref(seq)} > relay_learner_items.${sql.ref(seq)})
    THEN excluded.${sql.ref(column)} ELSE relay_learner_items.${sql.ref(column)} END`;

/** Merges a fold into the stored aggregates (inside the caller's transaction). */
export async function storeFold(db: Db, fold: ReturnType<typeof foldEvents>): Promise<void> {
  for (let start = 0; start < fold.items.length; start += UPSERT_CHUNK)
    await db
      .insertInto('relay_learner_items')
      .values(
        fold.items.slice(start, start + UPSERT_CHUNK).map((item) => ({
          learner_id: item.learnerId,
          item_type: item.type,
          item_id: item.id,
          events: item.events,
          first_seq: item.firstSeq,
          first_at: item.firstAt,
          last_at: item.lastAt,
          last_seq: item.lastSeq,
          enrolled_at: item.enrolledAt,
          started_at: item.startedAt,
          completed_at: item.completedAt,
          certificate_at: item.certificateAt,
          progress: item.progress,
          progress_seq: item.progressSeq,
          title: item.title,
          title_seq: item.titleSeq,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['learner_id', 'item_type', 'item_id']).doUpdateSet({
          events: sql`relay_learner_items.events + excluded.events`,
          first_seq: earlier('first_seq') as RawBuilder<number>,
          first_at: earlier('first_at') as RawBuilder<number>,
          last_at: sql`CASE WHEN excluded.last_at > relay_learner_items.last_at THEN excluded.last_at ELSE relay_learner_items.last_at END`,
          last_seq: sql`CASE WHEN excluded.last_seq > relay_learner_items.last_seq THEN excluded.last_seq ELSE relay_learner_items.last_seq END`,
          enrolled_at: earlier('enrolled_at'),
          started_at: earlier('started_at'),
          completed_at: earlier('completed_at'),
          certificate_at: earlier('certificate_at'),
          progress: later('progress', 'progress_seq') as RawBuilder<number | null>,
          progress_seq: later('progress_seq', 'progress_seq') as RawBuilder<number | null>,
          title: later('title', 'title_seq') as RawBuilder<string | null>,
          title_seq: later('title_seq', 'title_seq') as RawBuilder<number | null>,
        }),
      )
      .execute();
  for (let start = 0; start < fold.learners.length; start += UPSERT_CHUNK)
    await db
      .insertInto('relay_learners')
      .values(
        fold.learners.slice(start, start + UPSERT_CHUNK).map((learner) => ({
          learner_id: learner.learnerId,
          identity: learner.identity,
          identity_at: learner.identityAt,
          identity_seq: learner.identitySeq,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('learner_id').doUpdateSet(() => {
          const newer = sql`relay_learners.identity_at IS NULL OR excluded.identity_at > relay_learners.identity_at OR (excluded.identity_at = relay_learners.identity_at AND excluded.identity_seq > relay_learners.identity_seq)`;
          const pick = (column: string) =>
            sql`CASE WHEN ${newer} THEN excluded.${sql.ref(column)} ELSE relay_learners.${sql.ref(column)} END`;
          return {
            identity: pick('identity') as RawBuilder<string | null>,
            identity_at: pick('identity_at') as RawBuilder<number | null>,
            identity_seq: pick('identity_seq') as RawBuilder<number | null>,
          };
        }),
      )
      .execute();
}

/** Events read per batch when aggregates are rebuilt from the stored events. */
const REBUILD_BATCH = 5000;

/**
 * Rebuilds the aggregates of these learners (all learners: null) from their stored events: the
 * migration's backfill, and the learners whose oldest events retention deleted. Inside the caller's
 * transaction.
 */
export async function rebuildAggregates(
  db: Db,
  learnerIds: readonly string[] | null,
): Promise<void> {
  if (learnerIds === null) {
    await db.deleteFrom('relay_learner_items').execute();
    await db.deleteFrom('relay_learners').execute();
  } else {
    if (learnerIds.length === 0) return;
    for (let start = 0; start < learnerIds.length; start += UPSERT_CHUNK) {
      const some = learnerIds.slice(start, start + UPSERT_CHUNK);
      await db.deleteFrom('relay_learner_items').where('learner_id', 'in', some).execute();
      await db.deleteFrom('relay_learners').where('learner_id', 'in', some).execute();
    }
  }
  const chunks: (readonly string[] | null)[] = [];
  if (learnerIds === null) chunks.push(null);
  else
    for (let start = 0; start < learnerIds.length; start += UPSERT_CHUNK)
      chunks.push(learnerIds.slice(start, start + UPSERT_CHUNK));
  for (const some of chunks) {
    let after = 0;
    for (;;) {
      const rows = await db
        .selectFrom('relay_events')
        .select([
          'seq',
          'kind',
          'timestamp',
          'learner_id',
          'course_id',
          'learning_path_id',
          'payload',
        ])
        .where('seq', '>', after)
        .$if(some === null, (q) => q.where('learner_id', 'is not', null))
        .$if(some !== null, (q) => q.where('learner_id', 'in', some!))
        .orderBy('seq')
        .limit(REBUILD_BATCH)
        .execute();
      if (rows.length === 0) break;
      await storeFold(
        db,
        foldEvents(
          rows.map((row) => ({
            seq: Number(row.seq),
            kind: row.kind,
            timestamp: Number(row.timestamp),
            learnerId: row.learner_id,
            courseId: row.course_id,
            learningPathId: row.learning_path_id,
            payload: row.payload,
          })),
        ),
      );
      after = Number(rows.at(-1)!.seq);
      if (rows.length < REBUILD_BATCH) break;
    }
  }
}
