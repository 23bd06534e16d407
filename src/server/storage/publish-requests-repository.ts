// Publish requests as stored (migration 031). A request leaves 'pending' by one conditional update, so
// two admins deciding at once (on one server or two) never both act: the second finds it taken.
import type { ReviewState } from '#contract/console/reviews.ts';
import type { Db } from './database.ts';

export interface PublishRequestRecord {
  seq: number;
  id: string;
  courseId: string;
  groupId: string;
  title: string;
  note: string;
  state: ReviewState;
  requestedBy: string;
  requestedAt: number;
  version: number | null;
  checksReport: string | null;
  decidedBy: string | null;
  decidedAt: number | null;
  comment: string | null;
  outcome: string | null;
}

export type NewPublishRequest = Pick<
  PublishRequestRecord,
  | 'id'
  | 'courseId'
  | 'groupId'
  | 'title'
  | 'note'
  | 'requestedBy'
  | 'requestedAt'
  | 'version'
  | 'checksReport'
>;

const COLUMNS = [
  'seq',
  'id',
  'course_id as courseId',
  'group_id as groupId',
  'title',
  'note',
  'state',
  'requested_by as requestedBy',
  'requested_at as requestedAt',
  'version',
  'checks_report as checksReport',
  'decided_by as decidedBy',
  'decided_at as decidedAt',
  'comment',
  'outcome',
] as const;

type Row = Omit<PublishRequestRecord, 'state'> & { state: string };
const toRecord = (row: Row): PublishRequestRecord => ({
  ...row,
  seq: Number(row.seq),
  requestedAt: Number(row.requestedAt),
  decidedAt: row.decidedAt === null ? null : Number(row.decidedAt),
  state: row.state as ReviewState,
});

/** How many decided requests a list shows. */
const DECIDED_LIMIT = 100;

export function createPublishRequestsRepository(db: Db) {
  const find = async (id: string) => {
    const row = await db
      .selectFrom('publish_requests')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };

  return {
    find,

    async insert(request: NewPublishRequest): Promise<PublishRequestRecord> {
      await db
        .insertInto('publish_requests')
        .values({
          id: request.id,
          course_id: request.courseId,
          group_id: request.groupId,
          title: request.title,
          note: request.note,
          requested_by: request.requestedBy,
          requested_at: request.requestedAt,
          version: request.version,
          checks_report: request.checksReport,
        })
        .execute();
      return (await find(request.id))!;
    },

    async pendingFor(courseId: string): Promise<PublishRequestRecord | undefined> {
      const row = await db
        .selectFrom('publish_requests')
        .select(COLUMNS)
        .where('course_id', '=', courseId)
        .where('state', 'in', ['pending', 'approving'])
        .executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },

    async list(view: 'pending' | 'decided', requestedBy?: string): Promise<PublishRequestRecord[]> {
      let query = db.selectFrom('publish_requests').select(COLUMNS);
      if (requestedBy !== undefined) query = query.where('requested_by', '=', requestedBy);
      const rows =
        view === 'pending'
          ? await query
              .where('state', 'in', ['pending', 'approving'])
              .orderBy('seq', 'asc')
              .execute()
          : await query
              .where('state', 'not in', ['pending', 'approving'])
              .orderBy('decided_at', 'desc')
              .orderBy('seq', 'desc')
              .limit(DECIDED_LIMIT)
              .execute();
      return rows.map(toRecord);
    },

    async countPending(): Promise<number> {
      const row = await db
        .selectFrom('publish_requests')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('state', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Moves a pending request to `state`; false when it was not pending (decided by someone else). */
    async decide(
      id: string,
      state: Extract<ReviewState, 'approving' | 'declined'>,
      by: { email: string; at: number; comment: string | null },
    ): Promise<boolean> {
      const result = await db
        .updateTable('publish_requests')
        .set({ state, decided_by: by.email, decided_at: by.at, comment: by.comment })
        .where('id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Settles an approval claimed with decide(…, 'approving'). */
    async settle(
      id: string,
      state: Extract<ReviewState, 'approved' | 'failed'>,
      outcome: string,
      at: number,
    ): Promise<void> {
      await db
        .updateTable('publish_requests')
        .set({ state, outcome, decided_at: at })
        .where('id', '=', id)
        .where('state', '=', 'approving')
        .execute();
    },
  };
}
export type PublishRequestsRepository = ReturnType<typeof createPublishRequestsRepository>;
