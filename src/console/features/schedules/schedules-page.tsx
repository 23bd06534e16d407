// The Schedules page: every scheduled action, upcoming (soonest first) or past (latest first).
import { Suspense } from 'react';
import type { ScheduleView } from '#contract/console/schedules.ts';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
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
    <div className="page">
      <div className="page__header">
        <div>
          <h1 className="page__title">Schedules</h1>
          <p className="page__lead">
            Publishing, unpublishing, archiving and restoring planned for a date and time. Each runs
            once at its time, with the same checks as doing it by hand. Schedule one from a course
            group’s page.
          </p>
        </div>
      </div>
      <ChoiceGroup
        legend="Show"
        name="schedules-view"
        value={view}
        choices={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'past', label: 'Past' },
        ]}
        onChange={onViewChange}
      />
      <QueryBoundary resetKeys={[view]} title="The schedules did not load">
        <Suspense fallback={<PendingState label="Loading schedules" />}>
          <ScheduleList
            filter={{ view }}
            canCancel={canCancel}
            caption={view === 'upcoming' ? 'Upcoming scheduled actions' : 'Past scheduled actions'}
            empty={view === 'upcoming' ? 'Nothing is scheduled' : 'No scheduled action has run yet'}
          />
        </Suspense>
      </QueryBoundary>
    </div>
  );
}
