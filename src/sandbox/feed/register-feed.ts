// Wires the event feed, the activity simulator (route + background worker) and the meetings route.
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import { CursorCodec, loadCursorSecret } from '../lib/cursor.ts';
import { registerMeetingsRoute } from '../meetings/meetings-route.ts';
import { registerActivityRoute } from './activity-route.ts';
import { ActivitySimulator } from './activity-simulator.ts';
import { createActivityWorker, type Worker } from './activity-worker.ts';
import { EventsRepository } from './events-repository.ts';
import { registerFeedRoute } from './feed-route.ts';

export function registerFeed(
  app: FastifyInstance,
  deps: SandboxDeps,
): { simulator: ActivitySimulator; worker: Worker } {
  const codec = new CursorCodec(loadCursorSecret(deps.db));
  registerFeedRoute(app, new EventsRepository(deps.db), codec);
  registerMeetingsRoute(app, deps.db, codec);
  // `now` is read through deps on every call, so tests can move the clock.
  const simulator = new ActivitySimulator({ ...deps, now: () => deps.now() });
  registerActivityRoute(app, simulator);
  const worker = createActivityWorker(simulator, deps.settings, deps.company.id, app.log);
  return { simulator, worker };
}
