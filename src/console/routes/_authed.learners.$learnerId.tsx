// One learner's page (every role): who they are, where they stand in each course and learning path, their
// latest quiz attempts and submissions, and the timeline of every stored event, filtered in the URL.
import { createFileRoute } from '@tanstack/react-router';
import { LearnerPage } from '../features/event-monitor/learner-page/learner-page.tsx';
import { learnerQueries } from '../features/event-monitor/learner-page/learner-data.ts';
import { LearnerSearch } from '../features/event-monitor/filters/monitor-search.ts';

export const Route = createFileRoute('/_authed/learners/$learnerId')({
  validateSearch: LearnerSearch,
  loader: ({ context: { queryClient }, params: { learnerId } }) => {
    void queryClient.prefetchQuery(learnerQueries.summary(learnerId));
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
