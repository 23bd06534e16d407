// Publish's tasks on the shared runner: archive/restore in update calls of at most 100 groups, one
// releaseContent per course, and an item done only when the API confirmed it.
import { describe, expect, it } from 'vitest';
import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { ApiError } from '../../lib/api-error.ts';
import { runBulk, type BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import type { BulkOperations } from './bulk-operations.ts';
import { bulkTask } from './bulk-tasks.ts';
import type { PublishAction, PublishItem } from './publish-plan.ts';

const groupItems = (count: number): PublishItem[] =>
  Array.from({ length: count }, (_, i) => ({
    key: `g${i}`,
    title: `Group ${i}`,
    groupId: `g${i}`,
    courseId: null,
  }));
const courseItems = (ids: string[]): PublishItem[] =>
  ids.map((id) => ({ key: id, title: `Course ${id}`, groupId: `g-${id}`, courseId: id }));

const operations = (overrides: Partial<BulkOperations>): BulkOperations => ({
  release: async () => ({ status: 'published' }),
  update: async () => true,
  ...overrides,
});

async function run(action: PublishAction, items: PublishItem[], ops: BulkOperations) {
  const results = new Map<string, BulkItemResult>();
  await runBulk({
    ...bulkTask(action, ops),
    concurrency: 1,
    items,
    signal: new AbortController().signal,
    onResult: (key, result) => results.set(key, result),
  });
  return results;
}

describe('bulkTask', () => {
  it('archives in update calls of at most 100 groups; a refused call fails its groups', async () => {
    const calls: UpdateCourseAttributes[] = [];
    const results = await run(
      'archive',
      groupItems(250),
      operations({
        update: async (attributes) => {
          calls.push(attributes);
          if (calls.length === 2) throw new ApiError('server', 500, ['Injected fault']);
          return true;
        },
      }),
    );
    expect(calls.map((call) => call.courseGroups!.length)).toEqual([100, 100, 50]);
    expect(calls[0]!.courseGroups![0]).toEqual({ id: 'g0', archived: true });
    expect(results.get('g0')!.status).toBe('done');
    expect(results.get('g150')).toMatchObject({
      status: 'failed',
      messages: ['Injected fault'],
      httpStatus: 500,
    });
    expect(results.get('g249')!.status).toBe('done');
  });

  it('restores with archived: false', async () => {
    const calls: UpdateCourseAttributes[] = [];
    await run('restore', groupItems(2), operations({ update: async (a) => void calls.push(a) }));
    expect(calls[0]!.courseGroups).toEqual([
      { id: 'g0', archived: false },
      { id: 'g1', archived: false },
    ]);
  });

  it('releases each course; an unexpected status or a refusal fails that course alone', async () => {
    const released: string[] = [];
    const results = await run(
      'publish',
      courseItems(['a', 'b', 'c']),
      operations({
        release: async (courseId, action) => {
          released.push(`${courseId}:${action}`);
          if (courseId === 'c') throw new ApiError('server', 500, ['Injected fault']);
          return { status: courseId === 'b' ? 'draft' : 'published' };
        },
      }),
    );
    expect(released).toEqual(['a:release', 'b:release', 'c:release']);
    expect(results.get('a')!.status).toBe('done');
    expect(results.get('b')).toMatchObject({
      status: 'failed',
      messages: ["The API answered status 'draft', not 'published'."],
      httpStatus: null,
    });
    expect(results.get('c')).toMatchObject({
      status: 'failed',
      messages: ['Injected fault'],
      httpStatus: 500,
    });
  });

  it('unpublishes with unrelease and expects draft', async () => {
    const released: string[] = [];
    const results = await run(
      'unpublish',
      courseItems(['a']),
      operations({
        release: async (courseId, action) => {
          released.push(`${courseId}:${action}`);
          return { status: 'draft' };
        },
      }),
    );
    expect(released).toEqual(['a:unrelease']);
    expect(results.get('a')!.status).toBe('done');
  });
});
