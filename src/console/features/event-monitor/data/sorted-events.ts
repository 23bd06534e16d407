// Helpers over arrays of events kept in ascending relay sequence order.
import type { StoredEvent } from './event-model.ts';

/** Index of the first event whose seq is greater than `seq`. */
export function upperBound(events: readonly StoredEvent[], seq: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first event whose seq is at least `seq`. */
export function lowerBound(events: readonly StoredEvent[], seq: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle]!.seq < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Merges a batch (any order) into a sorted array. The common case, a live batch newer than everything
 * held, appends in place and returns the same array; otherwise a new merged array is returned.
 */
export function mergeSorted(target: StoredEvent[], batch: StoredEvent[]): StoredEvent[] {
  if (batch.length === 0) return target;
  batch.sort((a, b) => a.seq - b.seq);
  const last = target.length > 0 ? target[target.length - 1]!.seq : -Infinity;
  if (batch[0]!.seq > last) {
    for (const item of batch) target.push(item);
    return target;
  }
  const merged: StoredEvent[] = new Array(target.length + batch.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < target.length && j < batch.length)
    merged[k++] = target[i]!.seq <= batch[j]!.seq ? target[i++]! : batch[j++]!;
  while (i < target.length) merged[k++] = target[i++]!;
  while (j < batch.length) merged[k++] = batch[j++]!;
  return merged;
}
