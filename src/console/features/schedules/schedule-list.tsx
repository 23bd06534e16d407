// Scheduled actions as a table: what, when (in the reader's time zone), who, and the state with what
// happened. Admins may cancel one that has not started; the confirmation names it.
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Schedule } from '#contract/console/schedules.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Table, Th } from '../../components/ui/table.tsx';
import { scheduleQueries, useCancelSchedule, type ScheduleFilter } from './schedules-api.ts';
import { ownTimeZone } from '../../lib/local-time.ts';
import './schedules.css';
import {
  formatScheduleTime,
  SCHEDULE_ACTION_LABELS,
  SCHEDULE_STATE_LABELS,
  SCHEDULE_TARGET_LABELS,
  scheduleNotes,
} from './schedule-words.ts';

const STATE_TONES = {
  scheduled: 'info',
  running: 'warning',
  done: 'success',
  skipped: 'neutral',
  failed: 'danger',
  cancelled: 'muted',
} as const;

export function ScheduleList({
  filter,
  canCancel,
  caption,
  empty,
  compact = false,
}: {
  filter: ScheduleFilter;
  canCancel: boolean;
  caption: string;
  empty: string;
  /** A list for a narrow column (the group page's side) instead of a table. */
  compact?: boolean;
}) {
  const query = useSuspenseInfiniteQuery(scheduleQueries.list(filter));
  const schedules = query.data.pages.flatMap((page) => page.schedules);
  const [cancelling, setCancelling] = useState<Schedule | null>(null);
  const cancel = useCancelSchedule();
  const zone = ownTimeZone();
  if (schedules.length === 0) return <EmptyState title={empty} />;
  const cancelButton = (schedule: Schedule) =>
    canCancel && schedule.state === 'scheduled' ? (
      <Button size="sm" onClick={() => setCancelling(schedule)}>
        Cancel
        <span className="visually-hidden">
          {' '}
          {SCHEDULE_ACTION_LABELS[schedule.action].toLowerCase()} of {schedule.target.title}
        </span>
      </Button>
    ) : null;
  const list = compact ? (
    <ul className="schedule-items" aria-label={caption}>
      {schedules.map((schedule) => (
        <li key={schedule.id} className="schedule-item" data-testid="schedule-row">
          <p className="schedule-item__head">
            <strong>{SCHEDULE_ACTION_LABELS[schedule.action]}</strong>{' '}
            <time dateTime={schedule.runAt}>{formatScheduleTime(schedule.runAt, zone)}</time>{' '}
            <Badge tone={STATE_TONES[schedule.state]}>
              {SCHEDULE_STATE_LABELS[schedule.state]}
            </Badge>
          </p>
          <p className="schedule-note">
            <TargetLink schedule={schedule} /> · {SCHEDULE_TARGET_LABELS[schedule.target.type]} · by{' '}
            {schedule.createdBy}
          </p>
          {schedule.note ? <p className="schedule-note">{schedule.note}</p> : null}
          {cancelButton(schedule)}
        </li>
      ))}
    </ul>
  ) : null;
  return (
    <>
      {list ?? (
        <Table caption={caption}>
          <thead>
            <tr>
              <Th>When</Th>
              <Th>Action</Th>
              <Th>Of</Th>
              <Th>Scheduled by</Th>
              <Th>State</Th>
              {canCancel && filter.view === 'upcoming' ? <Th>Actions</Th> : null}
            </tr>
          </thead>
          <tbody>
            {schedules.map((schedule) => (
              <tr key={schedule.id} data-testid="schedule-row">
                <td>
                  <time dateTime={schedule.runAt}>{formatScheduleTime(schedule.runAt, zone)}</time>
                </td>
                <td>{SCHEDULE_ACTION_LABELS[schedule.action]}</td>
                <td>
                  <TargetLink schedule={schedule} />
                  <span className="muted"> · {SCHEDULE_TARGET_LABELS[schedule.target.type]}</span>
                  {schedule.note ? <p className="schedule-note">{schedule.note}</p> : null}
                </td>
                <td>{schedule.createdBy}</td>
                <td>
                  <Badge tone={STATE_TONES[schedule.state]}>
                    {SCHEDULE_STATE_LABELS[schedule.state]}
                  </Badge>
                  {schedule.ranLate ? <Badge tone="warning">Ran late</Badge> : null}
                  {scheduleNotes(schedule).map((note) => (
                    <p key={note} className="schedule-note">
                      {note}
                    </p>
                  ))}
                </td>
                {canCancel && filter.view === 'upcoming' ? <td>{cancelButton(schedule)}</td> : null}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {query.hasNextPage ? (
        <div className="panel__actions">
          <Button pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Show more
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
        title="Cancel this scheduled action?"
        description={
          cancelling
            ? `${SCHEDULE_ACTION_LABELS[cancelling.action]} of ${cancelling.target.title} on ${formatScheduleTime(cancelling.runAt, zone)} will not run.`
            : ''
        }
        confirmLabel="Cancel the action"
        tone="danger"
        onConfirm={async () => {
          if (cancelling) await cancel.mutateAsync(cancelling.id);
        }}
      />
    </>
  );
}

function TargetLink({ schedule }: { schedule: Schedule }) {
  const { target } = schedule;
  if (target.type === 'learningPath')
    return (
      <Link to="/content/$type/$id" params={{ type: 'learningPaths', id: target.id }}>
        {target.title}
      </Link>
    );
  const groupId = target.type === 'course' ? target.groupId! : target.id;
  return (
    <Link
      to="/course-groups/$groupId"
      params={{ groupId }}
      search={target.type === 'course' ? { course: target.id } : {}}
    >
      {target.title}
    </Link>
  );
}
