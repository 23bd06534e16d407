// The Schedules page: every scheduled action, upcoming (soonest first) or past (latest first).
import type { ScheduleView } from '#contract/console/schedules.ts';
import { ViewPage } from '../../components/view-page.tsx';
import { ScheduleList } from './schedule-list.tsx';

export function SchedulesPage({
  view,
  onViewChange,
  canCancel,
}: {
  view: ScheduleView;
  onViewChange(view: ScheduleView): void;
  canCancel: boolean;
}) {
  return (
    <ViewPage
      title="Schedules"
      lead="Publishing, unpublishing, archiving and restoring planned for a date and time. Each runs once at its time, with the same checks as doing it by hand. Schedule one from a course group’s page."
      name="schedules-view"
      view={view}
      views={[
        { value: 'upcoming', label: 'Upcoming' },
        { value: 'past', label: 'Past' },
      ]}
      onViewChange={onViewChange}
      failed="The schedules did not load"
      loading="Loading schedules"
    >
      <ScheduleList
        filter={{ view }}
        canCancel={canCancel}
        caption={view === 'upcoming' ? 'Upcoming scheduled actions' : 'Past scheduled actions'}
        empty={view === 'upcoming' ? 'Nothing is scheduled' : 'No scheduled action has run yet'}
      />
    </ViewPage>
  );
}
