// What each bulk action sends, as tasks for the shared bulk runner (lib/bulk). A group is done only when
// the API confirmed it: releaseContent answered the expected status for each of its courses, or the
// update call returned its success body. Archive/restore go through update in chunks of at most 100.
import { LIMITS } from '#contract/limits.ts';
import { ApiError, isApiError } from '../../lib/api-error.ts';
import type { BulkItem, BulkTask } from '../../lib/bulk/bulk-runner.ts';
import type { SelectedGroup } from '../../lib/bulk-selection.ts';
import { contentApiOperations, type BulkOperations } from './bulk-operations.ts';

export type BulkAction = 'publish' | 'unpublish' | 'archive' | 'restore';

export interface GroupItem extends BulkItem {
  group: SelectedGroup;
}

export const groupItem = (group: SelectedGroup): GroupItem => ({
  key: group.id,
  title: group.title,
  group,
});

export function bulkTask(
  action: BulkAction,
  operations: BulkOperations = contentApiOperations,
): BulkTask<GroupItem> {
  if (action === 'archive' || action === 'restore') {
    const archived = action === 'archive';
    return {
      chunkSize: LIMITS.itemsPerUpdate,
      concurrency: 1,
      send: async (chunk, signal) => {
        await operations.update(
          { courseGroups: chunk.map((item) => ({ id: item.group.id, archived })) },
          signal,
        );
      },
    };
  }
  const release = action === 'publish' ? 'release' : 'unrelease';
  const expected = action === 'publish' ? 'published' : 'draft';
  return {
    concurrency: 4,
    send: async ([item], signal) => {
      const { group } = item!;
      // One course, known from the list item: it is the display course. Otherwise ask for them all.
      const courseIds =
        group.courseCount === 1 && group.displayCourseId
          ? [group.displayCourseId]
          : await operations.coursesOf(group.id, signal);
      if (courseIds.length === 0)
        return new Map([[item!.key, { status: 'skipped', reason: 'This group has no courses.' }]]);
      for (const courseId of courseIds) {
        // Several sessions: say which one a message is about.
        const prefix = courseIds.length > 1 ? `Course ${courseId}: ` : '';
        const answer = await operations
          .release(courseId, release, signal)
          .catch((error: unknown) => {
            throw prefix && isApiError(error)
              ? new ApiError(
                  error.kind,
                  error.status,
                  error.messages.map((message) => prefix + message),
                )
              : error;
          });
        if (answer.status !== expected)
          throw new Error(
            `${prefix}the API answered status '${answer.status}', not '${expected}'.`,
          );
      }
    },
  };
}
