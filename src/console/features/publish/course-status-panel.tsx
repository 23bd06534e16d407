// A course's status and the actions that follow from it (admins only; everyone else sees the status):
// publish or unpublish (releaseContent), a status change through update (every status is shown; those
// update cannot set are shown but not offered), and its schedule. Each confirmation reads the current
// status first and refuses what it makes pointless.
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { STATUSES, UPDATE_COURSE_STATUSES, type Status } from '#contract/enums.ts';
import { CheckErrorsNotice } from '../../components/course-checks/check-errors-notice.tsx';
import { StatusBadge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useSavedChecks } from '../../lib/course-checks.ts';
import { formatDateTime } from '../../lib/format.ts';
import { STATUS_LABELS } from '../../lib/labels/catalog.ts';
import { FreshStatus, useFreshGroupCheck } from './fresh-status.tsx';
import { useChangeCourseStatus, useReleaseContent, type CourseStatusChoice } from './mutations.ts';
import {
  decideClearSchedule,
  decideCourse,
  decideStatusChange,
  type Decision,
} from './publish-plan.ts';
import type { CheckedCourse, CheckedGroup } from './status-check.ts';

export interface CourseStatusPanelProps {
  course: { id: string; title: string; status: Status; futurePublishDate: string | null };
  group: { id: string; archived: boolean; status: Status };
  canPublish: boolean;
  /** May open the editor for a new course (where a publish date can be set). */
  canCreate: boolean;
}

type Pending =
  | { kind: 'release'; action: 'release' | 'unrelease' }
  | { kind: 'status'; status: CourseStatusChoice }
  | { kind: 'clear-schedule' };

const STATUS_EFFECTS: Record<CourseStatusChoice, string> = {
  draft: 'Learners no longer see it in the catalog.',
  published: 'Learners can see it and enroll.',
  archived: 'It is taken out of circulation: learners can no longer enroll.',
};

const SETTABLE = new Set<Status>(UPDATE_COURSE_STATUSES);
/** Why a status is shown but not offered. */
const NOT_SETTABLE_NOTES: Partial<Record<Status, string>> = {
  pending: 'set by a publish date when a course is created',
  authoring: 'set by the platform',
  loginRestriction: 'set by the platform',
  deleted: 'set by the platform',
};

function decide(pending: Pending, group: CheckedGroup, course: CheckedCourse): Decision {
  if (pending.kind === 'release')
    return decideCourse(pending.action === 'release' ? 'publish' : 'unpublish', group, course);
  if (pending.kind === 'status') return decideStatusChange(pending.status, group, course);
  return decideClearSchedule(course);
}

