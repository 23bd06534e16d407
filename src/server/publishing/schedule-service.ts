// Scheduled actions as the API sees them: create (a time in the future, kept in UTC with the admin's
// time zone), list (upcoming or past, per group, course or learning path), cancel (only before it
// starts). Running them is schedule-runner.ts.
import { randomUUID } from 'node:crypto';
import {
  MAX_SCHEDULE_AHEAD_MS,
  encodeScheduleCursor,
  type CreateScheduleBody,
  type Schedule,
  type ScheduleAction,
  type SchedulePage,
  type ScheduleTarget,
  type ScheduleTargetType,
} from '#contract/console/schedules.ts';
import { ApiError } from '../errors.ts';
import type {
  ScheduleListFilter,
  ScheduleRecord,
  SchedulesRepository,
} from '../storage/schedules-repository.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What a stored schedule acts on, as the contract says it. */
export const scheduleTarget = (record: ScheduleRecord): ScheduleTarget => ({
  type: record.targetType as ScheduleTargetType,
  id: record.targetId,
  title: record.targetTitle,
  groupId: record.groupId,
});

export function scheduleView(record: ScheduleRecord): Schedule {
  return {
    id: record.id,
    target: scheduleTarget(record),
    action: record.action as ScheduleAction,
    runAt: iso(record.runAt)!,
    timeZone: record.timeZone,
    note: record.note,
    state: record.state,
    createdBy: record.createdBy,
    createdAt: iso(record.createdAt)!,
    cancelledBy: record.cancelledBy,
    cancelledAt: iso(record.cancelledAt),
    startedAt: iso(record.startedAt),
    finishedAt: iso(record.finishedAt),
    ranLate: record.ranLate,
    resumed: record.resumed,
    runBy: record.runBy,
    outcome: record.outcome,
    results: record.results,
  };
}

/** "1 Mar 2031, 09:00 Europe/Paris": a schedule's time as its admin meant it. */
export function scheduleTime(runAt: number, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(runAt);
  return `${text} ${timeZone}`;
}

export function createScheduleService(deps: {
  repo: SchedulesRepository;
  now: () => number;
  /** Wakes this server's runner (a schedule may be due sooner than it planned to look). */
  onChange: () => void;
}) {
  const { repo, now } = deps;
  return {
    async create(body: CreateScheduleBody & { runAt: string }, by: string): Promise<Schedule> {
      const runAt = Date.parse(body.runAt);
      const at = now();
      if (runAt <= at) throw new ApiError(400, 'bad_request', 'runAt: must be in the future.');
      if (runAt - at > MAX_SCHEDULE_AHEAD_MS)
        throw new ApiError(400, 'bad_request', 'runAt: must be within five years.');
      const record = await repo.insert({
        id: randomUUID(),
        targetType: body.target.type,
        targetId: body.target.id,
        targetTitle: body.target.title.trim(),
        groupId: body.target.groupId,
        action: body.action,
        runAt,
        timeZone: body.timeZone,
        note: body.note?.trim() || null,
        createdBy: by,
        createdAt: at,
      });
      deps.onChange();
      return scheduleView(record);
    },

    async list(filter: ScheduleListFilter): Promise<SchedulePage> {
      const rows = await repo.list({ ...filter, limit: filter.limit + 1 });
      const page = rows.slice(0, filter.limit);
      const last = page.at(-1);
      const hasMore = rows.length > filter.limit && last !== undefined;
      const lastAt =
        last &&
        (filter.view === 'upcoming'
          ? last.runAt
          : (last.finishedAt ?? last.cancelledAt ?? last.runAt));
      return {
        schedules: page.map(scheduleView),
        pageInfo: hasMore
          ? { hasMore, cursor: encodeScheduleCursor(lastAt!, last.seq) }
          : { hasMore },
      };
    },

    async cancel(id: string, by: string): Promise<Schedule> {
      const cancelled = await repo.cancel(id, by, now());
      if (cancelled) {
        deps.onChange();
        return scheduleView(cancelled);
      }
      const existing = await repo.find(id);
      if (!existing) throw new ApiError(404, 'not_found', 'No scheduled action has this id.');
      throw new ApiError(
        409,
        'conflict',
        existing.state === 'cancelled'
          ? `It was cancelled already, by ${existing.cancelledBy}.`
          : existing.state === 'running'
            ? 'It is running now and can no longer be cancelled.'
            : 'It has run already and can no longer be cancelled.',
      );
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
