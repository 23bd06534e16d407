// What order the API can produce among a parent's children. Saved lessons and topics cannot be
// reordered in place; a lesson or topic that changes parent, and every new one, is appended at the
// end. So the children a parent can end up with are: the saved children that stay, in their saved
// order, followed by moved-in and new children in the order they are appended.

export interface OrderedChild {
  key: string;
  /** Index among the parent's saved children, for a child that stays under the same parent. */
  stayIndex?: number;
}

export interface OrderAnalysis {
  /** Children placed where the API cannot put them (reported as unsupported reorders). */
  misplaced: Set<string>;
  /** Children appended after the saved ones: moved-in and new, in draft order. */
  tail: string[];
}

export function analyseOrder(children: readonly OrderedChild[]): OrderAnalysis {
  const stayers = children.filter((c) => c.stayIndex !== undefined);
  const kept = new Set(
    longestIncreasing(stayers.map((c) => c.stayIndex!)).map((i) => stayers[i]!.key),
  );
  const misplaced = new Set(stayers.filter((c) => !kept.has(c.key)).map((c) => c.key));
  let lastKept = -1;
  children.forEach((child, index) => {
    if (kept.has(child.key)) lastKept = index;
  });
  children.forEach((child, index) => {
    if (child.stayIndex === undefined && index < lastKept) misplaced.add(child.key);
  });
  return { misplaced, tail: children.filter((c) => c.stayIndex === undefined).map((c) => c.key) };
}

/** The achievable order closest to the draft's: stayers in saved order, then the rest in draft order. */
export function achievableOrder<T extends OrderedChild>(children: readonly T[]): T[] {
  const stayers = children
    .filter((c) => c.stayIndex !== undefined)
    .sort((a, b) => a.stayIndex! - b.stayIndex!);
  return [...stayers, ...children.filter((c) => c.stayIndex === undefined)];
}

/** Indexes (into `values`) of one longest strictly increasing subsequence. O(n log n). */
export function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  for (const [i, value] of values.entries()) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out: number[] = [];
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]!) out.push(i);
  return out.reverse();
}
