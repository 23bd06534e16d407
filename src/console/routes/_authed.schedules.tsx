// Scheduled actions (every role reads them; admins cancel).
import { createFileRoute } from '@tanstack/react-router';
import { SCHEDULE_VIEWS } from '#contract/console/url-values.ts';
import { SchedulesPage } from '../features/schedules/schedules-page.tsx';
import { scheduleQueries } from '../features/schedules/schedules-api.ts';
import { oneOf, urlSearch } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const SchedulesSearch = urlSearch({ view: oneOf(SCHEDULE_VIEWS) });

export const Route = createFileRoute('/_authed/schedules')({
  validateSearch: SchedulesSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchInfiniteQuery(scheduleQueries.list({ view: 'upcoming' }));
  },
  component: SchedulesRoute,
});

function SchedulesRoute() {
  const { capabilities } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  const view = Route.useSearch().view ?? 'upcoming';
  usePageTitle('Schedules');
  return (
    <SchedulesPage
      view={view}
      canCancel={capabilities.publish && capabilities.archive}
      onViewChange={(next) =>
        void navigate({ search: { view: next === 'upcoming' ? undefined : next }, replace: true })
      }
    />
  );
}
