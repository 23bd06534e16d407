// Publish's tasks on the shared runner: archive/restore in update calls of at most 100 groups, one
// releaseContent per course, and a group done only when the API confirmed each of its courses.
import { describe, expect, it } from 'vitest';
import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { ApiError } from '../../lib/api-error.ts';
import { runBulk, type BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import type { BulkOperations } from './bulk-operations.ts';
import { bulkTask, groupItem, type BulkAction, type GroupItem } from './bulk-tasks.ts';

const groups = (count: number): GroupItem[] =>
  Array.from({ length: count }, (_, i) =>
    groupItem({ id: `g${i}`, title: `Group ${i}`, courseCount: 1, displayCourseId: `c${i}` }),
  );

const operations = (overrides: Partial<BulkOperations>): BulkOperations => ({
  coursesOf: async () => [],
  release: async () => ({ status: 'published' }),
  update: async () => true,
  ...overrides,
});

async function run(action: BulkAction, items: GroupItem[], ops: BulkOperations) {
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
      groups(250),
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
    await run('restore', groups(2), operations({ update: async (a) => void calls.push(a) }));
    expect(calls[0]!.courseGroups).toEqual([
      { id: 'g0', archived: false },
      { id: 'g1', archived: false },
    ]);
  });

  it('publishes every course of a group; an unexpected status or a refusal names the course', async () => {
    const released: string[] = [];
    const results = await run(
      'publish',
      [
        ...groups(1),
        groupItem({ id: 'g1', title: 'Two', courseCount: 2, displayCourseId: 'c1a' }),
        groupItem({ id: 'g2', title: 'Three', courseCount: 2, displayCourseId: 'c2a' }),
      ],
      operations({
        coursesOf: async (groupId) => (groupId === 'g1' ? ['c1a', 'c1b'] : ['c2a', 'c2b']),
        release: async (courseId, action) => {
          released.push(`${courseId}:${action}`);
          if (courseId === 'c2b') throw new ApiError('server', 500, ['Injected fault']);
          return { status: courseId === 'c1b' ? 'draft' : 'published' };
        },
      }),
    );
    expect(released).toEqual([
      'c0:release',
      'c1a:release',
      'c1b:release',
      'c2a:release',
      'c2b:release',
    ]);
    expect(results.get('g0')!.status).toBe('done');
    expect(results.get('g1')).toMatchObject({
      status: 'failed',
      messages: ["Course c1b: the API answered status 'draft', not 'published'."],
      httpStatus: null,
    });
    expect(results.get('g2')).toMatchObject({
      status: 'failed',
      messages: ['Course c2b: Injected fault'],
      httpStatus: 500,
    });
  });

  it('skips a group without courses', async () => {
    const results = await run(
      'unpublish',
      [groupItem({ id: 'g0', title: 'Empty', courseCount: null, displayCourseId: null })],
      operations({ release: async () => ({ status: 'draft' }) }),
    );
    expect(results.get('g0')).toMatchObject({
      status: 'skipped',
      reason: 'This group has no courses.',
    });
  });
});
