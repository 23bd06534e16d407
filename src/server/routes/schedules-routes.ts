// Scheduled actions: every role may read them; admins schedule and cancel (publishing/).
import type { FastifyInstance } from 'fastify';
import { cancelSchedule, createSchedule, listSchedules } from '#contract/console/schedules.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerSchedulesRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(listSchedules, {
    handler: ({ query }) =>
      deps.schedules.list({
        view: query.view,
        groupId: query.groupId,
        targetId: query.targetId,
        after: query.cursor,
        limit: query.limit,
      }),
  });

  route(createSchedule, {
    audit: {
      describe: ({ body }) => ({
        summary: `schedule ${body.action} of ${body.target.type} ${body.target.id} “${body.target.title}” at ${body.runAt} (${body.timeZone})`,
      }),
    },
    handler: async ({ body, session, audit }) => {
      const schedule = await deps.schedules.create(body, session.email);
      audit.subjects = [{ type: body.target.type, id: body.target.id, title: body.target.title }];
      return schedule;
    },
  });

  route(cancelSchedule, {
    audit: { describe: ({ params }) => ({ summary: `cancel scheduled action ${params.id}` }) },
    handler: async ({ params, session, audit }) => {
      const schedule = await deps.schedules.cancel(params.id, session.email);
      audit.summary = `cancel scheduled ${schedule.action} of ${schedule.target.type} ${schedule.target.id} “${schedule.target.title}”`;
      audit.subjects = [
        { type: schedule.target.type, id: schedule.target.id, title: schedule.target.title },
      ];
      return schedule;
    },
  });
}
