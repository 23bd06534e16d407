// The live event monitor (every role: support staff keep it open all day). Filters live in the URL.
// The page's first content (filters, chart, the list's frame) loads with this route's own chunk; the
// feed's streaming, the list's rows, the relay status, the drawer and the exports come just after
// (features/event-monitor/event-monitor.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { EventMonitor } from '../features/event-monitor/event-monitor.tsx';
import { LateSavedViewsControl } from '../features/saved-views/late-saved-views-control.tsx';
import { MonitorSearch } from '../features/event-monitor/filters/monitor-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/events')({
  validateSearch: MonitorSearch,
  component: EventsPage,
});

function EventsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Event monitor');
  return (
    <EventMonitor
      search={search}
      onSearchChange={(patch) =>
        void navigate({ search: (previous) => ({ ...previous, ...patch }) })
      }
      onSearchReplace={(next) => void navigate({ search: next })}
      views={
        <LateSavedViewsControl
          screen="eventMonitor"
          search={search}
          onApply={(next) => void navigate({ search: next })}
        />
      }
    />
  );
}
