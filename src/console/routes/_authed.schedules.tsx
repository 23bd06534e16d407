// Scheduled actions (every role reads them; admins cancel).
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ScheduleView } from '#contract/console/schedule-view.ts';
import { SchedulesPage } from '../features/schedules/schedules-page.tsx';
import { scheduleQueries } from '../features/schedules/schedules-api.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const SchedulesSearch = z.object({ view: ScheduleView.optional().catch(undefined) });

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
