// What a publish action would do to each group and course, decided from their current statuses before
// anything is sent. Items where the action makes no sense are not sent, with the reason; the rules
// themselves are shared with the console server (#contract/publish-rules.ts), which runs scheduled
// actions and approved publish requests through the same check. Pure: no I/O, no React.
import {
  CASCADE_STATUS,
  REASONS,
  decideCourse as decideCourseRule,
  decideGroup,
  type Decision,
  type PublishAction,
} from '#contract/publish-rules.ts';
import type { BulkItem, SkippedItem } from '../../lib/bulk/bulk-runner.ts';
import { formatDateTime } from '../../lib/format.ts';
import { STATUS_LABELS } from '../../lib/labels/catalog.ts';
import type { CheckedCourse, CheckedGroup, GroupCheck } from './status-check.ts';

export { CASCADE_STATUS, REASONS, decideGroup, type Decision, type PublishAction };

export const RELEASE_ACTIONS = ['publish', 'unpublish'] as const;
export const isReleaseAction = (action: PublishAction): action is 'publish' | 'unpublish' =>
  action === 'publish' || action === 'unpublish';

/** One thing a run sends: a course (publish, unpublish) or a group (archive, restore). */
export interface PublishItem extends BulkItem {
  groupId: string;
  courseId: string | null;
}

/** Publish or unpublish one course of a group (the shared rule, dates in local time). */
export const decideCourse = (
  action: 'publish' | 'unpublish',
  group: Pick<CheckedGroup, 'archived' | 'status'>,
  course: CheckedCourse,
): Decision => decideCourseRule(action, group, course, formatDateTime);

/** A status set through update (draft, published, archived), given the current statuses. */
export function decideStatusChange(
  target: 'draft' | 'published' | 'archived',
  group: Pick<CheckedGroup, 'archived' | 'status'>,
  course: CheckedCourse,
): Decision {
  if (target === 'published') {
    const publish = decideCourse('publish', group, course);
    if (!publish.send) return publish;
  }
  if (course.status === 'deleted') return { send: false, reason: REASONS.deletedChange };
  if (course.status === target)
    return { send: false, reason: `Already ${STATUS_LABELS[target].toLowerCase()}.` };
  return {
    send: true,
    effect: `Sets the status to ${STATUS_LABELS[target].toLowerCase()} through update.`,
  };
}

/** Clearing a schedule sets a pending course to draft through update. */
export function decideClearSchedule(course: CheckedCourse): Decision {
  if (course.status !== 'pending') return { send: false, reason: REASONS.notScheduled };
  return { send: true, effect: 'Sets the status to draft through update.' };
}

export interface PlannedCourse {
  course: CheckedCourse;
  /** Publish/unpublish: the course's own decision. Archive/restore: null (the group decides). */
  decision: Decision | null;
  item: PublishItem | null;
}

export type PlannedGroup =
  | {
      ok: true;
      group: CheckedGroup;
      /** Archive/restore: the group's decision. Publish/unpublish: null. */
      decision: Decision | null;
      item: PublishItem | null;
      courses: readonly PlannedCourse[];
    }
  | { ok: false; id: string; title: string; messages: readonly string[]; item: PublishItem };

export interface PublishPlan {
  action: PublishAction;
  groups: readonly PlannedGroup[];
  /** Items to send. */
  items: readonly PublishItem[];
  /** Items not sent, with the reason. */
  skipped: readonly SkippedItem<PublishItem>[];
  /** Publish: archived groups, whose courses can be published once they are restored. */
  archivedGroups: readonly CheckedGroup[];
}

/** "Group" for a group's only course named like it; "Group: Course" otherwise. */
export function courseItemTitle(group: CheckedGroup, course: CheckedCourse): string {
  return group.courses.length === 1 && course.title === group.title
    ? group.title
    : `${group.title}: ${course.title}`;
}

export function planAction(action: PublishAction, checks: readonly GroupCheck[]): PublishPlan {
  const items: PublishItem[] = [];
  const skipped: SkippedItem<PublishItem>[] = [];
  const archivedGroups: CheckedGroup[] = [];
  const add = (item: PublishItem, decision: Decision) => {
    if (decision.send) items.push(item);
    else skipped.push({ item, reason: decision.reason });
  };

  const groups = checks.map((check): PlannedGroup => {
    if (!check.ok) {
      const item = {
        key: `group:${check.id}`,
        title: check.title,
        groupId: check.id,
        courseId: null,
      };
      skipped.push({ item, reason: `${REASONS.unreadable} ${check.messages.join(' ')}` });
      return { ok: false, id: check.id, title: check.title, messages: check.messages, item };
    }
    const { group } = check;
    if (isReleaseAction(action)) {
      if (action === 'publish' && group.archived) archivedGroups.push(group);
      if (group.courses.length === 0) {
        const item = {
          key: `group:${group.id}`,
          title: group.title,
          groupId: group.id,
          courseId: null,
        };
        skipped.push({ item, reason: REASONS.noCourses });
        return { ok: true, group, decision: null, item, courses: [] };
      }
      const courses = group.courses.map((course) => {
        const decision = decideCourse(action, group, course);
        const item: PublishItem = {
          key: course.id,
          title: courseItemTitle(group, course),
          groupId: group.id,
          courseId: course.id,
        };
        add(item, decision);
        return { course, decision, item };
      });
      return { ok: true, group, decision: null, item: null, courses };
    }
    const decision = decideGroup(action, group);
    const item: PublishItem = {
      key: group.id,
      title: group.title,
      groupId: group.id,
      courseId: null,
    };
    add(item, decision);
    return {
      ok: true,
      group,
      decision,
      item,
      courses: group.courses.map((course) => ({ course, decision: null, item: null })),
    };
  });
  return { action, groups, items, skipped, archivedGroups };
}
