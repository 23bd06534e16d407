// The status check every publish, unpublish, archive and restore makes before anything is sent, in one
// place for the console (its confirmations and bulk runs, features/publish) and the console server (the
// scheduled actions and approved publish requests it runs itself). Given the current statuses, each
// rule says whether the action is sent, and if not, why: publishing a deleted course or a course of an
// archived group, unpublishing a draft, restoring a group that is not archived, and the like. Pure.
import type { Status } from './enums.ts';

export type PublishAction = 'publish' | 'unpublish' | 'archive' | 'restore';

export type Decision = { send: true; effect: string } | { send: false; reason: string };

/** What the rules read of a group and of a course. */
export interface GroupState {
  status: Status;
  archived: boolean;
}
export interface CourseState {
  status: Status;
  futurePublishDate: string | null;
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
  courseInArchivedGroup: 'Its group is archived: restore the group instead.',
  deletedPath: 'Deleted learning paths cannot be published or unpublished.',
} as const;

/** Publish or unpublish one course of a group, given both current statuses. */
export function decideCourse(
  action: 'publish' | 'unpublish',
  group: GroupState,
  course: CourseState,
  formatDate: (iso: string) => string = (iso) => iso,
): Decision {
  const skip = (reason: string): Decision => ({ send: false, reason });
  if (action === 'publish') {
    if (group.archived) return skip(REASONS.groupArchived);
    if (course.status === 'deleted') return skip(REASONS.deletedPublish);
    if (group.status === 'deleted') return skip(REASONS.groupDeleted);
    if (course.status === 'published') return skip(REASONS.alreadyPublished);
    if (course.status === 'archived') return skip(REASONS.archivedPublish);
    return {
      send: true,
      effect:
        course.status === 'pending' && course.futurePublishDate
          ? `Publishes now (scheduled for ${formatDate(course.futurePublishDate)}).`
          : 'Publishes it.',
    };
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

/** Archive or restore a group, given its current status. */
export function decideGroup(action: 'archive' | 'restore', group: GroupState): Decision {
  if (action === 'archive') {
    if (group.archived) return { send: false, reason: REASONS.alreadyArchived };
    if (group.status === 'deleted') return { send: false, reason: REASONS.deletedArchive };
    return { send: true, effect: 'Archives the group; its courses become archived.' };
  }
  if (!group.archived) return { send: false, reason: REASONS.notArchived };
  return { send: true, effect: 'Restores the group; its courses become draft.' };
}

/**
 * Archive one course (its status set to archived through update) or restore it (back to draft), given
 * its group's and its own status. A course of an archived group is restored with its group.
 */
export function decideCourseArchive(
  action: 'archive' | 'restore',
  group: GroupState,
  course: CourseState,
): Decision {
  if (course.status === 'deleted') return { send: false, reason: REASONS.deletedChange };
  if (action === 'archive') {
    if (course.status === 'archived') return { send: false, reason: REASONS.alreadyArchived };
    return { send: true, effect: 'Sets the status to archived through update.' };
  }
  if (course.status !== 'archived') return { send: false, reason: REASONS.notArchived };
  if (group.archived) return { send: false, reason: REASONS.courseInArchivedGroup };
  return { send: true, effect: 'Sets the status back to draft through update.' };
}

/** Why releasing or unreleasing a learning path in `status` is pointless, or null when it is not. */
export function learningPathRefusal(
  action: 'release' | 'unrelease',
  status: Status,
): string | null {
  if (status === 'deleted') return REASONS.deletedPath;
  if (action === 'release' && status === 'published') return REASONS.alreadyPublished;
  if (action === 'unrelease' && status === 'draft') return REASONS.alreadyDraft;
  return null;
}

/** What a course's status becomes when its group is archived or restored. */
export const CASCADE_STATUS: Record<'archive' | 'restore', Status> = {
  archive: 'archived',
  restore: 'draft',
};
