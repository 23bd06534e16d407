// What a publish action would do to each group and course, decided from their current statuses before
// anything is sent. Items where the action makes no sense are not sent, with the reason: publishing a
// deleted course or a course of an archived group (restore the group first), unpublishing a draft,
// restoring a group that is not archived, and the like. Pure: no I/O, no React.
import type { Status } from '#contract/enums.ts';
import type { BulkItem, SkippedItem } from '../../lib/bulk/bulk-runner.ts';
import { formatDateTime } from '../../lib/format.ts';
import { STATUS_LABELS } from '../../lib/labels.ts';
import type { CheckedCourse, CheckedGroup, GroupCheck } from './status-check.ts';

export type PublishAction = 'publish' | 'unpublish' | 'archive' | 'restore';

export const RELEASE_ACTIONS = ['publish', 'unpublish'] as const;
export const isReleaseAction = (action: PublishAction): action is 'publish' | 'unpublish' =>
  action === 'publish' || action === 'unpublish';

export type Decision = { send: true; effect: string } | { send: false; reason: string };

/** One thing a run sends: a course (publish, unpublish) or a group (archive, restore). */
export interface PublishItem extends BulkItem {
  groupId: string;
  courseId: string | null;
}

export const REASONS = {
  groupArchived: 'The group is archived. Restore the group first, then publish.',
  groupArchivedUnpublish: 'The group is archived: its courses are already out of the catalog.',
  groupDeleted: 'The group is deleted: its courses cannot be published.',
  deletedPublish: 'Deleted courses cannot be published.',
  deletedUnpublish: 'Deleted courses cannot be unpublished.',
  alreadyPublished: 'Already published.',
  archivedPublish:
    'The course is archived. Change its status to draft first, or restore its group.',
  alreadyDraft: 'Already a draft: there is nothing to unpublish.',
  authoringUnpublish: 'Not published: it is still being authored.',
  archivedUnpublish: 'Archived courses are not in the catalog: there is nothing to unpublish.',
  alreadyArchived: 'Already archived.',
  deletedArchive: 'The group is deleted: archiving it changes nothing learners see.',
  notArchived: 'Not archived: there is nothing to restore.',
  noCourses: 'This group has no courses.',
  unreadable: 'Its current status could not be read, so nothing was sent.',
  deletedChange: 'Deleted courses cannot be changed.',
  notScheduled: 'It is no longer scheduled.',
} as const;

const scheduled = (course: CheckedCourse) =>
  course.status === 'pending' && course.futurePublishDate
    ? `scheduled for ${formatDateTime(course.futurePublishDate)}; `
    : '';

/** Publish or unpublish one course of a group, given both current statuses. */
export function decideCourse(
  action: 'publish' | 'unpublish',
  group: Pick<CheckedGroup, 'archived' | 'status'>,
  course: CheckedCourse,
): Decision {
  const skip = (reason: string): Decision => ({ send: false, reason });
  if (action === 'publish') {
    if (group.archived) return skip(REASONS.groupArchived);
    if (course.status === 'deleted') return skip(REASONS.deletedPublish);
    if (group.status === 'deleted') return skip(REASONS.groupDeleted);
    if (course.status === 'published') return skip(REASONS.alreadyPublished);
    if (course.status === 'archived') return skip(REASONS.archivedPublish);
    const note = scheduled(course);
    return { send: true, effect: note ? `Publishes now (${note.slice(0, -2)}).` : 'Publishes it.' };
  }
  if (group.archived) return skip(REASONS.groupArchivedUnpublish);
  if (course.status === 'deleted') return skip(REASONS.deletedUnpublish);
  if (course.status === 'draft') return skip(REASONS.alreadyDraft);
  if (course.status === 'authoring') return skip(REASONS.authoringUnpublish);
  if (course.status === 'archived') return skip(REASONS.archivedUnpublish);
  return {
    send: true,
    effect:
      course.status === 'pending'
        ? 'Sets it to draft: the schedule no longer applies.'
        : 'Sets it back to draft.',
  };
}

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

/** Archive or restore a group, given its current status. */
export function decideGroup(
  action: 'archive' | 'restore',
  group: Pick<CheckedGroup, 'archived' | 'status'>,
): Decision {
  if (action === 'archive') {
    if (group.archived) return { send: false, reason: REASONS.alreadyArchived };
    if (group.status === 'deleted') return { send: false, reason: REASONS.deletedArchive };
    return { send: true, effect: 'Archives the group; its courses become archived.' };
  }
  if (!group.archived) return { send: false, reason: REASONS.notArchived };
  return { send: true, effect: 'Restores the group; its courses become draft.' };
}

/** What a course's status becomes when its group is archived or restored. */
export const CASCADE_STATUS: Record<'archive' | 'restore', Status> = {
  archive: 'archived',
  restore: 'draft',
};

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
