// Course versions and the node index (migration 020-course-history). Versions are numbered per course;
// two servers recording the same course at once both try the next number, and the unique constraint
// turns the second away (`VersionTaken`) so it records again on top of the first. On PostgreSQL, a
// server reads a course's "after" and records it while holding the course's advisory lock
// (whileRecording), so version numbers follow the order the states were read in across servers.
import { sql } from 'kysely';
import type { Db } from './database.ts';
import type { CourseNodesTable, CourseVersionsTable, Engine } from './schema.ts';

/** The first key of the course history's two-key advisory locks (leases use one bigint key). */
const HISTORY_LOCKS = 23;

export type VersionRow = Omit<CourseVersionsTable, 'seq' | 'before_data' | 'after_data'> & {
  seq: number;
  bytes: number;
};
export type NewVersionRow = Omit<CourseVersionsTable, 'seq'>;

export interface StoredStates {
  number: number;
  before_data: Uint8Array | null;
  after_data: Uint8Array;
}

export class VersionTaken extends Error {}

const META = [
  'seq',
  'course_id',
  'number',
  'course_group_id',
  'at',
  'user_email',
  'server_name',
  'kinds',
  'title',
  'status',
  'counts',
  'translation',
  'drift',
  'audit_seqs',
  'chain_start',
  'chain_length',
  'chain_bytes',
  'full_bytes',
] as const;

/** A unique constraint refused the row: SQLite's SQLITE_CONSTRAINT_UNIQUE, PostgreSQL's 23505. */
const isUniqueViolation = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

const INDEX_CHUNK = 500;

export function createHistoryRepository(db: Db, engine: Engine = 'sqlite') {
  const metaQuery = () =>
    db
      .selectFrom('course_versions')
      .select(META)
      .select((eb) =>
        eb(
          eb.fn.coalesce(eb.fn('length', ['before_data']), eb.lit(0)),
          '+',
          eb.fn('length', ['after_data']),
        ).as('bytes'),
      );

  return {
    /**
     * Runs `recording` while no other server reads-and-records these courses (PostgreSQL advisory
     * locks, taken in id order and released when it ends). One SQLite server orders them itself.
     */
    async whileRecording<T>(courseIds: readonly string[], recording: () => Promise<T>): Promise<T> {
      if (engine !== 'postgres' || courseIds.length === 0) return recording();
      return db.transaction().execute(async (tx) => {
        for (const id of [...new Set(courseIds)].sort())
          await sql`select pg_advisory_xact_lock(${HISTORY_LOCKS}, hashtext(${id}))`.execute(tx);
        return recording();
      });
    },

    async insert(row: NewVersionRow): Promise<number> {
      try {
        const inserted = await db
          .insertInto('course_versions')
          .values(row)
          .returning('seq')
          .executeTakeFirstOrThrow();
        return inserted.seq;
      } catch (error) {
        if (isUniqueViolation(error)) throw new VersionTaken();
        throw error;
      }
    },

    latest: (courseId: string): Promise<VersionRow | undefined> =>
      metaQuery()
        .where('course_id', '=', courseId)
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst() as Promise<VersionRow | undefined>,

    find: (courseId: string, number: number): Promise<VersionRow | undefined> =>
      metaQuery()
        .where('course_id', '=', courseId)
        .where('number', '=', number)
        .executeTakeFirst() as Promise<VersionRow | undefined>,

    latestWithStatus: (courseId: string, status: string): Promise<VersionRow | undefined> =>
      metaQuery()
        .where('course_id', '=', courseId)
        .where('status', '=', status)
        .orderBy('number', 'desc')
        .limit(1)
        .executeTakeFirst() as Promise<VersionRow | undefined>,

    /** The courses of a group with a version read after `at` (epoch ms): what changed in it since. */
    async coursesChangedSince(groupId: string, at: number): Promise<string[]> {
      const rows = await db
        .selectFrom('course_versions')
        .select('course_id')
        .distinct()
        .where('course_group_id', '=', groupId)
        .where('at', '>', at)
        .execute();
      return rows.map((row) => row.course_id);
    },

    /** Newest first; `below` is the number of the last version of the previous page. */
    page: (courseId: string, below: number | undefined, limit: number): Promise<VersionRow[]> => {
      let query = metaQuery().where('course_id', '=', courseId);
      if (below !== undefined) query = query.where('number', '<', below);
      return query.orderBy('number', 'desc').limit(limit).execute() as Promise<VersionRow[]>;
    },

    /** The stored states of versions `from` to `to`, oldest first. */
    states: (courseId: string, from: number, to: number): Promise<StoredStates[]> =>
      db
        .selectFrom('course_versions')
        .select(['number', 'before_data', 'after_data'])
        .where('course_id', '=', courseId)
        .where('number', '>=', from)
        .where('number', '<=', to)
        .orderBy('number')
        .execute(),

    async indexNodes(courseId: string, nodes: readonly Omit<CourseNodesTable, 'course_id'>[]) {
      for (let i = 0; i < nodes.length; i += INDEX_CHUNK)
        await db
          .insertInto('course_nodes')
          .values(nodes.slice(i, i + INDEX_CHUNK).map((node) => ({ ...node, course_id: courseId })))
          .onConflict((conflict) => conflict.column('node_id').doNothing())
          .execute();
    },

    async coursesOf(nodeIds: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < nodeIds.length; i += INDEX_CHUNK) {
        const rows = await db
          .selectFrom('course_nodes')
          .select(['node_id', 'course_id'])
          .where('node_id', 'in', nodeIds.slice(i, i + INDEX_CHUNK))
          .execute();
        for (const row of rows) out.set(row.node_id, row.course_id);
      }
      return out;
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
