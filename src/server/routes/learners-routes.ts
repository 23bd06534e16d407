// The learner page's summary. Every role may read it: anyone who sees the event monitor sees these events.
import type { FastifyInstance } from 'fastify';
import { getLearnerSummary } from '#contract/console/learners.ts';
import type { ConsoleDeps } from '../deps.ts';
import { consoleRoutes } from './console-route.ts';

export function registerLearnersRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);
  route(getLearnerSummary, {
    handler: ({ params }) => deps.relay.learnerSummary(params.learnerId),
  });
}
