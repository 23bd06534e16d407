// The bulk runner's contract: batches of at most 100 for update, one releaseContent per course, and an
// item is "succeeded" only when the API confirmed it.
import { describe, expect, it } from 'vitest';
import type { UpdateCourseAttributes } from '#contract/schemas/course-update.ts';
import { ApiError } from '../../lib/api-error.ts';
import { runBulk, type BulkItem, type BulkOperations, type ItemResult } from './bulk-runner.ts';

const items = (count: number, courseCount: number | null = 1): BulkItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `g${i}`,
    title: `Group ${i}`,
    courseCount,
    displayCourseId: courseCount === null ? null : `c${i}`,
  }));

function recorder() {
  const results = new Map<string, ItemResult>();
  return { results, onResult: (id: string, result: ItemResult) => results.set(id, result) };
}

const statuses = (results: Map<string, ItemResult>) =>
  [...results.values()].map((result) => result.status);

describe('runBulk', () => {
  it('archives in batches of at most 100 and shares a failed batch’s exact messages', async () => {
    const batches: UpdateCourseAttributes[] = [];
    const operations: BulkOperations = {
      coursesOf: async () => [],
      release: async () => ({ status: 'published' }),
      update: async (attributes) => {
        batches.push(attributes);
        if (batches.length === 2)
          throw new ApiError('validation', 400, ['Course groups not found: g150']);
        return true;
      },
    };
    const { results, onResult } = recorder();
    await runBulk({
      action: 'archive',
      items: items(250),
      operations,
      onResult,
      signal: new AbortController().signal,
    });
    expect(batches.map((batch) => batch.courseGroups!.length)).toEqual([100, 100, 50]);
    expect(batches[0]!.courseGroups![0]).toEqual({ id: 'g0', archived: true });
    expect(results.get('g0')!.status).toBe('succeeded');
    expect(results.get('g150')).toEqual({
      status: 'failed',
      messages: ['Course groups not found: g150'],
      httpStatus: 400,
    });
    expect(statuses(results).filter((status) => status === 'failed')).toHaveLength(100);
    expect(results.get('g249')!.status).toBe('succeeded');
  });

  it('restores with archived: false', async () => {
    const batches: UpdateCourseAttributes[] = [];
    const { onResult } = recorder();
    await runBulk({
      action: 'restore',
      items: items(2),
      operations: {
        coursesOf: async () => [],
        release: async () => ({ status: 'draft' }),
        update: async (attributes) => void batches.push(attributes),
      },
      onResult,
      signal: new AbortController().signal,
    });
    expect(batches[0]!.courseGroups).toEqual([
      { id: 'g0', archived: false },
      { id: 'g1', archived: false },
    ]);
  });

  it('publishes every course of a group and fails it on an unexpected status', async () => {
    const released: string[] = [];
    const operations: BulkOperations = {
      coursesOf: async (groupId) => (groupId === 'g1' ? ['c1a', 'c1b'] : []),
      release: async (courseId, action) => {
        released.push(`${courseId}:${action}`);
        return { status: courseId === 'c1b' ? 'draft' : 'published' };
      },
      update: async () => true,
    };
    const { results, onResult } = recorder();
    await runBulk({
      action: 'publish',
      items: [
        ...items(1),
        { id: 'g1', title: 'Two', courseCount: 2, displayCourseId: 'c1a' },
        {
          id: 'g2',
          title: 'Empty',
          courseCount: null,
          displayCourseId: null,
        },
      ],
      operations,
      onResult,
      signal: new AbortController().signal,
      concurrency: 1,
    });
    expect(released).toEqual(['c0:release', 'c1a:release', 'c1b:release']);
    expect(results.get('g0')!.status).toBe('succeeded');
    expect(results.get('g1')).toEqual({
      status: 'failed',
      messages: ["Course c1b: the API answered status 'draft', not 'published'."],
      httpStatus: null,
    });
    expect(results.get('g2')).toMatchObject({ status: 'skipped' });
  });

  it('keeps the upstream message and status of a failed release', async () => {
    const { results, onResult } = recorder();
    await runBulk({
      action: 'unpublish',
      items: items(3),
      operations: {
        coursesOf: async () => [],
        release: async (courseId) => {
          if (courseId === 'c1') throw new ApiError('server', 500, ['Injected fault']);
          return { status: 'draft' };
        },
        update: async () => true,
      },
      onResult,
      signal: new AbortController().signal,
    });
    expect(statuses(results)).toEqual(['succeeded', 'failed', 'succeeded']);
    expect(results.get('g1')).toEqual({
      status: 'failed',
      messages: ['Injected fault'],
      httpStatus: 500,
    });
  });

  it('sends nothing more after a stop, leaving unsent items pending', async () => {
    const controller = new AbortController();
    let sent = 0;
    const { results, onResult } = recorder();
    await runBulk({
      action: 'archive',
      items: items(300),
      operations: {
        coursesOf: async () => [],
        release: async () => ({ status: 'published' }),
        update: async () => {
          sent++;
          controller.abort();
          return true;
        },
      },
      onResult,
      signal: controller.signal,
    });
    expect(sent).toBe(1);
    expect(results.size).toBe(100);
  });
});
