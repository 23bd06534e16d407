// One learner's page (every role): who they are, where they stand in each course and learning path, their
// latest quiz attempts and submissions, and the timeline of every stored event, filtered in the URL.
import { createFileRoute } from '@tanstack/react-router';
import { LearnerPage } from '../features/event-monitor/learner-page/learner-page.tsx';
import { learnerQueries } from '../features/event-monitor/learner-page/learner-data.ts';
import { LearnerSearch } from '../features/event-monitor/filters/monitor-search.ts';

export const Route = createFileRoute('/_authed/learners/$learnerId')({
  validateSearch: LearnerSearch,
  loaderDeps: ({ search: { kinds, from, to } }) => ({ kinds, from, to }),
  // Every read the first paint needs starts here, at once, while the page's chunk loads: none waits
  // for another (names are asked for by the rows once they show).
  loader: ({ context: { queryClient }, params: { learnerId }, deps }) => {
    void queryClient.prefetchQuery(learnerQueries.summary(learnerId));
    void queryClient.prefetchInfiniteQuery(learnerQueries.timeline(learnerId, deps));
    void queryClient.prefetchQuery(learnerQueries.latest(learnerId, 'quizAttempt'));
    void queryClient.prefetchQuery(learnerQueries.latest(learnerId, 'assignmentSubmission'));
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
