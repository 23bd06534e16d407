// A course's status with publish/unpublish (releaseContent) and status change (update). The actions
// exist only for admins; everyone else sees the status.
import { useId, useState } from 'react';
import { UPDATE_COURSE_STATUSES, type Status } from '#contract/enums.ts';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { STATUS_LABELS } from '../../lib/labels.ts';
import { useChangeCourseStatus, useReleaseContent, type CourseStatusChoice } from './mutations.ts';

export interface CourseStatusPanelProps {
  course: { id: string; title: string; status: Status };
  canPublish: boolean;
}

type Pending =
  | { kind: 'release'; action: 'release' | 'unrelease' }
  | { kind: 'status'; status: CourseStatusChoice };

const STATUS_EFFECTS: Record<CourseStatusChoice, string> = {
  draft: 'Learners no longer see it in the catalog.',
  published: 'Learners can see it and enroll.',
  archived: 'It is taken out of circulation: learners can no longer enroll.',
};

export function CourseStatusPanel({ course, canPublish }: CourseStatusPanelProps) {
  const release = useReleaseContent();
  const changeStatus = useChangeCourseStatus();
  const [pending, setPending] = useState<Pending | null>(null);
  const [choice, setChoice] = useState<CourseStatusChoice>('draft');
  const selectId = useId();
  const published = course.status === 'published';

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'release') {
      return release.mutateAsync({
        id: course.id,
        kind: 'course',
        action: pending.action,
        title: course.title,
      });
    }
    return changeStatus.mutateAsync({ id: course.id, status: pending.status, title: course.title });
  };

  return (
    <section className="panel" aria-labelledby={`${selectId}-heading`}>
      <h3 className="panel__title" id={`${selectId}-heading`}>
        Status
      </h3>
      <p className="panel__status">
        <StatusBadge status={course.status} />
      </p>
      {canPublish ? (
        <div className="panel__actions">
          <Button
            variant={published ? 'secondary' : 'primary'}
            onClick={() =>
              setPending({ kind: 'release', action: published ? 'unrelease' : 'release' })
            }
          >
            {published ? 'Unpublish' : 'Publish'}
          </Button>
          <div className="inline-form">
            <label htmlFor={selectId} className="field__label">
              Change status to
            </label>
            <select
              id={selectId}
              className="select"
              value={choice}
              onChange={(event) => setChoice(event.target.value as CourseStatusChoice)}
            >
              {UPDATE_COURSE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <Button
              onClick={() => setPending({ kind: 'status', status: choice })}
              disabled={choice === course.status}
            >
              Apply
            </Button>
          </div>
        </div>
      ) : (
        <p className="panel__note">Publishing and status changes are done by admins.</p>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={
          pending?.kind === 'release'
            ? `${pending.action === 'release' ? 'Publish' : 'Unpublish'} “${course.title}”?`
            : `Change status to ${pending ? STATUS_LABELS[pending.status] : ''}?`
        }
        description={
          pending?.kind === 'release'
            ? pending.action === 'release'
              ? `Publishes “${course.title}” with releaseContent. ${STATUS_EFFECTS.published}`
              : `Sets “${course.title}” back to draft with releaseContent. ${STATUS_EFFECTS.draft}`
            : pending
              ? `Sets the status of “${course.title}” to ${STATUS_LABELS[pending.status].toLowerCase()} through update. ${STATUS_EFFECTS[pending.status]}`
              : ''
        }
        confirmLabel={
          pending?.kind === 'release'
            ? pending.action === 'release'
              ? 'Publish'
              : 'Unpublish'
            : 'Change status'
        }
        tone={
          pending?.kind === 'status' && pending.status === 'archived'
            ? 'danger'
            : pending?.kind === 'release' && pending.action === 'unrelease'
              ? 'danger'
              : 'primary'
        }
        onConfirm={confirm}
      />
    </section>
  );
}
