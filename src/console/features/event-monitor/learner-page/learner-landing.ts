// The learner page's first reads, sent on landing with the session check (docs/decisions/loading-strategy.md)
// instead of once the route's loader chunk has queued behind its other chunks. Kept in the shell, so it
// imports nothing heavy: the answers stay raw `Response`s, and the page's queries parse them with the contract
// (learner-data.ts) once its code has loaded. The URLs are the contract's (landing-urls.ts), the
// console server's preloads too.
import {
  learnerLandingUrls,
  type LandingFilter,
  type LatestKind,
} from '#contract/console/landing-urls.ts';
import { keepLandingData, landingReads, type LandingData } from '../../../lib/landing-data.ts';

/** The first page's reads, each a raw answer (null when it could not be sent). */
export interface LearnerLanding {
  filter: LandingFilter;
  summary: Promise<Response | null>;
  timeline: Promise<Response | null>;
  /** The latest few events of each kind the page lists (LATEST_KINDS). */
  latest: Record<LatestKind, Promise<Response | null>>;
}

export const landingKey = (learnerId: string) => `learner-page:${learnerId}`;

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
  const urls = learnerLandingUrls(learnerId, filter);
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
