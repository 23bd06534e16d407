// What each bulk action says before it runs (cascades included) and after.
import { LIMITS } from '#contract/limits.ts';
import { plural } from '../../lib/format.ts';
import type { BulkAction, GroupItem } from './bulk-tasks.ts';

export const ACTION_LABELS: Record<BulkAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  restore: 'Restore',
};

export const ACTION_PAST: Record<BulkAction, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  archive: 'Archived',
  restore: 'Restored',
};

export function describeBulk(action: BulkAction, groupItems: readonly GroupItem[]): string[] {
  const items = groupItems.map((item) => item.group);
  const groups = plural(items.length, 'course group');
  const known = items.every((item) => item.courseCount !== null);
  const courses = known
    ? plural(
        items.reduce((sum, item) => sum + (item.courseCount ?? 0), 0),
        'course',
      )
    : null;
  const counted = courses ? ` (${courses})` : '';
  const batches = plural(Math.ceil(items.length / LIMITS.itemsPerUpdate), 'update call');
  switch (action) {
    case 'publish':
      return [
        `Publishes every course of the ${groups}${counted} with releaseContent.`,
        'Published courses are visible to learners in the catalog.',
      ];
    case 'unpublish':
      return [
        `Sets every course of the ${groups}${counted} back to draft with releaseContent.`,
        'Learners no longer see them in the catalog.',
      ];
    case 'archive':
      return [
        `Archives the ${groups}. Their courses become archived as well${counted}.`,
        `Sent as ${batches} of at most ${LIMITS.itemsPerUpdate} groups each.`,
      ];
    case 'restore':
      return [
        `Restores the ${groups}. Their courses become draft${counted}; publish them again to make them visible.`,
        `Sent as ${batches} of at most ${LIMITS.itemsPerUpdate} groups each.`,
      ];
  }
}
