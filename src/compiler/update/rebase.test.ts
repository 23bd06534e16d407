// The three-way merge of a draft with a course changed on the server: theirs where only they changed
// something, the draft's where only it did, a choice where both did, and every difference a choice
// when the opened version is unknown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  allNodes,
  childrenOf,
  draftFromBaseline,
  moveNode,
  newLesson,
  rebaseDraft,
  renameNode,
  sequentialIds,
  serverChanges,
  setAttributes,
  type Baseline,
  type CourseDraft,
  type CourseGroupDraft,
  type TreeNode,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '../test-drafts.ts';

/** A saved 2x2x2 course: the baseline as opened and the editor's draft of it. */
function opened() {
  const { baseline } = saveDraft(gridDraft(2, 2, 2));
  return { baseline, draft: draftFromBaseline(baseline, sequentialIds('c_')) as CourseGroupDraft };
}
/** The course after someone else's change, as the API would show it now. */
const changedOnServer = (
  draft: CourseGroupDraft,
  change: (d: CourseGroupDraft) => CourseGroupDraft,
) => saveDraft(change(draft)).baseline;
const node = (draft: CourseDraft, title: string) =>
  allNodes(draft as CourseGroupDraft).find((n) => n.title === title)!;

/** A draft without its client ids, for comparing drafts made by different id generators. */
function shape(draft: CourseDraft): unknown {
  const strip = (n: TreeNode): unknown => {
    const { clientId: _c, ...rest } = n;
    void _c;
    return {
      ...rest,
      ...('lessons' in rest && { lessons: rest.lessons.map(strip) }),
      ...('topics' in rest && { topics: rest.topics.map(strip) }),
    };
  };
  const { clientId: _c, ...rest } = draft;
  void _c;
  return 'sections' in rest ? { ...rest, sections: rest.sections.map(strip) } : rest;
}

describe('serverChanges and rebaseDraft', () => {
  it('takes a field they changed and keeps the ones the draft changed (the lost update)', () => {
    const { baseline, draft } = opened();
    const now = changedOnServer(draft, (d) =>
      setAttributes(renameNode(d, node(d, 'S0L0T0').clientId, 'Theirs'), {
        description: 'Changed elsewhere',
      }),
    );
    const mine = renameNode(draft, node(draft, 'S0L1').clientId, 'Mine');
    const changes = serverChanges(baseline, mine, now);
    expect(changes.map((c) => [c.id.replace(/^[\w-]{36}/, '<id>'), c.kind, c.conflict])).toEqual([
      ['course:description', 'field', false],
      ['<id>:title', 'field', false],
    ]);
    expect(changes[1]).toMatchObject({
      level: 'topic',
      title: 'Theirs',
      parentTitle: 'S0L0',
      opened: 'S0L0T0',
      theirs: 'Theirs',
      mine: 'S0L0T0',
    });
    const merged = rebaseDraft(baseline, mine, now, {});
    expect(merged.attributes.description).toBe('Changed elsewhere');
    expect(node(merged, 'Theirs').serverId).toBe(node(draft, 'S0L0T0').serverId);
    expect(node(merged, 'Mine').serverId).toBe(node(draft, 'S0L1').serverId);
  });

  it('asks when both changed a field differently, and applies the choice', () => {
    const { baseline, draft } = opened();
    const id = node(draft, 'S1L0T1').clientId;
    const now = changedOnServer(draft, (d) => renameNode(d, id, 'Theirs'));
    const mine = renameNode(draft, id, 'Mine');
    const [change] = serverChanges(baseline, mine, now);
    expect(change).toMatchObject({
      conflict: true,
      mineChanged: true,
      theirs: 'Theirs',
      mine: 'Mine',
      nodeId: id,
    });
    expect(node(rebaseDraft(baseline, mine, now, {}), 'Mine')).toBeDefined();
    expect(
      node(rebaseDraft(baseline, mine, now, { [change!.id]: 'theirs' }), 'Theirs'),
    ).toBeDefined();
    // The same change on both sides needs no choice.
    expect(serverChanges(baseline, renameNode(draft, id, 'Theirs'), now)).toEqual([]);
  });

  it('adds what they added after its saved sibling, and takes a move and a section order', () => {
    const { baseline, draft } = opened();
    const ids = sequentialIds('their_');
    const now = changedOnServer(draft, (d) => {
      let next = addNode(d, newLesson('Their lesson', ids), {
        parentId: d.sections[1]!.clientId,
        index: 1,
      });
      next = moveNode(next, node(d, 'S0L0T1').clientId, {
        parentId: node(d, 'S1L1').clientId,
        index: 2,
      });
      return moveNode(next, d.sections[1]!.clientId, { parentId: null, index: 0 });
    });
    const mine = addNode(draft, newLesson('My lesson', ids), {
      parentId: draft.sections[1]!.clientId,
      index: 2,
    });
    const merged = rebaseDraft(baseline, mine, now, {}) as CourseGroupDraft;
    expect(
      merged.sections.map((s) => [
        s.title,
        s.lessons.map((l) => [l.title, l.topics.map((t) => t.title)]),
      ]),
    ).toEqual([
      [
        'S1',
        [
          ['S1L0', ['S1L0T0', 'S1L0T1']],
          ['Their lesson', []],
          ['S1L1', ['S1L1T0', 'S1L1T1', 'S0L0T1']],
          ['My lesson', []],
        ],
      ],
      [
        'S0',
        [
          ['S0L0', ['S0L0T0']],
          ['S0L1', ['S0L1T0', 'S0L1T1']],
        ],
      ],
    ]);
    expect(serverChanges(baseline, mine, now).map((c) => c.kind)).toEqual([
      'added',
      'moved',
      'order',
    ]);
  });

  it('treats every difference as a choice when the opened version is unknown', () => {
    const { draft } = opened();
    const now = changedOnServer(draft, (d) => renameNode(d, node(d, 'S0L0').clientId, 'Theirs'));
    const mine = renameNode(draft, node(draft, 'S1L1T1').clientId, 'Mine');
    const changes = serverChanges(null, mine, now);
    expect(changes.map((c) => [c.mine, c.theirs, c.conflict])).toEqual([
      ['S0L0', 'Theirs', true],
      ['Mine', 'S1L1T1', true],
    ]);
    const all = Object.fromEntries(changes.map((c) => [c.id, 'theirs' as const]));
    expect(shape(rebaseDraft(null, mine, now, all))).toEqual(shape(draftFromBaseline(now)));
  });

  it('drops a node the server no longer has, or keeps it as new when the draft changed it', () => {
    const { baseline, draft } = opened();
    const gone = node(draft, 'S0L1T0');
    const now: Baseline = structuredClone(baseline);
    now.structure.sections[0]!.lessons[1]!.topics.splice(0, 1);
    expect(node(rebaseDraft(baseline, draft, now, {}), 'S0L1T0')).toBeUndefined();
    const mine = renameNode(draft, gone.clientId, 'Edited');
    const [change] = serverChanges(baseline, mine, now);
    expect(change).toMatchObject({ kind: 'removed', conflict: true, mine: 'Edited' });
    const kept = node(rebaseDraft(baseline, mine, now, { [change!.id]: 'mine' }), 'Edited');
    expect(kept.serverId).toBeUndefined();
  });
});

