// Scheduled actions as stored (migration 030). Claiming is the one write that must be exactly-once across
// servers: a conditional update of the earliest due row, which PostgreSQL picks with FOR UPDATE SKIP
// LOCKED (two servers claiming at once get two different rows, or one gets none) and SQLite inside its
// single writer. Settling is conditional on the run token the claim wrote.
import type { ScheduleItemResult, ScheduleState } from '#contract/console/schedules.ts';
import type { Db } from './database.ts';
import type { Engine } from './schema.ts';

export interface ScheduleRecord {
  seq: number;
  id: string;
  targetType: string;
  targetId: string;
  targetTitle: string;
  groupId: string | null;
  action: string;
  runAt: number;
  timeZone: string;
  note: string | null;
  state: ScheduleState;
  createdBy: string;
  createdAt: number;
  cancelledBy: string | null;
  cancelledAt: number | null;
  runBy: string | null;
  runToken: string | null;
  startedAt: number | null;
  finishedAt: number | null;
  ranLate: boolean;
  resumed: boolean;
  outcome: string | null;
  results: ScheduleItemResult[];
}

export type NewSchedule = Pick<
  ScheduleRecord,
  | 'id'
  | 'targetType'
  | 'targetId'
  | 'targetTitle'
  | 'groupId'
  | 'action'
  | 'runAt'
  | 'timeZone'
  | 'note'
  | 'createdBy'
  | 'createdAt'
>;

export interface ScheduleListFilter {
  view: 'upcoming' | 'past';
  groupId?: string | undefined;
  targetId?: string | undefined;
  /** Keyset position: the time (run_at) and seq of the last row of the previous page. */
  after?: { at: number; seq: number } | undefined;
  limit: number;
}

export interface Settlement {
  state: Extract<ScheduleState, 'done' | 'skipped' | 'failed'>;
  outcome: string;
  results: ScheduleItemResult[];
  finishedAt: number;
}

const COLUMNS = [
  'seq',
  'id',
  'target_type as targetType',
  'target_id as targetId',
  'target_title as targetTitle',
  'group_id as groupId',
  'action',
  'run_at as runAt',
  'time_zone as timeZone',
  'note',
  'state',
  'created_by as createdBy',
  'created_at as createdAt',
  'cancelled_by as cancelledBy',
  'cancelled_at as cancelledAt',
  'run_by as runBy',
  'run_token as runToken',
  'started_at as startedAt',
  'finished_at as finishedAt',
  'ran_late as ranLate',
  'resumed',
  'outcome',
  'results',
] as const;

type Row = Omit<ScheduleRecord, 'state' | 'ranLate' | 'resumed' | 'results'> & {
  state: string;
  ranLate: number;
  resumed: number;
  results: string;
};

function toRecord(row: Row): ScheduleRecord {
  let results: ScheduleItemResult[] = [];
  try {
    const parsed: unknown = JSON.parse(row.results);
    if (Array.isArray(parsed)) results = parsed as ScheduleItemResult[];
  } catch {
    // Written by this module only; an unreadable value shows as no results.
  }
  return {
    ...row,
    state: row.state as ScheduleState,
    ranLate: Number(row.ranLate) === 1,
    resumed: Number(row.resumed) === 1,
    results,
  };
}

const UPCOMING = ['scheduled', 'running'];

