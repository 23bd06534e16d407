// Publish requests as stored (migration 031). A request leaves 'pending' by one conditional update, so
// two admins deciding at once (on one server or two) never both act: the second finds it taken. While
// it is 'approving', a row of publish_approvals (migration 022) names the server sending its publish,
// with a run token and when it last began a write, written in the same transaction as the claim.
import type { ReviewState } from '#contract/console/reviews.ts';
import type { Db } from './database.ts';

/** A course of a group request, as it was when asked (with its latest history version then). */
export interface RequestedCourse {
  courseId: string;
  title: string;
  version: number | null;
}

export interface PublishRequestRecord {
  seq: number;
  id: string;
  targetType: 'course' | 'group';
  /** Null for a group request. */
  courseId: string | null;
  groupId: string;
  /** A group request's courses when asked; empty for a course request. */
  courses: RequestedCourse[];
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
  | 'targetType'
  | 'courseId'
  | 'groupId'
  | 'courses'
  | 'title'
  | 'note'
  | 'requestedBy'
  | 'requestedAt'
  | 'version'
  | 'checksReport'
>;

/** The server sending an approval's publish, and its run's token. */
export interface Approver {
  server: string;
  token: string;
}

export interface ApprovalRun extends Approver {
  /** When the run last began a write (epoch ms). */
  touchedAt: number;
}

const COLUMNS = [
  'seq',
  'id',
  'target_type as targetType',
  'course_id as courseId',
  'courses',
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

type Row = Omit<PublishRequestRecord, 'state' | 'targetType' | 'courses'> & {
  state: string;
  targetType: string;
  courses: string | null;
};
const toRecord = (row: Row): PublishRequestRecord => ({
  ...row,
  targetType: row.targetType === 'group' ? 'group' : 'course',
  courses: row.courses === null ? [] : (JSON.parse(row.courses) as RequestedCourse[]),
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
          target_type: request.targetType,
          course_id: request.courseId,
          courses: request.targetType === 'group' ? JSON.stringify(request.courses) : null,
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

    /** The request waiting for review for this course, or (`courseId` null) for this whole group. */
    async pendingFor(
      target: { courseId: string } | { groupId: string },
    ): Promise<PublishRequestRecord | undefined> {
      let query = db
        .selectFrom('publish_requests')
        .select(COLUMNS)
        .where('state', 'in', ['pending', 'approving']);
      query =
        'courseId' in target
          ? query.where('course_id', '=', target.courseId)
          : query.where('group_id', '=', target.groupId).where('target_type', '=', 'group');
      const row = await query.executeTakeFirst();
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

    /**
     * Moves a pending request to `state`; false when it was not pending (decided by someone else). An
     * approval names the server that sends its publish and the run's token (`approver`).
     */
    async decide(
      id: string,
      state: Extract<ReviewState, 'approving' | 'declined'>,
      by: { email: string; at: number; comment: string | null },
      approver?: Approver,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('publish_requests')
          .set({ state, decided_by: by.email, decided_at: by.at, comment: by.comment })
          .where('id', '=', id)
          .where('state', '=', 'pending')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        if (approver)
          await tx
            .insertInto('publish_approvals')
            .values({
              request_id: id,
              server: approver.server,
              token: approver.token,
              touched_at: by.at,
            })
            .execute();
        return true;
      });
    },

    /** Before a write of the approval: notes the time; false when the run is no longer this one's. */
    async touch(id: string, token: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('publish_approvals')
        .set({ touched_at: at })
        .where('request_id', '=', id)
        .where('token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Approvals in progress: their server, token and last write (to finish those a server left). */
    async approving(): Promise<(PublishRequestRecord & { approval: ApprovalRun | null })[]> {
      const rows = await db
        .selectFrom('publish_requests')
        .leftJoin('publish_approvals', 'publish_approvals.request_id', 'publish_requests.id')
        .select(COLUMNS.map((column) => `publish_requests.${column}` as const))
        .select([
          'publish_approvals.server as approvalServer',
          'publish_approvals.token as approvalToken',
          'publish_approvals.touched_at as approvalTouchedAt',
        ])
        .where('publish_requests.state', '=', 'approving')
        .orderBy('publish_requests.seq', 'asc')
        .execute();
      return rows.map(({ approvalServer, approvalToken, approvalTouchedAt, ...row }) => ({
        ...toRecord(row as Row),
        approval:
          approvalServer === null || approvalToken === null || approvalTouchedAt === null
            ? null
            : {
                server: approvalServer,
                token: approvalToken,
                touchedAt: Number(approvalTouchedAt),
              },
      }));
    },

    /** Takes over an approval its server left (its token was `from`); false when another did first. */
    async takeOver(id: string, from: string | null, to: Approver, at: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        if (from === null) {
          const inserted = await tx
            .insertInto('publish_approvals')
            .values({ request_id: id, server: to.server, token: to.token, touched_at: at })
            .onConflict((conflict) => conflict.column('request_id').doNothing())
            .executeTakeFirst();
          return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
        }
        const result = await tx
          .updateTable('publish_approvals')
          .set({ server: to.server, token: to.token, touched_at: at })
          .where('request_id', '=', id)
          .where('token', '=', from)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      });
    },

    /**
     * Ends the approval run `token`: settles the request (approved or failed), or reopens it (pending
     * again, undecided) with `outcome` saying why. False when the run was no longer this one's.
     */
    async settle(
      id: string,
      token: string,
      state: Extract<ReviewState, 'approved' | 'failed' | 'pending'>,
      outcome: string,
      at: number,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const ended = await tx
          .deleteFrom('publish_approvals')
          .where('request_id', '=', id)
          .where('token', '=', token)
          .executeTakeFirst();
        if (Number(ended.numDeletedRows) !== 1) return false;
        await tx
          .updateTable('publish_requests')
          .set(
            state === 'pending'
              ? { state, outcome, decided_by: null, decided_at: null, comment: null }
              : { state, outcome, decided_at: at },
          )
          .where('id', '=', id)
          .where('state', '=', 'approving')
          .execute();
        return true;
      });
    },
  };
}
export type PublishRequestsRepository = ReturnType<typeof createPublishRequestsRepository>;
