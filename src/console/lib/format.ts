// Display labels and formatting, so every screen names things the same way.
import type { CourseGroupKind, Status } from '#contract/enums.ts';

export const STATUS_LABELS: Record<Status, string> = {
  draft: 'Draft',
  authoring: 'Authoring',
  published: 'Published',
  loginRestriction: 'Login restricted',
  archived: 'Archived',
  pending: 'Scheduled',
  deleted: 'Deleted',
};

export type Tone = 'success' | 'neutral' | 'info' | 'warning' | 'danger' | 'muted';

export const STATUS_TONES: Record<Status, Tone> = {
  draft: 'neutral',
  authoring: 'info',
  published: 'success',
  loginRestriction: 'warning',
  archived: 'muted',
  pending: 'info',
  deleted: 'danger',
};

export const KIND_LABELS: Record<CourseGroupKind, string> = {
  microCourse: 'Micro course',
  courseGroup: 'Course',
  article: 'Article',
  webinar: 'Webinar',
  video: 'Video',
  shareableContentObject: 'SCORM package',
  xApiObject: 'xAPI object',
  inPersonEvent: 'In-person event',
  webinarCourse: 'Webinar course',
  inPersonEventCourse: 'In-person course',
};

const numberFormat = new Intl.NumberFormat('en');
export const formatCount = (value: number): string => numberFormat.format(value);

const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}

export const plural = (count: number, one: string, many = `${one}s`): string =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