// Random edits of a saved course: renames and description changes by the user and by someone else.
const edits = fc.array(fc.tuple(fc.nat(13), fc.constantFrom('A', 'B', 'C')), { maxLength: 6 });
const apply = (draft: CourseGroupDraft, list: [number, string][], who: string) => {
  const nodes = allNodes(draft);
  return list.reduce(
    (d, [i, word]) => renameNode(d, nodes[i % nodes.length]!.clientId, `${who} ${word}`),
    draft,
  );
};

describe('rebaseDraft properties', () => {
  it('a draft nobody edited becomes the course as it is now', () => {
    fc.assert(
      fc.property(edits, fc.string(), (theirs, description) => {
        const { baseline, draft } = opened();
        const now = changedOnServer(draft, (d) =>
          setAttributes(apply(d, theirs, 'Their'), { description: `x${description}` }),
        );
        expect(shape(rebaseDraft(baseline, draft, now, {}))).toEqual(shape(draftFromBaseline(now)));
        expect(serverChanges(baseline, draft, now).every((c) => !c.conflict)).toBe(true);
      }),
    );
  });

  it('nothing changed on the server leaves the draft as it is, with nothing to show', () => {
    fc.assert(
      fc.property(edits, (mine) => {
        const { baseline, draft } = opened();
        const edited = apply(draft, mine, 'My');
        expect(serverChanges(baseline, edited, baseline)).toEqual([]);
        expect(rebaseDraft(baseline, edited, baseline, {})).toEqual(edited);
      }),
    );
  });

  it('edits of different nodes both survive; the same node asks, and the choice wins', () => {
    fc.assert(
      fc.property(edits, edits, fc.boolean(), (theirs, mine, takeTheirs) => {
        const { baseline, draft } = opened();
        const now = changedOnServer(draft, (d) => apply(d, theirs, 'Their'));
        const edited = apply(draft, mine, 'My');
        const changes = serverChanges(baseline, edited, now);
        const choices = Object.fromEntries(
          changes
            .filter((c) => c.conflict)
            .map((c) => [c.id, takeTheirs ? 'theirs' : 'mine'] as const),
        );
        const merged = rebaseDraft(baseline, edited, now, choices) as CourseGroupDraft;
        const theirTitles = new Map(
          allNodes(draftFromBaseline(now) as CourseGroupDraft).map((n) => [n.serverId, n.title]),
        );
        const baseTitles = new Map(allNodes(draft).map((n) => [n.serverId, n.title]));
        const myTitles = new Map(allNodes(edited).map((n) => [n.serverId, n.title]));
        for (const n of allNodes(merged)) {
          const [b, t, m] = [
            baseTitles.get(n.serverId),
            theirTitles.get(n.serverId),
            myTitles.get(n.serverId),
          ];
          const expected = t === b ? m : m === b ? t : takeTheirs ? t : m;
          expect(n.title).toBe(expected);
        }
        expect(childrenOf(merged).length).toBe(2);
      }),
    );
  });
});
