// The learner page's first reads, sent on landing with the session check (docs/decisions/loading-strategy.md)
// instead of once the route's loader chunk has queued behind its other chunks. Kept in the shell, so it
// imports nothing: the answers stay raw `Response`s, and the page's queries parse them with the contract
// (learner-data.ts) once its code has loaded. The URLs are the contract's (learner-landing.test.ts).
import type { EventKind } from '#contract/enums.ts';
import { keepLandingData, landingReads, type LandingData } from '../../../lib/landing-data.ts';

/** The timeline's filter as the page's URL gives it. */
export interface LandingFilter {
  kinds?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The first page's reads, each a raw answer (null when it could not be sent). */
export interface LearnerLanding {
  filter: LandingFilter;
  summary: Promise<Response | null>;
  timeline: Promise<Response | null>;
  /** The latest few events of each kind the page lists (LATEST_KINDS). */
  latest: Record<LatestKind, Promise<Response | null>>;
}

/** The timeline's first page: what the first screen shows and some rows of scroll, no more. */
export const FIRST_TIMELINE_PAGE = 50;
export const LATEST_SHOWN = 5;
/** The kinds whose latest events the page lists, each with what their events say. */
export const LATEST_KINDS = ['quizAttempt', 'assignmentSubmission'] as const satisfies EventKind[];
export type LatestKind = (typeof LATEST_KINDS)[number];

export const landingKey = (learnerId: string) => `learner-page:${learnerId}`;

/** The reads' URLs (`{ learnerId }` and the URL's filter), in the API client's order of parameters. */
export function landingUrls(learnerId: string, filter: LandingFilter) {
  const events = (query: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) params.set(key, String(value));
    return `/api/events?${params.toString()}`;
  };
  return {
    summary: `/api/learners/${encodeURIComponent(learnerId)}`,
    timeline: events({
      learnerId,
      kind: filter.kinds,
      from: filter.from,
      to: filter.to,
      limit: FIRST_TIMELINE_PAGE,
    }),
    latest: {
      quizAttempt: events({ learnerId, kind: 'quizAttempt', limit: LATEST_SHOWN }),
      assignmentSubmission: events({
        learnerId,
        kind: 'assignmentSubmission',
        limit: LATEST_SHOWN,
      }),
    },
  };
}

/** The filter in the page's address, raw (the loader uses the reads only if the route's agrees). */
function filterOf(search: string): LandingFilter {
  const params = new URLSearchParams(search);
  const value = (key: string) => params.get(key) ?? undefined;
  return { kinds: value('kinds'), from: value('from'), to: value('to') };
}

/**
 * `staticData.landingData` of the learner route: the four reads, sent at once (`landingReads`); when the
 * session says nobody with a role is signed in they are cancelled and nothing is kept.
 */
export const startLearnerReads: LandingData = ({ params, session }) => {
  const learnerId = params.learnerId!;
  const filter = filterOf(window.location.search);
  const urls = landingUrls(learnerId, filter);
  const read = landingReads(session);
  const landing: LearnerLanding = {
    filter,
    summary: read(urls.summary),
    timeline: read(urls.timeline),
    latest: {
      quizAttempt: read(urls.latest.quizAttempt),
      assignmentSubmission: read(urls.latest.assignmentSubmission),
    },
  };
  keepLandingData(
    landingKey(learnerId),
    session.then(() => landing),
  );
};
