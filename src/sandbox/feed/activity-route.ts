// POST /sandbox/activity { count, kinds? }: produces `count` events of the given kinds at once and
// answers how many of each kind were created (prerequisites included: a quiz attempt by a learner
// not yet enrolled brings its enrollment along).
import type { FastifyInstance } from 'fastify';
import { z } from '#contract/zod.ts';
import { EventKind } from '#contract/index.ts';
import { parseOrThrow } from '../lib/errors.ts';
import { companyOf } from '../plugins/auth.ts';
import type { ActivitySimulator } from './activity-simulator.ts';

export const MAX_ACTIVITY_PER_REQUEST = 100_000;

export const ActivityRequest = z.strictObject({
  count: z.int().check(z.gte(1), z.lte(MAX_ACTIVITY_PER_REQUEST)),
  kinds: z.optional(
    z.array(EventKind).check(
      z.minLength(1),
      z.refine((kinds) => new Set(kinds).size === kinds.length, 'kinds must not repeat a kind'),
    ),
  ),
});

export function registerActivityRoute(app: FastifyInstance, simulator: ActivitySimulator): void {
  app.post('/sandbox/activity', { config: { auth: 'management' } }, async (request) => {
    const body = parseOrThrow(ActivityRequest, request.body ?? {});
    return simulator.produce(companyOf(request), body.count, body.kinds);
  });
}
