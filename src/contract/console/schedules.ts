// Scheduled actions: an admin asks the console to publish, unpublish, archive or restore a course group,
// a course or a learning path at a date and time. The console server keeps them in its database and runs
// each exactly once at its time, on the server that holds the schedules lease, with the status check of
// the manual action (#contract/publish-rules.ts), audited as the admin who scheduled it. Times travel
// in UTC; the admin's time zone is kept so that every screen and the audit can say the time as they
// meant it.
import { z } from '../zod.ts';
import { ScheduleView } from './schedule-view.ts';
import { consoleEndpoint } from './endpoint.ts';
import { LimitParam, PageInfo } from './pages.ts';

export const ScheduleTargetType = z.enum(['courseGroup', 'course', 'learningPath']);
export type ScheduleTargetType = z.infer<typeof ScheduleTargetType>;

export const ScheduleAction = z.enum(['publish', 'unpublish', 'archive', 'restore']);
export type ScheduleAction = z.infer<typeof ScheduleAction>;

/** The actions each kind of target can be scheduled for (the Content API cannot archive a path). */
export const SCHEDULE_ACTIONS: Record<ScheduleTargetType, readonly ScheduleAction[]> = {
  courseGroup: ['publish', 'unpublish', 'archive', 'restore'],
  course: ['publish', 'unpublish', 'archive', 'restore'],
  learningPath: ['publish', 'unpublish'],
};

export const ScheduleState = z.enum([
  'scheduled',
  'running',
  'done',
  'skipped',
  'failed',
  'cancelled',
]);
export type ScheduleState = z.infer<typeof ScheduleState>;

/** States a schedule never leaves. */
export const SETTLED_SCHEDULE_STATES: readonly ScheduleState[] = [
  'done',
  'skipped',
  'failed',
  'cancelled',
];

/** An IANA time zone name the runtime knows (`Europe/Paris`). */
export const TimeZoneName = z.string().check(
  z.minLength(1),
  z.maxLength(64),
  z.refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be a time zone name such as Europe/Paris' },
  ),
);

export const ScheduleTarget = z.object({
  type: ScheduleTargetType,
  id: z.uuid('must be an id'),
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(500))
    .register(z.globalRegistry, { description: 'Its title when scheduled: what the lists say.' }),
  groupId: z.nullable(z.uuid('must be an id')).register(z.globalRegistry, {
    description:
      "A course's course group (its status is part of the check; the group page lists the course's schedules); null for the others.",
  }),
});
export type ScheduleTarget = z.infer<typeof ScheduleTarget>;

export const ScheduleItemResult = z.object({
  title: z.string(),
  outcome: z.enum(['sent', 'skipped', 'failed']).register(z.globalRegistry, {
    description:
      '`sent`: the instance confirmed it; `skipped`: the status check found nothing to do (the message says why); `failed`: the instance refused it or did not answer.',
  }),
  message: z.string(),
});
export type ScheduleItemResult = z.infer<typeof ScheduleItemResult>;

export const Schedule = z.object({
  id: z.uuid(),
  target: ScheduleTarget,
  action: ScheduleAction,
  runAt: z.iso.datetime().register(z.globalRegistry, { description: 'When it runs, in UTC.' }),
  timeZone: z.string().register(z.globalRegistry, {
    description: "The scheduling admin's time zone: screens and the audit say the time in it.",
  }),
  note: z.nullable(z.string()),
  state: ScheduleState,
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  cancelledBy: z.nullable(z.string()),
  cancelledAt: z.nullable(z.iso.datetime()),
  startedAt: z.nullable(z.iso.datetime()),
  finishedAt: z.nullable(z.iso.datetime()),
  ranLate: z.boolean().register(z.globalRegistry, {
    description:
      'It started well after its time (`LECTERN_SCHEDULE_LATE_AFTER_S`): every console server was down then, and it ran when one started.',
  }),
  resumed: z.boolean().register(z.globalRegistry, {
    description:
      'The server running it stopped before it was settled, and another finished it: what had already taken effect was not sent again.',
  }),
  runBy: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'The console server that ran it.' }),
  outcome: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'What happened, in a sentence; null until it has run.',
  }),
  results: z.array(ScheduleItemResult),
});
export type Schedule = z.infer<typeof Schedule>;

/** At most five years ahead: a date further out is a typo. */
export const MAX_SCHEDULE_AHEAD_MS = 5 * 366 * 24 * 3_600_000;

