// A publish request's state in words, for the queue and the requester's card.
import type { PublishRequest, ReviewCourse, ReviewState } from '#contract/console/reviews.ts';
import type { Tone } from '../../components/ui/badge.tsx';
import { countsParts } from '../../lib/change-counts.ts';
import { plural } from '../../lib/format.ts';

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pending: 'Waiting for review',
  approving: 'Being published',
  approved: 'Approved',
  declined: 'Declined',
  failed: 'Approved, publish failed',
};

export const REVIEW_STATE_TONES: Record<ReviewState, Tone> = {
  pending: 'info',
  approving: 'info',
  approved: 'success',
  declined: 'warning',
  failed: 'danger',
};

/**
 * What changed in one course of a group request waiting for review since its last published version,
 * in a sentence (the server counts it as the History tab compares the two versions).
 */
export function courseChangeWords(course: ReviewCourse): string {
  if (course.version === null) return 'Lectern kept no version of this course yet.';
  if (course.counts === null) return 'Nothing changed since the last published version.';
  const parts = countsParts(course.counts);
  const since =
    course.publishedVersion === null
      ? 'Never published; since its first version'
      : `Since the last published version (${course.publishedVersion})`;
  return `${since}: ${parts.length > 0 ? parts.join(', ') : 'no visible change'}.`;
}

/** Which versions "what changed since the last published version" compares, or why there are none. */
export function changeRange(
  request: Pick<PublishRequest, 'version' | 'publishedVersion'>,
): { from: number; to: number } | string {
  if (request.version === null) return 'Lectern kept no version of this course yet.';
  const from = request.publishedVersion ?? 1;
  if (from >= request.version && request.publishedVersion !== null)
    return 'Nothing changed since the last published version.';
  return { from, to: request.version };
}

/** What the course checks found in the version asked for, in a sentence. */
export function checksWords(report: PublishRequest['checksReport']): string {
  if (report === null)
    return 'No checks report: the course checks were not available when it was asked.';
  const { error, warning } = report.counts;
  if (error === 0 && warning === 0) return 'The course checks found no errors or warnings.';
  return `The course checks found ${plural(error, 'error')} and ${plural(warning, 'warning')}.`;
}
