// A learning path's scheduled actions under its publish actions (admins): what is planned for it, and
// a form to schedule its publishing or unpublishing.
import { Suspense } from 'react';
import type { LearningPath } from '#contract/schemas/read-models.ts';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { ScheduleForm } from './schedule-form.tsx';
import { ScheduleList } from './schedule-list.tsx';

export function PathSchedules({ path }: { path: Pick<LearningPath, 'id' | 'title'> }) {
  return (
    <div className="path-schedules">
      <h3 className="panel__title">Scheduled actions</h3>
      <QueryBoundary title="The scheduled actions did not load">
        <Suspense fallback={<PendingState label="Loading scheduled actions" />}>
          <ScheduleList
            filter={{ view: 'upcoming', targetId: path.id }}
            canCancel
            caption={`Scheduled actions of ${path.title}`}
            empty="Nothing scheduled"
            compact
          />
        </Suspense>
      </QueryBoundary>
      <details className="schedule-details">
        <summary>Schedule an action</summary>
        <ScheduleForm
          target={{ type: 'learningPath', id: path.id, title: path.title, groupId: null }}
        />
      </details>
    </div>
  );
}
