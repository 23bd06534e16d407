// Review before publishing: the admins' queue of publish requests.
import { createFileRoute } from '@tanstack/react-router';
import { VersionCompare } from '../features/history/version-compare.tsx';
import { ReviewsPage } from '../features/reviews/reviews-page.tsx';
import { reviewQueries } from '../features/reviews/reviews-api.ts';
import { oneOf, urlSearch } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const ReviewsSearch = urlSearch({ view: oneOf(['decided']) });

export const Route = createFileRoute('/_authed/reviews')({
  validateSearch: ReviewsSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(reviewQueries.list('pending', false));
  },
  component: ReviewsRoute,
});

function ReviewsRoute() {
  const navigate = Route.useNavigate();
  const view = Route.useSearch().view ?? 'pending';
  usePageTitle('Review');
  return (
    <ReviewsPage
      view={view}
      onViewChange={(next) =>
        void navigate({ search: { view: next === 'pending' ? undefined : next }, replace: true })
      }
      changes={(courseId, from, to) => <VersionCompare courseId={courseId} from={from} to={to} />}
    />
  );
}
