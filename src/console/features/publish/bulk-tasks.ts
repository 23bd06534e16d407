// What a publish action sends, as a task for the shared bulk runner (lib/bulk). An item is done only
// when the API confirmed it: releaseContent answered the expected status for the course, or the update
// call returned its success body. Archive/restore go through update in chunks of at most 100 groups.
import { LIMITS } from '#contract/limits.ts';
import type { BulkTask } from '../../lib/bulk/bulk-runner.ts';
import { contentApiOperations, type BulkOperations } from './bulk-operations.ts';
import type { PublishAction, PublishItem } from './publish-plan.ts';

export function bulkTask(
  action: PublishAction,
  operations: BulkOperations = contentApiOperations,
): BulkTask<PublishItem> {
  if (action === 'archive' || action === 'restore') {
    const archived = action === 'archive';
    return {
      chunkSize: LIMITS.itemsPerUpdate,
      concurrency: 1,
      send: async (chunk, signal) => {
        await operations.update(
          { courseGroups: chunk.map((item) => ({ id: item.groupId, archived })) },
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
      const answer = await operations.release(item!.courseId!, release, signal);
      if (answer.status !== expected)
        throw new Error(`The API answered status '${answer.status}', not '${expected}'.`);
    },
  };
}
