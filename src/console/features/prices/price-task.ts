// New prices as a task for the shared bulk runner: chunks of at most 1,000 (spec 8), one
// `POST /content/bulkUpdatePrices` each. A chunk is one transaction upstream, so a refusal applies to
// all of it; the API's messages that name an item (`items[3].priceInCents: …`) go to that item, the
// others to every item of the chunk (lib/bulk/refusal-outcomes.ts). A price is done only when the
// answer lists its course.
import { LIMITS } from '#contract/limits.ts';
import { isApiError } from '../../lib/api-error.ts';
import type { BulkItem, BulkTask } from '../../lib/bulk/bulk-runner.ts';
import { refusalOutcomes, unconfirmedOutcomes } from '../../lib/bulk/refusal-outcomes.ts';
import { bulkUpdatePrices } from '../../lib/content-api.ts';

export interface PriceItem extends BulkItem {
  courseId: string;
  cents: number;
  oldCents: number;
}

type Send = typeof bulkUpdatePrices;

export const NOT_CONFIRMED = 'The API answered without this course: its price is not confirmed.';

export function priceTask(send: Send = bulkUpdatePrices): BulkTask<PriceItem> {
  return {
    chunkSize: LIMITS.itemsPerBulkPriceUpdate,
    concurrency: 1,
    send: async (chunk, signal) => {
      const items = chunk.map((item) => ({ courseId: item.courseId, priceInCents: item.cents }));
      try {
        const answer = await send(items, signal);
        const confirmed = new Set(answer.courseIds);
        return unconfirmedOutcomes(chunk, (item) => confirmed.has(item.courseId), NOT_CONFIRMED);
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'validation') throw error;
        return refusalOutcomes(chunk, error.messages, error.status);
      }
    },
  };
}
