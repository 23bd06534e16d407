// One learner's page (every role): who they are, where they stand in each course and learning path, their
// latest quiz attempts and submissions, and the timeline of every stored event, filtered in the URL.
import { createFileRoute } from '@tanstack/react-router';
import { LearnerPage } from '../features/event-monitor/learner-page/learner-page.tsx';
import { learnerQueries } from '../features/event-monitor/learner-page/learner-data.ts';
import { LATEST_KINDS } from '#contract/console/landing-urls.ts';
import {
  landingKey,
  startLearnerReads,
  type LearnerLanding,
} from '../features/event-monitor/learner-page/learner-landing.ts';
import { takeLandingData } from '../lib/landing-data.ts';
import { LearnerSearch } from '../features/event-monitor/filters/monitor-search.ts';

export const Route = createFileRoute('/_authed/learners/$learnerId')({
  validateSearch: LearnerSearch,
  loaderDeps: ({ search: { kinds, from, to } }) => ({ kinds, from, to }),
  // On landing, the first reads go out with the session check, not once this route's loader chunk has
  // queued behind its other chunks (docs/decisions/loading-strategy.md). Kept in the shell: small.
  staticData: { landingData: startLearnerReads },
  // Every read the first paint needs starts here, at once (or is taken from the landing's), while the
  // page's chunk loads: none waits for another (names are asked for by the rows once they show).
  loader: async ({ context: { queryClient }, params: { learnerId }, deps, cause }) => {
    const landing = await takeLandingData<LearnerLanding>(landingKey(learnerId))?.catch(
      () => undefined, // No session with a role when the page landed: its reads were cancelled.
    );
    // The timeline's read on landing used the raw address: taken only if the route's filter is the same.
    const sameFilter =
      landing?.filter.kinds === deps.kinds &&
      landing?.filter.from === deps.from &&
      landing?.filter.to === deps.to;
    // Cached data is used as it is (and refreshed behind it when stale); a failed read is the page's
    // to show, with its retry, not the route's error.
    const settled = (read: Promise<unknown>) =>
      read.then(
        () => undefined,
        () => undefined,
      );
    const reads = [
      settled(
        queryClient.ensureQueryData({
          ...learnerQueries.summary(learnerId, landing),
          revalidateIfStale: true,
        }),
      ),
      settled(
        queryClient.ensureInfiniteQueryData({
          ...learnerQueries.timeline(learnerId, deps, sameFilter ? landing : undefined),
          revalidateIfStale: true,
        }),
      ),
      ...LATEST_KINDS.map((kind) =>
        settled(
          queryClient.ensureQueryData({
            ...learnerQueries.latest(learnerId, kind, landing),
            revalidateIfStale: true,
          }),
        ),
      ),
    ];
    // Entering the page, it renders once its reads are in (on landing they left with the shell and are
    // in before the page's chunks): its first paint is the summary and the first rows, not spinners
    // that the layout's late parts would take for the first content. A filter change (same page) shows
    // at once, its timeline loading in place, so the inputs follow what is typed.
    if (cause !== 'stay') await Promise.all(reads);
  },
  component: LearnerRoute,
});

function LearnerRoute() {
  const { learnerId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LearnerPage
      learnerId={learnerId}
      filter={search}
      onFilterChange={(patch) =>
        void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })
      }
    />
  );
}
