// The URLs of the reads a page sends as it lands, built once for both sides: the console's landing
// modules fetch them, and the console server writes them into index.html as preloads
// (src/server/plugins/route-preloads.ts). The browser hands a preloaded answer only to a fetch of the
// very same URL, so a second builder that drifted would cost a double read, silently. No zod here:
// the console's shell imports this file.
import type { EventKind } from '../enums.ts';

/** The learner timeline's first page: what the first screen shows and some rows of scroll, no more. */
export const FIRST_TIMELINE_PAGE = 50;
/** How many of the latest events of each listed kind the learner page shows. */
export const LATEST_SHOWN = 5;
/** The kinds whose latest events the learner page lists, each with what their events say. */
export const LATEST_KINDS = ['quizAttempt', 'assignmentSubmission'] as const satisfies EventKind[];
export type LatestKind = (typeof LATEST_KINDS)[number];

/** The learner timeline's filter as the page's address gives it (raw). */
export interface LandingFilter {
  kinds?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `/api/events` with the given query, in the API client's order of parameters. */
function eventsUrl(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, String(value));
  return `/api/events?${params.toString()}`;
}

/** The learner page's four first reads: its summary, its timeline's first page, its latest lists. */
export function learnerLandingUrls(learnerId: string, filter: LandingFilter) {
  return {
    summary: `/api/learners/${encodeURIComponent(learnerId)}`,
    timeline: eventsUrl({
      learnerId,
      kind: filter.kinds,
      from: filter.from,
      to: filter.to,
      limit: FIRST_TIMELINE_PAGE,
    }),
    latest: {
      quizAttempt: eventsUrl({ learnerId, kind: 'quizAttempt', limit: LATEST_SHOWN }),
      assignmentSubmission: eventsUrl({
        learnerId,
        kind: 'assignmentSubmission',
        limit: LATEST_SHOWN,
      }),
    } satisfies Record<LatestKind, string>,
  };
}

/** The editor's reads, as `getCourseStructure`, `getCourseGroup` and `listGroupCourses(id, false)` ask them. */
export const editorLandingUrls = {
  structure: (courseId: string) => `/api/v2/courses/${encodeURIComponent(courseId)}/structure`,
  courseGroup: (groupId: string) => `/api/v2/courseGroups/${encodeURIComponent(groupId)}`,
  courses: (groupId: string) => `/api/v2/courseGroups/${encodeURIComponent(groupId)}/courses`,
};
