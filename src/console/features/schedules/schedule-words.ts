// Scheduled actions in words, pure: the action and its state as a screen says them, the time in the
// reader's own time zone with the zone named, and the check a date must pass before it is sent.
import type {
  Schedule,
  ScheduleAction,
  ScheduleState,
  ScheduleTargetType,
} from '#contract/console/schedules.ts';

export const SCHEDULE_ACTION_LABELS: Record<ScheduleAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  restore: 'Restore',
};

export const SCHEDULE_STATE_LABELS: Record<ScheduleState, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  done: 'Done',
  skipped: 'Nothing to do',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const SCHEDULE_TARGET_LABELS: Record<ScheduleTargetType, string> = {
  courseGroup: 'Course group',
  course: 'Course',
  learningPath: 'Learning path',
};

/** "Dec 3, 2026, 10:00 AM CET": a schedule's time in `timeZone`, the zone named. */
export function formatScheduleTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  })
    .format(new Date(iso))
    .concat(' ', zoneName(iso, timeZone));
}

function zoneName(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'short' }).formatToParts(
    new Date(iso),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** What a settled schedule's row says beside its state. */
export function scheduleNotes(schedule: Schedule): string[] {
  const notes: string[] = [];
  if (schedule.ranLate) notes.push('Ran late: every console server was down at its time.');
  if (schedule.cancelledBy) notes.push(`Cancelled by ${schedule.cancelledBy}.`);
  if (schedule.outcome) notes.push(schedule.outcome);
  return notes;
}

/**
 * The problem with a date and time typed in the `datetime-local` box (local wall-clock time), or
 * null; `now` in epoch milliseconds.
 */
export function runAtProblem(local: string, now: number): string | null {
  if (local === '') return 'Choose a date and time.';
  const at = new Date(local).getTime();
  if (Number.isNaN(at)) return 'This is not a date and time.';
  if (at <= now) return 'Choose a time in the future.';
  return null;
}
