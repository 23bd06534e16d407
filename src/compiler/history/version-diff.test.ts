// The diff of two versions by server id: moves are moves, renames are renames, reorders the fewest;
// and the side-by-side rows hold every node once, each side in its own document order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareRows,
  diffVersions,
  isEmptyDiff,
  moveNode,
  placeVersions,
  renameNode,
  setAttributes,
  type Baseline,
} from '#compiler/index.ts';
import { saveDraft } from '../test-drafts.ts';
import { gridSize, historyEdit, twoVersions } from './test-history.ts';
import { outOfOrder } from './version-diff.ts';

const idsOf = (baseline: Baseline) => {
  const out: { id: string; parent: string; title: string; depth: number }[] = [];
  for (const section of baseline.structure.sections) {
    out.push({ id: section.id, parent: baseline.course.id, title: section.title, depth: 0 });
    for (const lesson of section.lessons) {
      out.push({ id: lesson.id, parent: section.id, title: lesson.title, depth: 1 });
      for (const topic of lesson.topics)
        out.push({ id: topic.id, parent: lesson.id, title: topic.title, depth: 2 });
    }
  }
  return out;
};

describe('diffVersions', () => {
  it('finds nothing between a version and itself', () => {
    const { before } = twoVersions([2, 2, 2], []);
    const diff = diffVersions(before, before);
    expect(isEmptyDiff(diff)).toBe(true);
    expect(diff.counts).toMatchObject({ sections: 2, lessons: 4, topics: 8, added: 0 });
  });

  it('tells a rename, a move and a field change apart, with the parents in words', () => {
    const { before, after } = twoVersions(
      [2, 2, 2],
      [
        { op: 'rename', n: 2, title: 'Welcome' }, // S0L0T0
        { op: 'moveTopic', n: 1, l: 3, at: 9 }, // S0L0T1 -> S1L1, last
        { op: 'caption', n: 2 },
      ],
    );
    const diff = diffVersions(before, after);
    const byTitle = new Map(diff.nodes.map((node) => [node.title, node]));
    expect(byTitle.get('Welcome')).toMatchObject({ change: 'kept', renamedFrom: 'S0L0T0' });
    expect(byTitle.get('S0L0T1')).toMatchObject({
      change: 'kept',
      renamedFrom: null,
      movedFrom: { kind: 'lesson', title: 'S0L0' },
      movedTo: { kind: 'lesson', title: 'S1L1' },
      reordered: false,
    });
    expect(diff.counts).toMatchObject({ renamed: 1, moved: 1, changed: 1, added: 0, removed: 0 });
    expect(diff.nodes.find((node) => node.fields.length > 0)!.fields).toEqual([
      { field: 'caption', scope: 'node', before: null, after: 'caption 2' },
    ]);
  });

  it('marks only the sibling that moved as reordered, not those it passed', () => {
    const { before, saved } = twoVersions([1, 1, 5], []); // one lesson, five topics
    const lesson = saved.sections[0]!.lessons[0]!;
    const last = lesson.topics[4]!;
    const moved = moveNode(saved, last.clientId, { parentId: lesson.clientId, index: 0 });
    const diff = diffVersions(before, saveDraft(moved).baseline);
    expect(diff.nodes.map((node) => [node.title, node.reordered])).toEqual([['S0L0T4', true]]);
  });

  it('compares the course and group fields, and the completion criteria', () => {
    const { before, saved } = twoVersions([1, 1, 1], []);
    const renamed = setAttributes(renameNode(saved, saved.sections[0]!.clientId, 'Intro'), {
      priceInCents: 1250,
      description: 'New words',
    });
    const after = saveDraft(renamed).baseline;
    const criterion = {
      id: '0c4bd0a0-4f57-4a45-9e2f-1f5b2b4f0c11',
      type: 'coursePercentViewed' as const,
      coursePercentViewed: 80,
      topicId: null,
    };
    after.structure.completionCriteria = [criterion];
    const diff = diffVersions(before, after);
    expect(diff.course).toEqual(
      expect.arrayContaining([
        { field: 'description', scope: 'group', before: '', after: 'New words' },
        { field: 'priceInCents', scope: 'course', before: 0, after: 1250 },
      ]),
    );
    expect(diff.criteria).toEqual([
      { id: criterion.id, change: 'added', before: null, after: criterion },
    ]);
    expect(diff.counts).toMatchObject({ renamed: 1, criteria: 1, courseFields: 2 });
  });

  it('lists everything as added for the version that created the course', () => {
    const { before } = twoVersions([1, 2, 1], []);
    const diff = diffVersions(null, before);
    expect(diff.nodes.every((node) => node.change === 'added')).toBe(true);
    expect(diff.counts.added).toBe(5);
  });

  it('agrees with the edit script on every id (property)', () => {
    fc.assert(
      fc.property(gridSize, fc.array(historyEdit, { maxLength: 8 }), (size, edits) => {
        const { before, after } = twoVersions(size, edits);
        const diff = diffVersions(before, after);
        const [earlier, later] = [idsOf(before), idsOf(after)];
        const was = new Map(earlier.map((node) => [node.id, node]));
        const is = new Map(later.map((node) => [node.id, node]));
        const changed = new Map(diff.nodes.map((node) => [node.id, node]));
        for (const node of later) {
          const old = was.get(node.id);
          const change = changed.get(node.id);
          if (!old) {
            expect(change?.change).toBe('added');
            continue;
          }
          expect(change?.movedFrom?.id ?? null).toBe(
            old.parent === node.parent ? null : old.parent,
          );
          expect(change?.renamedFrom ?? null).toBe(old.title === node.title ? null : old.title);
        }
        for (const node of earlier)
          if (!is.has(node.id)) expect(changed.get(node.id)?.change).toBe('removed');
        expect(diff.counts.added + earlier.length - diff.counts.removed).toBe(later.length);
        // And back again: what was added is removed, renames and moves are mirrored.
        const back = diffVersions(after, before);
        expect(back.counts).toMatchObject({
          added: diff.counts.removed,
          removed: diff.counts.added,
          moved: diff.counts.moved,
          renamed: diff.counts.renamed,
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('outOfOrder', () => {
  it('names the fewest items whose moves explain the new order (property)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(50), { maxLength: 12 }), (order) => {
        const ids = order.map(String);
        const sorted = [...order].sort((a, b) => a - b).map(String);
        const moved = new Set(outOfOrder(ids, (id) => sorted.indexOf(id)));
        const stayed = ids.filter((id) => !moved.has(id));
        // What stayed is in its earlier order, and no longer such run exists (a brute-force check).
        expect(stayed).toEqual(sorted.filter((id) => stayed.includes(id)));
        const longest = (list: number[]): number =>
          list
            .reduce<number[]>((best, value, i) => {
              best[i] =
                1 + Math.max(0, ...list.slice(0, i).map((v, j) => (v < value ? best[j]! : 0)));
              return best;
            }, [])
            .reduce((a, b) => Math.max(a, b), 0);
        expect(stayed.length).toBe(longest(order));
      }),
    );
  });
});

describe('compareRows', () => {
  it('holds every node once; each side reads in its own document order (property)', () => {
    fc.assert(
      fc.property(gridSize, fc.array(historyEdit, { maxLength: 8 }), (size, edits) => {
        const { before, after } = twoVersions(size, edits);
        const placed = placeVersions(before, after);
        const rows = compareRows(placed, diffVersions(before, after, placed), { context: 'all' });
        const nodeRows = rows.filter((row) => 'id' in row);
        const ids = nodeRows.map((row) => row.id);
        expect(new Set(ids).size).toBe(ids.length);
        const [earlier, later] = [idsOf(before), idsOf(after)];
        expect(new Set(ids)).toEqual(new Set([...earlier, ...later].map((node) => node.id)));
        expect(nodeRows.filter((row) => row.after !== null).map((row) => row.id)).toEqual(
          later.map((node) => node.id),
        );
        // Removed nodes keep their earlier order among the siblings they had.
        const removed = earlier.filter((n) => !later.some((m) => m.id === n.id));
        for (const parent of new Set(removed.map((node) => node.parent))) {
          const siblings = removed.filter((node) => node.parent === parent).map((node) => node.id);
          expect(ids.filter((id) => siblings.includes(id))).toEqual(siblings);
        }
        for (const row of nodeRows) {
          const node = later.find((n) => n.id === row.id) ?? earlier.find((n) => n.id === row.id)!;
          expect(row.depth).toBe(node.depth);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('folds unchanged runs and keeps the ancestors of a change', () => {
    const { before, after } = twoVersions([2, 2, 2], [{ op: 'rename', n: 13, title: 'Last' }]);
    const placed = placeVersions(before, after);
    const rows = compareRows(placed, diffVersions(before, after, placed));
    expect(rows).toEqual([
      { same: 7, depth: 0 },
      expect.objectContaining({ kind: 'section', after: 'S1', changed: false }),
      { same: 3, depth: 1 },
      expect.objectContaining({ kind: 'lesson', after: 'S1L1', changed: false }),
      { same: 1, depth: 2 },
      expect.objectContaining({ kind: 'topic', before: 'S1L1T1', after: 'Last', changed: true }),
    ]);
  });

  it('puts a removed node back after the sibling it followed', () => {
    // Document order S0, S0L0, S0L0T0, S0L0T1, S0L0T2: node 3 is the middle topic.
    const { before, after } = twoVersions([1, 1, 3], [{ op: 'remove', n: 3 }]);
    const placed = placeVersions(before, after);
    const rows = compareRows(placed, diffVersions(before, after, placed), { context: 'all' });
    expect(rows.map((row) => ('id' in row ? [row.before, row.after] : row))).toEqual([
      ['S0', 'S0'],
      ['S0L0', 'S0L0'],
      ['S0L0T0', 'S0L0T0'],
      ['S0L0T1', null],
      ['S0L0T2', 'S0L0T2'],
    ]);
  });
});
