// Scheduled publishing (spec 2.2 `futurePublishDate`, spec 3): a `pending` course becomes `published`
// once its date has come. A group's status is its display course's (storage/records.ts), so a pending
// group follows its display course. The job worker runs this on every tick, the first one as it
// starts, so dates that passed while the sandbox was stopped are published at once.
import type { SandboxDeps } from '../../deps.ts';

export function createScheduledPublishing(deps: Pick<SandboxDeps, 'db'>) {
  // julianday() compares instants whatever offset a date was written with (`Z`, `+02:00`, a bare day).
  const publishDue = deps.db.prepare<[string, string], { id: string }>(
    `UPDATE courses SET status = 'published', updated_at = ?
     WHERE status = 'pending' AND future_publish_date IS NOT NULL
       AND julianday(future_publish_date) <= julianday(?)
     RETURNING id`,
  );
  return {
    /** Publishes every pending course whose date is at or before `nowMs`; returns their ids. */
    publishDue(nowMs: number): string[] {
      const at = new Date(nowMs).toISOString();
      return publishDue.all(at, at).map((row) => row.id);
    },
  };
}
