// Wires the event feed and the activity simulator (route + background worker).
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { registerActivityRoute } from './activity-route.ts';
import { ActivitySimulator } from './activity-simulator.ts';
import { createActivityWorker, type Worker } from './activity-worker.ts';
import { EventsRepository } from './events-repository.ts';
import { registerFeedRoute } from './feed-route.ts';
import { createFeedService } from './feed-service.ts';

export function registerFeed(
  app: FastifyInstance,
  deps: SandboxDeps,
  cursors: CursorCodec,
): { simulator: ActivitySimulator; worker: Worker } {
  registerFeedRoute(app, createFeedService(new EventsRepository(deps.db), cursors));
  // `now` is read through deps on every call, so tests can move the clock.
  const simulator = new ActivitySimulator({ ...deps, now: () => deps.now() });
  registerActivityRoute(app, simulator);
  const worker = createActivityWorker(simulator, deps.settings, deps.company.id, app.log);
  return { simulator, worker };
}
