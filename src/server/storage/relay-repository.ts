// Relayed events and the relay's per-kind state. Inserts are idempotent (UNIQUE (kind, event_id)), the
// relay's seq is the monotonic id SSE clients resume from, and history pages are keyset by seq.
//
// Readers follow the table by seq ("everything after the last id I sent"), so a seq must never become
// visible after a higher one: on PostgreSQL, event inserts take a transaction-scoped advisory lock before
// drawing their seqs, so they commit one at a time, in seq order, even if two servers ever insert at
// once. SQLite has one writer anyway.
import { sql } from 'kysely';
import type { Db } from './database.ts';
import {
  EVENT_COLUMNS,
  readHistory,
  type HistoryFilter,
  type StoredEventRow,
} from './event-history-queries.ts';
import { foldEvents, rebuildAggregates, storeFold, type FoldSource } from './learner-aggregates.ts';
import { learnerIdentity, learnerItems } from './learner-summary-queries.ts';
import type { Engine } from './schema.ts';

/** Serializes event inserts on PostgreSQL (transaction-scoped advisory lock). */
const EVENT_INSERT_LOCK = 7_365_011;
/** Rows per INSERT statement: 10 parameters each, well under both engines' limits. */
const INSERT_CHUNK = 500;

/** A feed event as the relay stores and indexes it (relay/normalize-event.ts makes it). */
export interface NormalizedEvent {
  eventId: string;
  kind: string;
  timestamp: number;
  learnerId: string | null;
  learnerEmail: string | null;
  learnerName: string | null;
  courseId: string | null;
  learningPathId: string | null;
  /** The event's JSON, exactly as the feed returned it. */
  payload: string;
}

export interface KindStateRow {
  kind: string;
  checkpoint: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  throttled_until: number | null;
  stored_total: number;
  state: string | null;
  next_poll_at: number | null;
}

// The history's row and filter are declared with its queries; named here too for the relay's callers.
export type { HistoryFilter, StoredEventRow };

export interface KindProblem {
  state: string;
  error: string | null;
  errorAt: number | null;
  throttledUntil: number | null;
  nextPollAt: number | null;
}