export const CreateScheduleBody = z
  .object({
    target: ScheduleTarget,
    action: ScheduleAction,
    runAt: z.iso
      .datetime({ offset: true, error: 'must be a date and time in ISO 8601' })
      .register(z.globalRegistry, { description: 'ISO 8601 with Z or an offset; stored in UTC.' }),
    timeZone: TimeZoneName,
    note: z.optional(
      z.string().check(z.trim(), z.maxLength(500, 'must be at most 500 characters')),
    ),
  })
  .check(
    z.refine((body) => SCHEDULE_ACTIONS[body.target.type].includes(body.action), {
      path: ['action'],
      message: 'learning paths can be published or unpublished, not archived or restored',
    }),
    z.refine((body) => (body.target.type === 'course') === (body.target.groupId !== null), {
      path: ['target', 'groupId'],
      message: 'a course needs its group id; other targets have none',
    }),
  );
export type CreateScheduleBody = z.input<typeof CreateScheduleBody>;

export { ScheduleView };

const SCHEDULE_CURSOR = /^(\d{1,15})\.(\d{1,15})$/;

/** A page position in either view: the time and seq of the last schedule seen. */
export const ScheduleCursor = z
  .pipe(
    z.string().check(z.maxLength(64)),
    z.transform((value, ctx) => {
      let decoded = '';
      try {
        decoded = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
      } catch {
        // Not base64: refused below.
      }
      const match = SCHEDULE_CURSOR.exec(decoded);
      if (!match) {
        ctx.issues.push({
          code: 'custom',
          message: 'must be a cursor returned by a previous page',
          input: value,
        });
        return z.NEVER;
      }
      return { at: Number(match[1]), seq: Number(match[2]) };
    }),
  )
  .register(z.globalRegistry, { description: "The `cursor` of the previous page's `pageInfo`." });

export const encodeScheduleCursor = (at: number, seq: number): string =>
  btoa(`${at}.${seq}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

export const ScheduleListQuery = z.object({
  view: z._default(ScheduleView, 'upcoming'),
  groupId: z.optional(z.uuid('must be an id')).register(z.globalRegistry, {
    description: "A course group's schedules and those of its courses.",
  }),
  targetId: z.optional(z.uuid('must be an id')).register(z.globalRegistry, {
    description: 'The schedules of one group, course or learning path.',
  }),
  cursor: z.optional(ScheduleCursor),
  limit: LimitParam,
});

export const SchedulePage = z.object({
  schedules: z.array(Schedule),
  pageInfo: PageInfo,
});
export type SchedulePage = z.infer<typeof SchedulePage>;

export const ScheduleParams = z.object({ id: z.uuid('must be an id') });

export const listSchedules = consoleEndpoint({
  operationId: 'listSchedules',
  method: 'GET',
  path: '/api/schedules',
  summary: 'Scheduled actions: upcoming, or those that ran or were cancelled.',
  access: 'role',
  query: ScheduleListQuery,
  response: SchedulePage,
});

export const createSchedule = consoleEndpoint({
  operationId: 'createSchedule',
  method: 'POST',
  path: '/api/schedules',
  summary: 'Schedules a publish, unpublish, archive or restore.',
  description: [
    'The action runs once at `runAt` on the console server that holds the schedules lease, with the',
    'status check of the manual action, and is audited as the admin who scheduled it. `futurePublishDate`',
    "on create is the Content API's own schedule and is not affected.",
  ].join(' '),
  access: ['admin'],
  body: CreateScheduleBody,
  response: Schedule,
  errors: [{ status: 400, error: 'bad_request', when: '`runAt` is not in the future.' }],
});

export const cancelSchedule = consoleEndpoint({
  operationId: 'cancelSchedule',
  method: 'POST',
  path: '/api/schedules/{id}/cancel',
  summary: 'Cancels a scheduled action that has not started.',
  access: ['admin'],
  params: ScheduleParams,
  response: Schedule,
  errors: [
    { status: 404, error: 'not_found', when: 'No schedule has this id.' },
    { status: 409, error: 'conflict', when: 'It has started, run or been cancelled already.' },
  ],
});

export const SCHEDULES_INTRO = [
  'A scheduled action runs exactly once: the server holding the schedules lease claims it in the database',
  'before it acts (state `running`) and settles it after (`done`, `skipped` or `failed`). A server that',
  'stops in between leaves it `running`; the next lease holder finishes it, re-reading the statuses first,',
  'so what had already taken effect is not sent again (`resumed`). Times missed while every server was',
  'down run when one starts (`ranLate`). Each upstream call is audited under the scheduling admin.',
].join(' ');

export const SCHEDULES_ENDPOINTS = [listSchedules, createSchedule, cancelSchedule] as const;
