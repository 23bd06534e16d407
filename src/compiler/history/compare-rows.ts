// Two versions' outlines as one list of rows for a side-by-side view: the later version's document
// order, each removed node placed just after the sibling it followed in the earlier version (or first
// in its parent), under its earlier parent. A node that moved appears once, where it is now; the diff
// says where it came from. Unchanged nodes that are not the ancestors of a change can be folded into
// counted runs.
import type { CompareRow, VersionDiff } from '#contract/console/history.ts';
import type { PlacedOutline, PlacedVersions } from './version-diff.ts';

const childrenIn = (outline: PlacedOutline, parentId: string | null): readonly string[] =>
  parentId === null ? outline.roots : (outline.nodes.get(parentId)?.children ?? []);

/** The children of `parentId` in the merged outline: the later ones, with the removed ones put back. */
function mergedChildren(placed: PlacedVersions, parentId: string | null): string[] {
  const merged = [...childrenIn(placed.after, parentId)];
  const earlier = childrenIn(placed.before, parentId);
  earlier.forEach((id, i) => {
    if (placed.after.nodes.has(id)) return;
    let at = -1;
    for (let j = i - 1; j >= 0 && at < 0; j--) at = merged.indexOf(earlier[j]!);
    merged.splice(at + 1, 0, id);
  });
  return merged;
}

export interface CompareOptions {
  /** `changes`: fold unchanged nodes that are not ancestors of a change (default); `all`: none. */
  context?: 'changes' | 'all';
}

export function compareRows(
  placed: PlacedVersions,
  diff: VersionDiff,
  options: CompareOptions = {},
): CompareRow[] {
  const changed = new Set(diff.nodes.map((node) => node.id));
  const rows: Extract<CompareRow, { id: string }>[] = [];
  const shown: boolean[] = [];
  const walk = (parentId: string | null, depth: number): boolean => {
    let anyChanged = false;
    for (const id of mergedChildren(placed, parentId)) {
      const later = placed.after.nodes.get(id);
      const earlier = placed.before.nodes.get(id);
      const node = (later ?? earlier)!;
      const at = rows.length;
      rows.push({
        id,
        kind: node.kind,
        depth,
        before: earlier?.title ?? null,
        after: later?.title ?? null,
        changed: changed.has(id),
      });
      shown.push(false);
      const inside = walk(id, depth + 1);
      shown[at] = changed.has(id) || inside;
      anyChanged ||= shown[at]!;
    }
    return anyChanged;
  };
  walk(null, 0);
  if (options.context === 'all') return rows;

  const out: CompareRow[] = [];
  rows.forEach((row, i) => {
    if (shown[i]) {
      out.push(row);
      return;
    }
    const last = out.at(-1);
    if (last && 'same' in last) {
      last.same++;
      last.depth = Math.min(last.depth, row.depth);
    } else out.push({ same: 1, depth: row.depth });
  });
  return out;
}
