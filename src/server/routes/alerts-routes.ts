// Alert rules (admins manage, support reads), alerts, the bell's counts and acknowledgements.
import type { FastifyInstance } from 'fastify';
import {
  acknowledgeAlert,
  createAlertRule,
  deleteAlertRule,
  getAlertSummary,
  listAlertRules,
  listAlerts,
  markAlertsRead,
  updateAlertRule,
} from '#contract/console/alerts.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerAlertsRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);
  const { alerts } = deps;

  route(listAlertRules, {
    handler: async ({ session }) => ({ rules: await alerts.rules(session.role) }),
  });

  route(createAlertRule, {
    audit: { describe: ({ body }) => ({ summary: `create alert rule “${body.name}”` }) },
    handler: async ({ body, session, reply }) => {
      const saved = await alerts.createRule(session.email, body);
      reply.code(201);
      return saved;
    },
  });

  route(updateAlertRule, {
    audit: {
      describe: ({ body }) => ({
        summary: `change alert rule “${body.name}”${body.rotateSecret ? ', new signing secret' : ''}`,
      }),
    },
    handler: ({ params, body, session }) => alerts.updateRule(session.email, params.id, body),
  });

  route(deleteAlertRule, {
    audit: { summary: 'delete an alert rule' },
    handler: async ({ params, audit }) => {
      audit.summary = `delete alert rule “${await alerts.ruleName(params.id)}”`;
      await alerts.deleteRule(params.id);
    },
  });

  route(listAlerts, { handler: ({ query, session }) => alerts.alerts(session.email, query) });

  route(getAlertSummary, { handler: ({ session }) => alerts.summary(session.email) });

  route(markAlertsRead, {
    audit: { describe: ({ body }) => ({ summary: `mark alerts up to #${body.upTo} read` }) },
    handler: ({ body, session }) => alerts.markRead(session.email, body.upTo),
  });

  route(acknowledgeAlert, {
    audit: { summary: 'acknowledge an alert' },
    handler: ({ params, session }) => alerts.acknowledge(session.email, params.id),
  });
}
