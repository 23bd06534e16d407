// A refused chunk of a bulk endpoint, spread over its items. One call is one transaction upstream, so
// every item of the chunk failed; the API's messages that name an item (`items[3].priceInCents: …`) go
// to that item, the others to every item. An item named by no message is told why it failed anyway.
import type { BulkItem, ItemOutcome } from './bulk-runner.ts';

export const REFUSED_WITH_OTHERS =
  'Not applied: the API refused this chunk because of other items in it (each chunk is one transaction).';

export function refusalOutcomes(
  chunk: readonly BulkItem[],
  messages: readonly string[],
  httpStatus: number | null,
): Map<string, ItemOutcome> {
  const own = new Map<number, string[]>();
  const general: string[] = [];
  for (const message of messages) {
    const match = /^items\[(\d+)\]\.?([\w.]*):\s*(.*)$/.exec(message);
    const index = match ? Number(match[1]) : -1;
    if (match && index < chunk.length)
      own.set(index, [
        ...(own.get(index) ?? []),
        match[2] ? `${match[2]}: ${match[3]!}` : match[3]!,
      ]);
    else general.push(message);
  }
  return new Map(
    chunk.map((item, index): [string, ItemOutcome] => {
      const mine = [...(own.get(index) ?? []), ...general];
      return [
        item.key,
        { status: 'failed', messages: mine.length > 0 ? mine : [REFUSED_WITH_OTHERS], httpStatus },
      ];
    }),
  );
}

/** Items whose confirmation the answer lacks, as failures; the rest are done. */
export function unconfirmedOutcomes<T extends BulkItem>(
  chunk: readonly T[],
  confirmed: (item: T, index: number) => boolean,
  message: string,
): Map<string, ItemOutcome> {
  const outcomes = new Map<string, ItemOutcome>();
  chunk.forEach((item, index) => {
    if (!confirmed(item, index))
      outcomes.set(item.key, { status: 'failed', messages: [message], httpStatus: null });
  });
  return outcomes;
}
