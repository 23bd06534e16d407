// Restoring a version: the old version as the target of an ordinary update planned from the course
// now. Deleted nodes come back as new, added ones are set aside, and the plan never needs an edit the
// API cannot make.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allNodes,
  compileUpdate,
  restoreTarget,
  sequentialIds,
  setAttributes,
  type Baseline,
  type CourseDraft,
  type CourseGroupDraft,
  type TreeNode,
} from '#compiler/index.ts';
import { saveDraft } from '../test-drafts.ts';
import { gridSize, historyEdit, twoVersions } from './test-history.ts';

const errors = (current: Baseline, draft: CourseDraft) =>
  compileUpdate(current, draft).issues.filter((issue) => issue.severity === 'error');

/** Titles by depth, for comparing outlines whatever their ids. */
const outline = (structure: Baseline['structure']) =>
  structure.sections.map((s) => [
    s.title,
    s.lessons.map((l) => [l.title, l.topics.map((t) => [t.title, t.caption])]),
  ]);

describe('restoreTarget', () => {
  it('gives back renames, moves, field changes and section order exactly, with no notes', () => {
    const { before, after } = twoVersions(
      [2, 2, 2],
      [
        { op: 'rename', n: 2, title: 'Welcome' },
        { op: 'caption', n: 3 },
        { op: 'moveTopic', n: 13, l: 0, at: 9 }, // the last topic to the end of the first lesson
        { op: 'moveSection', n: 1, at: 0 },
      ],
    );
    const { draft, notes } = restoreTarget(before, after, sequentialIds('r_'));
    expect(notes).toEqual([]);
    expect(errors(after, draft)).toEqual([]);
    // Applying it (as the API would show the result) gives the first version back, ids included.
    const restored = saveDraft(draft).baseline;
    expect(restored.structure).toEqual(before.structure);
  });

  it('brings back deleted nodes as new, and says so', () => {
    const { before, after } = twoVersions([1, 2, 2], [{ op: 'remove', n: 4 }]); // lesson S0L1
    const { draft, notes } = restoreTarget(before, after, sequentialIds('r_'));
    expect(notes).toEqual([
      { kind: 'recreated', level: 'lesson', title: 'S0L1' },
      { kind: 'recreated', level: 'topic', title: 'S0L1T0' },
      { kind: 'recreated', level: 'topic', title: 'S0L1T1' },
    ]);
    expect(errors(after, draft)).toEqual([]);
    const lesson = (draft as CourseGroupDraft).sections[0]!.lessons[1]!;
    expect(lesson.serverId).toBeUndefined();
    expect(outline(saveDraft(draft).baseline.structure)).toEqual(outline(before.structure));
  });

  it('sets aside what was added since, which the API cannot delete', () => {
    const { before, after } = twoVersions(
      [1, 1, 1],
      [{ op: 'addTopic', l: 0, at: 0, title: 'New' }],
    );
    const { draft, notes } = restoreTarget(before, after, sequentialIds('r_'));
    expect(notes).toContainEqual({ kind: 'setAside', level: 'topic', title: 'New' });
    expect(errors(after, draft)).toEqual([]);
    const tree = draft as CourseGroupDraft;
    expect(tree.sections.map((s) => [s.title, s.releaseDate ?? null])).toEqual([
      ['S0', null],
      ['Unused', '9999-12-31T00:00:00.000Z'],
    ]);
    expect(tree.sections[1]!.lessons[0]!.topics.map((t) => t.title)).toEqual(['New']);
  });

  it('keeps the status, the archive state and fields update cannot change', () => {
    const { before, saved } = twoVersions([1, 1, 1], []);
    const after = saveDraft(setAttributes(saved, { status: 'published', sku: 'SKU-2' })).baseline;
    const { draft, notes } = restoreTarget(before, after, sequentialIds('r_'));
    expect(draft.attributes).toMatchObject({ status: 'published', sku: 'SKU-2' });
    expect(notes).toEqual(
      expect.arrayContaining([
        { kind: 'field', field: 'sku', current: 'SKU-2', version: undefined },
        { kind: 'field', field: 'status', current: 'published', version: 'draft' },
      ]),
    );
    expect(errors(after, draft)).toEqual([]);
  });

  it('refuses a version of another course', () => {
    const { before } = twoVersions([1, 1, 1], []);
    const other = twoVersions([1, 1, 1], []).before;
    expect(() => restoreTarget(before, other)).toThrow('another course');
  });

  it('plans without an edit the API cannot make, and keeps every node it can (property)', () => {
    fc.assert(
      fc.property(gridSize, fc.array(historyEdit, { maxLength: 8 }), (size, edits) => {
        const { before, after } = twoVersions(size, edits);
        const { draft, notes } = restoreTarget(before, after, sequentialIds('r_'));
        expect(errors(after, draft)).toEqual([]);
        const nodes = allNodes(draft as CourseGroupDraft);
        const saved = new Set(nodes.map((node) => node.serverId).filter(Boolean));
        // Nothing the course has now is dropped (the API cannot delete).
        for (const section of after.structure.sections) {
          expect(saved.has(section.id)).toBe(true);
          for (const lesson of section.lessons) {
            expect(saved.has(lesson.id)).toBe(true);
            for (const topic of lesson.topics) expect(saved.has(topic.id)).toBe(true);
          }
        }
        // Every node of the version is there, under its parent of then, with its title of then.
        const parentOf = new Map<TreeNode, TreeNode | null>();
        const walk = (list: readonly TreeNode[], parent: TreeNode | null) =>
          list.forEach((node) => {
            parentOf.set(node, parent);
            walk('lessons' in node ? node.lessons : 'topics' in node ? node.topics : [], node);
          });
        walk((draft as CourseGroupDraft).sections, null);
        const recreated = notes.filter((note) => note.kind === 'recreated').length;
        let missing = 0;
        for (const section of before.structure.sections)
          for (const node of [
            section,
            ...section.lessons,
            ...section.lessons.flatMap((l) => l.topics),
          ]) {
            const found = nodes.find((n) => n.serverId === node.id);
            if (!found) missing++;
            else expect(found.title).toBe(node.title);
          }
        expect(missing).toBe(recreated);
      }),
      { numRuns: 200 },
    );
  });
});