export function createSchedulesRepository(db: Db, engine: Engine) {
  const find = async (id: string) => {
    const row = await db
      .selectFrom('scheduled_actions')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };

  return {
    async insert(schedule: NewSchedule): Promise<ScheduleRecord> {
      await db
        .insertInto('scheduled_actions')
        .values({
          id: schedule.id,
          target_type: schedule.targetType,
          target_id: schedule.targetId,
          target_title: schedule.targetTitle,
          group_id: schedule.groupId,
          action: schedule.action,
          run_at: schedule.runAt,
          time_zone: schedule.timeZone,
          note: schedule.note,
          created_by: schedule.createdBy,
          created_at: schedule.createdAt,
        })
        .execute();
      return (await find(schedule.id))!;
    },

    find,

    /**
     * Upcoming: soonest first by (run_at, seq). Past: latest time first (the time it finished or was
     * cancelled, its run_at when neither), by (that time, seq) descending.
     */
    async list(filter: ScheduleListFilter): Promise<ScheduleRecord[]> {
      const upcoming = filter.view === 'upcoming';
      const after = filter.after;
      const rows = await db
        .selectFrom('scheduled_actions')
        .select(COLUMNS)
        .select((eb) => eb.fn.coalesce('finished_at', 'cancelled_at', 'run_at').as('settled_at'))
        .where('state', upcoming ? 'in' : 'not in', UPCOMING)
        .$if(filter.groupId !== undefined, (q) =>
          q.where((eb) =>
            eb.or([eb('group_id', '=', filter.groupId!), eb('target_id', '=', filter.groupId!)]),
          ),
        )
        .$if(filter.targetId !== undefined, (q) => q.where('target_id', '=', filter.targetId!))
        .$if(after !== undefined && upcoming, (q) =>
          q.where((eb) =>
            eb.or([
              eb('run_at', '>', after!.at),
              eb.and([eb('run_at', '=', after!.at), eb('seq', '>', after!.seq)]),
            ]),
          ),
        )
        .$if(after !== undefined && !upcoming, (q) =>
          q.where((eb) => {
            const settledAt = eb.fn.coalesce('finished_at', 'cancelled_at', 'run_at');
            return eb.or([
              eb(settledAt, '<', after!.at),
              eb.and([eb(settledAt, '=', after!.at), eb('seq', '<', after!.seq)]),
            ]);
          }),
        )
        .$if(upcoming, (q) => q.orderBy('run_at', 'asc').orderBy('seq', 'asc'))
        .$if(!upcoming, (q) => q.orderBy('settled_at', 'desc').orderBy('seq', 'desc'))
        .limit(filter.limit)
        .execute();
      return rows.map(toRecord);
    },

    /** Cancels a schedule that has not started; undefined when it has (or does not exist). */
    async cancel(id: string, by: string, at: number): Promise<ScheduleRecord | undefined> {
      const result = await db
        .updateTable('scheduled_actions')
        .set({ state: 'cancelled', cancelled_by: by, cancelled_at: at })
        .where('id', '=', id)
        .where('state', '=', 'scheduled')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? find(id) : undefined;
    },

    /**
     * Claims the earliest schedule due at `now`: marks it running under `server` and `token`. Returns
     * it, or undefined when none is due (or another server claimed the last one first).
     */
    async claimDue(
      now: number,
      claim: { server: string; token: string; lateBefore: number },
    ): Promise<ScheduleRecord | undefined> {
      const result = await db
        .updateTable('scheduled_actions')
        .set((eb) => ({
          state: 'running',
          run_by: claim.server,
          run_token: claim.token,
          started_at: now,
          touched_at: now,
          ran_late: eb.case().when('run_at', '<', claim.lateBefore).then(1).else(0).end(),
        }))
        .where('state', '=', 'scheduled')
        .where('seq', '=', (eb) =>
          eb
            .selectFrom('scheduled_actions')
            .select('seq')
            .where('state', '=', 'scheduled')
            .where('run_at', '<=', now)
            .orderBy('run_at')
            .orderBy('seq')
            .limit(1)
            .$if(engine === 'postgres', (q) => q.forUpdate().skipLocked()),
        )
        .returning('id')
        .executeTakeFirst();
      return result ? find(result.id) : undefined;
    },

    /**
     * Runs a server started but never settled (it stopped, or lost the lease, in between), whose last
     * write began before `quietBefore`.
     */
    async unsettled(quietBefore: number): Promise<ScheduleRecord[]> {
      const rows = await db
        .selectFrom('scheduled_actions')
        .select(COLUMNS)
        .where('state', '=', 'running')
        .where((eb) => eb(eb.fn.coalesce('touched_at', 'started_at'), '<', quietBefore))
        .orderBy('run_at')
        .orderBy('seq')
        .execute();
      return rows.map(toRecord);
    },

    /** Takes over an unsettled run from the token it had; false when someone else did first. */
    async resume(
      id: string,
      from: string | null,
      claim: { server: string; token: string; at: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('scheduled_actions')
        .set({ run_by: claim.server, run_token: claim.token, resumed: 1, touched_at: claim.at })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where((eb) => (from === null ? eb('run_token', 'is', null) : eb('run_token', '=', from)))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Notes that the run holding `token` begins a write now; false when it was taken over. */
    async touch(id: string, token: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('scheduled_actions')
        .set({ touched_at: at })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('run_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Settles the run holding `token`; false when the run was taken over meanwhile. */
    async settle(id: string, token: string, settlement: Settlement): Promise<boolean> {
      const result = await db
        .updateTable('scheduled_actions')
        .set({
          state: settlement.state,
          outcome: settlement.outcome,
          results: JSON.stringify(settlement.results),
          finished_at: settlement.finishedAt,
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('run_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** When the next scheduled action is due, or null when none is scheduled. */
    async nextRunAt(): Promise<number | null> {
      const row = await db
        .selectFrom('scheduled_actions')
        .select((eb) => eb.fn.min('run_at').as('next'))
        .where('state', '=', 'scheduled')
        .executeTakeFirst();
      return row?.next == null ? null : Number(row.next);
    },
  };
}
export type SchedulesRepository = ReturnType<typeof createSchedulesRepository>;
