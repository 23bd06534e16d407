import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { runBulk, type BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { REFUSED_WITH_OTHERS } from '../../lib/bulk/refusal-outcomes.ts';
import { NOT_CONFIRMED, priceTask, type PriceItem } from './price-task.ts';

const items: PriceItem[] = Array.from({ length: 2500 }, (_, n) => ({
  key: `c${n}`,
  title: `Course ${n}`,
  courseId: `c${n}`,
  cents: n,
  oldCents: 0,
}));

async function run(send: Parameters<typeof priceTask>[0], subset = items) {
  const results = new Map<string, BulkItemResult>();
  await runBulk({
    ...priceTask(send),
    items: subset,
    signal: new AbortController().signal,
    onResult: (key, result) => results.set(key, result),
  });
  return results;
}

describe('price task', () => {
  it('sends chunks of at most 1,000 and marks done what the answer confirms', async () => {
    const sizes: number[] = [];
    const results = await run(async (chunk) => {
      sizes.push(chunk.length);
      // The answer leaves one course out: that one is not done.
      const ids = chunk.map((item) => item.courseId).filter((id) => id !== 'c1500');
      return { updated: ids.length, courseIds: ids };
    });
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(results.get('c0')?.status).toBe('done');
    expect(results.get('c1500')).toEqual({
      status: 'failed',
      reason: null,
      messages: [NOT_CONFIRMED],
      httpStatus: null,
    });
  });

  it('gives a refused chunk’s indexed messages to their item and general ones to all', async () => {
    const results = await run(async (chunk) => {
      if (chunk[0]!.courseId === 'c1000')
        throw new ApiError('validation', 400, [
          'items[2].priceInCents: priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
        ]);
      return { updated: chunk.length, courseIds: chunk.map((item) => item.courseId) };
    });
    expect(results.get('c1002')).toMatchObject({
      status: 'failed',
      messages: [
        'priceInCents: priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
      ],
      httpStatus: 400,
    });
    expect(results.get('c1003')?.messages).toEqual([REFUSED_WITH_OTHERS]);
    expect(results.get('c999')?.status).toBe('done');
    expect(results.get('c2000')?.status).toBe('done');

    const general = await run(
      async () => {
        throw new ApiError('validation', 400, ['Some courses not found or unauthorized']);
      },
      items.slice(0, 3),
    );
    expect(general.get('c1')?.messages).toEqual(['Some courses not found or unauthorized']);
  });

  it('a server error fails the whole chunk with its message', async () => {
    const results = await run(
      async () => {
        throw new ApiError('server', 500, ['Injected fault']);
      },
      items.slice(0, 2),
    );
    expect(results.get('c0')).toMatchObject({
      status: 'failed',
      messages: ['Injected fault'],
      httpStatus: 500,
    });
  });
});
