// Demo mode: accounts, a few meetings, and some history in the event feed (the past week), so the
// console's event monitor has something to show before the live simulator adds more.
import type { SandboxDeps } from '../deps.ts';
import { ActivitySimulator } from '../feed/activity-simulator.ts';
import { seedDemoLearners } from './demo-learners.ts';
import { seedDemoMeetings } from './demo-meetings.ts';

export const DEMO_HISTORY_EVENTS = 300;
const DAY_MS = 24 * 60 * 60_000;

/** Runs after the content seed: activity needs published courses. */
export async function seedDemoActivity(deps: SandboxDeps): Promise<void> {
  const companyId = deps.company.id;
  await seedDemoLearners(deps.db, companyId);
  seedDemoMeetings(deps.db, companyId, deps.now());
  const now = deps.now();
  await new ActivitySimulator(deps).backfill(
    companyId,
    DEMO_HISTORY_EVENTS,
    now - 7 * DAY_MS,
    now - 60_000,
  );
}