export function CourseStatusPanel({
  course,
  group,
  canPublish,
  canCreate,
}: CourseStatusPanelProps) {
  const release = useReleaseContent();
  const changeStatus = useChangeCourseStatus();
  const [pending, setPending] = useState<Pending | null>(null);
  const [choice, setChoice] = useState<Status | null>(null);
  const fresh = useFreshGroupCheck(group.id, pending !== null);
  const selectId = useId();
  const hintId = `${selectId}-hint`;
  const checked: CheckedCourse = { ...course, isDisplayCourse: false };
  const publish = decideCourse('publish', group, checked);
  const unpublishable = course.status === 'published' || course.status === 'loginRestriction';
  const value = choice ?? course.status;
  const scheduled = course.status === 'pending' && course.futurePublishDate;
  // The course checks' errors: counted on Publish, named in its confirmation.
  const checks = useSavedChecks(canPublish ? course.id : null).report;
  const checkErrors = checks?.findings.filter((f) => f.severity === 'error') ?? [];
  const publishing = pending?.kind === 'release' && pending.action === 'release';

  const freshCourse = fresh.data?.courses.find((c) => c.id === course.id);
  const decision =
    pending && fresh.data && freshCourse ? decide(pending, fresh.data, freshCourse) : null;

  const confirm = async () => {
    if (!pending) return;
    if (pending.kind === 'release') {
      await release.mutateAsync({
        id: course.id,
        kind: 'course',
        action: pending.action,
        title: course.title,
      });
    } else {
      const status = pending.kind === 'status' ? pending.status : 'draft';
      await changeStatus.mutateAsync({
        id: course.id,
        status,
        title: course.title,
        clearedSchedule: pending.kind === 'clear-schedule',
      });
      setChoice(null);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${selectId}-heading`}>
      <h3 className="panel__title" id={`${selectId}-heading`}>
        Status
      </h3>
      <p className="panel__status">
        <StatusBadge status={course.status} />
        {scheduled ? (
          <span className="schedule-line" data-testid="course-schedule">
            Scheduled for {formatDateTime(course.futurePublishDate)}
          </span>
        ) : null}
      </p>
      {canPublish ? (
        <>
          <div className="panel__actions">
            {publish.send ? (
              <Button
                variant="primary"
                onClick={() => setPending({ kind: 'release', action: 'release' })}
              >
                {course.status === 'pending' ? 'Publish now' : 'Publish'}
                {checkErrors.length > 0 ? (
                  <span className="badge badge--danger" data-testid="publish-error-count">
                    {checkErrors.length}
                    <span className="visually-hidden">
                      {' '}
                      {checkErrors.length === 1 ? 'error' : 'errors'} found by the checks
                    </span>
                  </span>
                ) : null}
              </Button>
            ) : null}
            {unpublishable ? (
              <Button onClick={() => setPending({ kind: 'release', action: 'unrelease' })}>
                Unpublish
              </Button>
            ) : null}
          </div>
          {!publish.send && !unpublishable ? (
            <p className="panel__note" data-testid="publish-unavailable">
              Publish is not offered: {publish.reason}
            </p>
          ) : null}
          <div className="inline-form">
            <label htmlFor={selectId} className="field__label">
              Change status to
            </label>
            <select
              id={selectId}
              className="select"
              aria-describedby={hintId}
              value={value}
              onChange={(event) => setChoice(event.target.value as Status)}
            >
              {STATUSES.map((status) => {
                const note = NOT_SETTABLE_NOTES[status];
                const refused =
                  SETTABLE.has(status) &&
                  status !== course.status &&
                  !decideStatusChange(status as CourseStatusChoice, group, checked).send;
                return (
                  <option key={status} value={status} disabled={!SETTABLE.has(status) || refused}>
                    {STATUS_LABELS[status]}
                    {note ? ` (${note})` : refused ? ' (not possible now)' : ''}
                  </option>
                );
              })}
            </select>
            <Button
              onClick={() =>
                SETTABLE.has(value)
                  ? setPending({ kind: 'status', status: value as CourseStatusChoice })
                  : undefined
              }
              disabled={value === course.status || !SETTABLE.has(value)}
            >
              Apply
            </Button>
          </div>
          <p className="field__hint" id={hintId}>
            Update can set Draft, Published or Archived. The other statuses are shown as they are
            but cannot be set here.
          </p>
          <ScheduleSection
            scheduledFor={scheduled ? course.futurePublishDate : null}
            canCreate={canCreate}
            onClear={() => setPending({ kind: 'clear-schedule' })}
          />
        </>
      ) : (
        <p className="panel__note">Publishing and status changes are done by admins.</p>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending ? confirmTitle(pending, course.title) : ''}
        description={pending ? confirmDescription(pending, course) : ''}
        confirmLabel={
          pending
            ? publishing && checkErrors.length > 0
              ? `Publish with ${checkErrors.length === 1 ? '1 error' : `${checkErrors.length} errors`}`
              : confirmLabel(pending)
            : ''
        }
        tone={
          (pending?.kind === 'status' && pending.status === 'archived') ||
          (pending?.kind === 'release' && pending.action === 'unrelease')
            ? 'danger'
            : 'primary'
        }
        confirmDisabled={!decision?.send}
        onConfirm={confirm}
      >
        {publishing ? <CheckErrorsNotice errors={checkErrors} /> : null}
        <FreshStatus query={fresh} courseId={course.id} decision={decision} />
      </ConfirmDialog>
    </section>
  );
}

function ScheduleSection({
  scheduledFor,
  canCreate,
  onClear,
}: {
  scheduledFor: string | null;
  canCreate: boolean;
  onClear(): void;
}) {
  const headingId = useId();
  return (
    <div className="schedule" role="group" aria-labelledby={headingId}>
      <h4 className="schedule__title" id={headingId}>
        Scheduled publishing
      </h4>
      {scheduledFor ? (
        <>
          <p className="schedule__text">
            Published automatically on <strong>{formatDateTime(scheduledFor)}</strong> (your local
            time).
          </p>
          <Button size="sm" onClick={onClear}>
            Clear schedule
          </Button>
        </>
      ) : (
        <p className="schedule__text">No publish date is set.</p>
      )}
      <p className="field__hint">
        The Content API takes a publish date only when a course is created (futurePublishDate);
        update cannot set or move one, so a date cannot be added or changed here.
        {canCreate ? (
          <>
            {' '}
            <Link to="/editor/new">Create a course with a publish date</Link>.
          </>
        ) : null}
      </p>
    </div>
  );
}

function confirmTitle(pending: Pending, title: string): string {
  if (pending.kind === 'release')
    return `${pending.action === 'release' ? 'Publish' : 'Unpublish'} “${title}”?`;
  if (pending.kind === 'status') return `Change status to ${STATUS_LABELS[pending.status]}?`;
  return `Clear the schedule of “${title}”?`;
}

function confirmDescription(pending: Pending, course: CourseStatusPanelProps['course']): string {
  const title = `“${course.title}”`;
  if (pending.kind === 'release')
    return pending.action === 'release'
      ? `Publishes ${title} with releaseContent. ${STATUS_EFFECTS.published}`
      : `Sets ${title} back to draft with releaseContent. ${STATUS_EFFECTS.draft}`;
  if (pending.kind === 'status')
    return `Sets the status of ${title} to ${STATUS_LABELS[pending.status].toLowerCase()} through update. ${STATUS_EFFECTS[pending.status]}`;
  return `Sets the status of ${title} to draft through update, so it is not published on ${formatDateTime(course.futurePublishDate)}. A new date cannot be set through the API afterwards.`;
}

function confirmLabel(pending: Pending): string {
  if (pending.kind === 'release') return pending.action === 'release' ? 'Publish' : 'Unpublish';
  if (pending.kind === 'status') return 'Change status';
  return 'Clear schedule';
}
