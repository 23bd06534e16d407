// New prices as a task for the shared bulk runner: chunks of at most 1,000 (spec 8), one
// `POST /content/bulkUpdatePrices` each. A chunk is one transaction upstream, so a refusal applies to
// all of it; the API's messages that name an item (`items[3].priceInCents: …`) go to that item, the
// others to every item of the chunk. A price is done only when the answer lists its course.
import { LIMITS } from '#contract/limits.ts';
import { isApiError } from '../../lib/api-error.ts';
import type { BulkItem, BulkTask, ItemOutcome } from '../../lib/bulk/bulk-runner.ts';
import { bulkUpdatePrices } from '../../lib/content-api.ts';

export interface PriceItem extends BulkItem {
  courseId: string;
  cents: number;
  oldCents: number;
}

type Send = typeof bulkUpdatePrices;

export const NOT_CONFIRMED = 'The API answered without this course: its price is not confirmed.';
export const REFUSED_WITH_OTHERS =
  'Not applied: the API refused this chunk because of other prices in it (each chunk is one transaction).';

export function priceTask(send: Send = bulkUpdatePrices): BulkTask<PriceItem> {
  return {
    chunkSize: LIMITS.itemsPerBulkPriceUpdate,
    concurrency: 1,
    send: async (chunk, signal) => {
      const items = chunk.map((item) => ({ courseId: item.courseId, priceInCents: item.cents }));
      try {
        const answer = await send(items, signal);
        const confirmed = new Set(answer.courseIds);
        const outcomes = new Map<string, ItemOutcome>();
        for (const item of chunk)
          if (!confirmed.has(item.courseId))
            outcomes.set(item.key, {
              status: 'failed',
              messages: [NOT_CONFIRMED],
              httpStatus: null,
            });
        return outcomes;
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'validation') throw error;
        return refusalOutcomes(chunk, error.messages, error.status);
      }
    },
  };
}

/** Spreads a refused chunk's messages over its items: indexed ones to their item, the rest to all. */
export function refusalOutcomes(
  chunk: readonly PriceItem[],
  messages: readonly string[],
  httpStatus: number | null,
): Map<string, ItemOutcome> {
  const own = new Map<number, string[]>();
  const general: string[] = [];
  for (const message of messages) {
    const match = /^items\[(\d+)\]\.?([\w.]*):\s*(.*)$/.exec(message);
    const index = match ? Number(match[1]) : -1;
    if (match && index < chunk.length) own.set(index, [...(own.get(index) ?? []), match[3]!]);
    else general.push(message);
  }
  return new Map(
    chunk.map((item, index): [string, ItemOutcome] => {
      const mine = own.get(index) ?? [];
      const messagesOfItem =
        mine.length > 0 || general.length > 0 ? [...mine, ...general] : [REFUSED_WITH_OTHERS];
      return [item.key, { status: 'failed', messages: messagesOfItem, httpStatus }];
    }),
  );
}
