// Settling a create request whose answer never arrived. Create has no idempotency key, so the only
// evidence is the catalog: a course group of the same title and kind created after the request went
// out. The transport fetches candidate groups; this decides, and answers 'unknown' rather than guess.
import type { CourseGroup } from '#contract/index.ts';
import type { CreatedIds } from './transport.ts';
import type { CreateStep } from '../plan/types.ts';

/** Clocks of the browser and the API may differ; groups this much older than the send still count. */
export const CLOCK_SKEW_MS = 5 * 60_000;

export function matchCreatedGroups(
  step: CreateStep,
  sentAt: string | undefined,
  candidates: readonly Pick<
    CourseGroup,
    'id' | 'title' | 'kind' | 'displayCourseId' | 'createdAt'
  >[],
): CreatedIds | 'absent' | 'unknown' {
  if (sentAt === undefined) return 'unknown';
  const since = Date.parse(sentAt) - CLOCK_SKEW_MS;
  const recent = candidates.filter((group) => Date.parse(group.createdAt) >= since);
  const matches = step.body.courseAttributes.map((course) =>
    recent.filter((group) => group.title === course.title && group.kind === course.kind),
  );
  const titles = step.body.courseAttributes.map((course) => `${course.kind}|${course.title}`);
  const unique = new Set(titles).size === titles.length;
  if (matches.every((found) => found.length === 0)) return 'absent';
  if (!unique || !matches.every((found) => found.length === 1)) return 'unknown';
  return {
    courseIds: matches.map((found) => found[0]!.displayCourseId),
    courseGroupIds: matches.map((found) => found[0]!.id),
  };
}
