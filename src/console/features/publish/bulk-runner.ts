// Runs one bulk action over many course groups and reports each item's fate. An item is "succeeded"
// only when the API confirmed it: releaseContent answered the expected status, or the update call
// returned its success body. Archive/restore go through update in batches of at most 100 items.
import { LIMITS } from '#contract/limits.ts';
import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { errorMessages, isApiError } from '../../lib/api-error.ts';
import type { SelectedGroup } from '../../lib/bulk-selection.ts';

export type BulkAction = 'publish' | 'unpublish' | 'archive' | 'restore';

export type BulkItem = SelectedGroup;

export type ItemStatus = 'pending' | 'running' | 'succeeded' | 'failed' | 'skipped';

export interface ItemResult {
  status: ItemStatus;
  /** Exact upstream messages for failures; a note for skipped items. */
  messages: readonly string[];
  httpStatus: number | null;
}

export interface BulkOperations {
  /** Ids of a group's courses (sessions). */
  coursesOf(groupId: string, signal: AbortSignal): Promise<string[]>;
  release(
    courseId: string,
    action: 'release' | 'unrelease',
    signal: AbortSignal,
  ): Promise<{ status: string }>;
  /** Resolves only on the API's success body (`true` or `{ success: true, ... }`). */
  update(attributes: UpdateCourseAttributes, signal: AbortSignal): Promise<unknown>;
}

export interface RunOptions {
  action: BulkAction;
  items: readonly BulkItem[];
  operations: BulkOperations;
  onResult(id: string, result: ItemResult): void;
  signal: AbortSignal;
  /** Parallel releaseContent calls (publish/unpublish). */
  concurrency?: number;
}

const running: ItemResult = { status: 'running', messages: [], httpStatus: null };
const succeeded: ItemResult = { status: 'succeeded', messages: [], httpStatus: null };

function failure(error: unknown, prefix = ''): ItemResult {
  return {
    status: 'failed',
    messages: errorMessages(error).map((message) => prefix + message),
    httpStatus: isApiError(error) ? error.status : null,
  };
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}

export async function runBulk(options: RunOptions): Promise<void> {
  if (options.action === 'archive' || options.action === 'restore') return runUpdates(options);
  return runReleases(options);
}

async function runUpdates({ action, items, operations, onResult, signal }: RunOptions) {
  const archived = action === 'archive';
  for (const batch of chunk(items, LIMITS.itemsPerUpdate)) {
    if (signal.aborted) return;
    for (const item of batch) onResult(item.id, running);
    try {
      await operations.update(
        { courseGroups: batch.map((item) => ({ id: item.id, archived })) },
        signal,
      );
      for (const item of batch) onResult(item.id, succeeded);
    } catch (error) {
      // One update call is one transaction upstream: the whole batch shares its fate and message.
      const result = signal.aborted ? pendingAgain : failure(error);
      for (const item of batch) onResult(item.id, result);
    }
  }
}

const pendingAgain: ItemResult = {
  status: 'pending',
  messages: ['Stopped before the API confirmed this item.'],
  httpStatus: null,
};

async function runReleases({
  action,
  items,
  operations,
  onResult,
  signal,
  concurrency = 4,
}: RunOptions) {
  const release = action === 'publish' ? 'release' : 'unrelease';
  const expected = action === 'publish' ? 'published' : 'draft';
  const queue = [...items];

  async function processItem(item: BulkItem) {
    onResult(item.id, running);
    let courseIds: string[];
    try {
      // One course, known from the list item: it is the display course. Otherwise ask for them all.
      courseIds =
        item.courseCount === 1 && item.displayCourseId
          ? [item.displayCourseId]
          : await operations.coursesOf(item.id, signal);
    } catch (error) {
      onResult(item.id, signal.aborted ? pendingAgain : failure(error));
      return;
    }
    if (courseIds.length === 0) {
      onResult(item.id, {
        status: 'skipped',
        messages: ['This group has no courses.'],
        httpStatus: null,
      });
      return;
    }
    for (const courseId of courseIds) {
      // Several sessions: say which one a message is about.
      const prefix = courseIds.length > 1 ? `Course ${courseId}: ` : '';
      try {
        const answer = await operations.release(courseId, release, signal);
        if (answer.status !== expected) {
          onResult(item.id, {
            status: 'failed',
            messages: [`${prefix}the API answered status '${answer.status}', not '${expected}'.`],
            httpStatus: null,
          });
          return;
        }
      } catch (error) {
        onResult(item.id, signal.aborted ? pendingAgain : failure(error, prefix));
        return;
      }
    }
    onResult(item.id, succeeded);
  }

  async function worker() {
    for (let item = queue.shift(); item && !signal.aborted; item = queue.shift()) {
      await processItem(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
