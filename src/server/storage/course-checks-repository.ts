// The latest check of each course (table course_check_runs), shared by every console server: a run is
// claimed by one server, beats while it fetches links, and ends done (with its report) or failed. A
// claim takes the row only when no live run holds it, so two servers asked at once run one check.
import type { Db } from './database.ts';
import type { CourseCheckRunsTable } from './schema.ts';

export interface CourseCheckRun {
  courseId: string;
  version: string;
  state: CourseCheckRunsTable['state'];
  runId: string;
  serverName: string;
  startedAt: number;
  beatAt: number;
  linksDistinct: number;
  linksDone: number;
  finishedAt: number | null;
  /** The report's JSON once done. */
  report: string | null;
  failure: string | null;
}

export interface RunClaim {
  courseId: string;
  version: string;
  runId: string;
  serverName: string;
  at: number;
  linksDistinct: number;
  /** A running row whose last beat is older than this is taken over (its server is gone). */
  staleBefore: number;
  /** Take the row even from a live run of the same version (a check asked again on purpose). */
  force?: boolean;
}

const toRun = (row: CourseCheckRunsTable): CourseCheckRun => ({
  courseId: row.course_id,
  version: row.version,
  state: row.state,
  runId: row.run_id,
  serverName: row.server_name,
  startedAt: row.started_at,
  beatAt: row.beat_at,
  linksDistinct: row.links_distinct,
  linksDone: row.links_done,
  finishedAt: row.finished_at,
  report: row.report,
  failure: row.failure,
});

export function createCourseChecksRepository(db: Db) {
  return {
    async find(courseId: string): Promise<CourseCheckRun | undefined> {
      const row = await db
        .selectFrom('course_check_runs')
        .selectAll()
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      return row && toRun(row);
    },

    /** Takes the course's row for a new run unless a live run of the same version holds it. */
    async claim(claim: RunClaim): Promise<boolean> {
      const values = {
        course_id: claim.courseId,
        version: claim.version,
        state: 'running' as const,
        run_id: claim.runId,
        server_name: claim.serverName,
        started_at: claim.at,
        beat_at: claim.at,
        links_distinct: claim.linksDistinct,
        links_done: 0,
        finished_at: null,
        report: null,
        failure: null,
      };
      const { course_id: _key, ...update } = values;
      await db
        .insertInto('course_check_runs')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .column('course_id')
            .doUpdateSet(update)
            .where((eb) =>
              claim.force
                ? eb.lit(true)
                : eb.or([
                    eb('course_check_runs.state', '<>', 'running'),
                    eb('course_check_runs.version', '<>', eb.ref('excluded.version')),
                    eb('course_check_runs.beat_at', '<', claim.staleBefore),
                  ]),
            ),
        )
        .execute();
      const row = await db
        .selectFrom('course_check_runs')
        .select('run_id')
        .where('course_id', '=', claim.courseId)
        .executeTakeFirst();
      return row?.run_id === claim.runId;
    },

    /** The run's progress, which is also its heartbeat; false when another run took the row. */
    async beat(courseId: string, runId: string, linksDone: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('course_check_runs')
        .set({ links_done: linksDone, beat_at: at })
        .where('course_id', '=', courseId)
        .where('run_id', '=', runId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async finish(courseId: string, runId: string, report: string, at: number): Promise<boolean> {
      const result = await db
        .updateTable('course_check_runs')
        .set({ state: 'done', report, finished_at: at, beat_at: at })
        .where('course_id', '=', courseId)
        .where('run_id', '=', runId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async fail(courseId: string, runId: string, failure: string, at: number): Promise<void> {
      await db
        .updateTable('course_check_runs')
        .set({ state: 'failed', failure, finished_at: at, beat_at: at })
        .where('course_id', '=', courseId)
        .where('run_id', '=', runId)
        .execute();
    },
  };
}
export type CourseChecksRepository = ReturnType<typeof createCourseChecksRepository>;