export function createRelayRepository(db: Db, engine: Engine) {
  return {
    async ensureKind(kind: string): Promise<void> {
      await db
        .insertInto('relay_kinds')
        .values({ kind })
        .onConflict((conflict) => conflict.column('kind').doNothing())
        .execute();
    },
    kindState: (kind: string): Promise<KindStateRow | undefined> =>
      db.selectFrom('relay_kinds').selectAll().where('kind', '=', kind).executeTakeFirst(),
    kindStates: (): Promise<KindStateRow[]> =>
      db.selectFrom('relay_kinds').selectAll().orderBy('kind').execute(),

    /** Stores one page in one transaction; returns how many events were new. */
    insertPage(kind: string, events: NormalizedEvent[], at: number): Promise<number> {
      if (events.length === 0) return Promise.resolve(0);
      return db.transaction().execute(async (trx) => {
        if (engine === 'postgres')
          await sql`SELECT pg_advisory_xact_lock(${EVENT_INSERT_LOCK})`.execute(trx);
        const stored: FoldSource[] = [];
        for (let start = 0; start < events.length; start += INSERT_CHUNK) {
          const chunk = events.slice(start, start + INSERT_CHUNK);
          const rows = await trx
            .insertInto('relay_events')
            .values(
              chunk.map((event) => ({
                event_id: event.eventId,
                kind: event.kind,
                timestamp: event.timestamp,
                learner_id: event.learnerId,
                learner_email: event.learnerEmail,
                learner_name: event.learnerName,
                course_id: event.courseId,
                learning_path_id: event.learningPathId,
                payload: event.payload,
                received_at: at,
              })),
            )
            .onConflict((conflict) => conflict.columns(['kind', 'event_id']).doNothing())
            .returning(['seq', 'event_id'])
            .execute();
          // Only the rows stored now (not those the feed delivered again) join the learner aggregates;
          // of two events with one id in a page, the first is the one stored.
          const byId = new Map<string, NormalizedEvent>();
          for (const event of chunk) if (!byId.has(event.eventId)) byId.set(event.eventId, event);
          for (const row of rows) {
            const event = byId.get(row.event_id)!;
            stored.push({ ...event, seq: Number(row.seq) });
          }
        }
        const inserted = stored.length;
        await storeFold(trx, foldEvents(stored));
        if (inserted)
          await trx
            .updateTable('relay_kinds')
            .set((eb) => ({ stored_total: eb('stored_total', '+', inserted) }))
            .where('kind', '=', kind)
            .execute();
        return inserted;
      });
    },

    /**
     * A chain read to its end. The stored checkpoint only moves forward: a deposed leader that finishes a
     * chain late cannot take it back.
     */
    async saveCheckpoint(
      kind: string,
      checkpoint: number | null,
      at: number,
      nextPollAt: number,
    ): Promise<void> {
      await db
        .updateTable('relay_kinds')
        .set((eb) => ({
          checkpoint:
            checkpoint === null
              ? eb.ref('checkpoint')
              : eb
                  .case()
                  .when(eb.or([eb('checkpoint', 'is', null), eb('checkpoint', '<', checkpoint)]))
                  .then(checkpoint)
                  .else(eb.ref('checkpoint'))
                  .end(),
          last_success_at: at,
          last_error: null,
          last_error_at: null,
          throttled_until: null,
          state: 'ok',
          next_poll_at: nextPollAt,
        }))
        .where('kind', '=', kind)
        .execute();
    },
    async saveProblem(kind: string, problem: KindProblem): Promise<void> {
      await db
        .updateTable('relay_kinds')
        .set({
          state: problem.state,
          last_error: problem.error,
          last_error_at: problem.errorAt,
          throttled_until: problem.throttledUntil,
          next_poll_at: problem.nextPollAt,
        })
        .where('kind', '=', kind)
        .execute();
    },
    async maxSeq(): Promise<number> {
      const row = await db
        .selectFrom('relay_events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },
    readAfter(
      afterSeq: number,
      kinds: readonly string[] | null,
      limit: number,
    ): Promise<StoredEventRow[]> {
      return db
        .selectFrom('relay_events')
        .select(EVENT_COLUMNS)
        .where('seq', '>', afterSeq)
        .$if(kinds !== null, (q) => q.where('kind', 'in', kinds!.length ? kinds! : ['']))
        .orderBy('seq')
        .limit(limit)
        .execute();
    },
    /** One learner's kinds, courses and learning paths, summed up as stored (learner-aggregates.ts). */
    learnerItems: (learnerId: string) => learnerItems(db, learnerId),
    /** The learner object of their latest event that carries one (JSON), or null. */
    learnerIdentity: (learnerId: string) => learnerIdentity(db, learnerId),
    /** Newest first, below `beforeSeq` (event-history-queries.ts). */
    history: (filter: HistoryFilter, beforeSeq: number | undefined, limit: number) =>
      readHistory(db, engine, filter, beforeSeq, limit),
    /** Deletes events older than `timestamp` in small batches (short write locks). */
    async deleteOlderThan(timestamp: number, batchSize = 5000): Promise<number> {
      let total = 0;
      for (;;) {
        // The learners whose events go are summed up again from the events they keep, in the same
        // transaction (PostgreSQL: under the insert lock, so no page of theirs is folded in between).
        const deleted = await db.transaction().execute(async (trx) => {
          if (engine === 'postgres')
            await sql`SELECT pg_advisory_xact_lock(${EVENT_INSERT_LOCK})`.execute(trx);
          const rows = await trx
            .deleteFrom('relay_events')
            .where('seq', 'in', (eb) =>
              eb
                .selectFrom('relay_events')
                .select('seq')
                .where('timestamp', '<', timestamp)
                .orderBy('timestamp')
                .limit(batchSize),
            )
            .returning('learner_id')
            .execute();
          const learners = new Set(rows.flatMap((row) => row.learner_id ?? []));
          await rebuildAggregates(trx, [...learners]);
          return rows.length;
        });
        total += deleted;
        if (deleted < batchSize) return total;
      }
    },
  };
}
export type RelayRepository = ReturnType<typeof createRelayRepository>;
