// The draft model: immutable tree edits, the flat list and drop projection, and draft files.
import { describe, expect, test } from 'vitest';
import {
  DRAFT_FILE_VERSION,
  TreeOpError,
  addNode,
  changeTopicType,
  duplicateNode,
  findNode,
  flatten,
  getProjection,
  locate,
  moveNode,
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  parseDraftFile,
  removeNode,
  renameNode,
  sequentialIds,
  serializeDraft,
  setNodeFields,
  type CourseGroupDraft,
  type MicroCourseDraft,
} from '../../src/compiler/index.ts';
import { gridDraft } from './fixtures.ts';

const titles = (draft: CourseGroupDraft) =>
  draft.sections.map((s) => [
    s.title,
    s.lessons.map((l) => [l.title, l.topics.map((t) => t.title)]),
  ]);

describe('tree edits', () => {
  test('add, rename, remove and move keep untouched subtrees by identity', () => {
    const draft = gridDraft(2, 2, 2);
    const [s0, s1] = draft.sections;
    const renamed = renameNode(draft, s0!.lessons[0]!.clientId, 'Intro');
    expect(renamed.sections[0]!.lessons[0]!.title).toBe('Intro');
    expect(draft.sections[0]!.lessons[0]!.title).toBe('S0L0'); // original untouched
    expect(renamed.sections[1]).toBe(s1); // other subtree shared
    expect(renamed.sections[0]!.lessons[1]).toBe(s0!.lessons[1]);

    const topic = s0!.lessons[0]!.topics[0]!;
    const moved = moveNode(draft, topic.clientId, { parentId: s1!.lessons[1]!.clientId, index: 1 });
    expect(titles(moved)).toEqual([
      [
        'S0',
        [
          ['S0L0', ['S0L0T1']],
          ['S0L1', ['S0L1T0', 'S0L1T1']],
        ],
      ],
      [
        'S1',
        [
          ['S1L0', ['S1L0T0', 'S1L0T1']],
          ['S1L1', ['S1L1T0', 'S0L0T0', 'S1L1T1']],
        ],
      ],
    ]);
    expect(locate(moved, topic.clientId)).toMatchObject({
      parentId: s1!.lessons[1]!.clientId,
      index: 1,
    });

    // Within the same parent the index is the final one.
    const reordered = moveNode(draft, s0!.clientId, { parentId: null, index: 1 });
    expect(reordered.sections.map((s) => s.title)).toEqual(['S1', 'S0']);

    const removed = removeNode(draft, s0!.lessons[1]!.clientId);
    expect(titles(removed)[0]).toEqual(['S0', [['S0L0', ['S0L0T0', 'S0L0T1']]]]);
  });

  test('levels are enforced: topics in lessons, lessons in sections, sections at the root', () => {
    const ids = sequentialIds('x');
    const draft = gridDraft(1, 1, 1);
    const section = draft.sections[0]!;
    const lesson = section.lessons[0]!;
    expect(() =>
      addNode(draft, newTopic('T', 'text', ids), { parentId: section.clientId, index: 0 }),
    ).toThrow(TreeOpError);
    expect(() => addNode(draft, newLesson('L', ids), { parentId: null, index: 0 })).toThrow(
      TreeOpError,
    );
    expect(() => moveNode(draft, lesson.clientId, { parentId: lesson.clientId, index: 0 })).toThrow(
      TreeOpError,
    );
    expect(() =>
      addNode(
        draft,
        { ...newSection('S', ids), clientId: section.clientId },
        { parentId: null, index: 0 },
      ),
    ).toThrow(/Duplicate/);
    const micro = newCourseDraft('microCourse', 'M', ids) as MicroCourseDraft;
    const withTopic = addNode(micro, newTopic('T', 'text', ids), { parentId: null, index: 0 });
    expect(withTopic.topics).toHaveLength(1);
    expect(() => addNode(micro, newSection('S', ids), { parentId: null, index: 0 })).toThrow(
      TreeOpError,
    );
  });

  test('duplicate copies a subtree with fresh client ids and no server ids', () => {
    const draft = gridDraft(1, 1, 2);
    const lesson = {
      ...draft.sections[0]!.lessons[0]!,
      serverId: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10',
    };
    const saved = { ...draft, sections: [{ ...draft.sections[0]!, lessons: [lesson] }] };
    const { draft: copy, id } = duplicateNode(saved, lesson.clientId, sequentialIds('copy'));
    const twin = findNode(copy, id)!;
    expect(copy.sections[0]!.lessons.map((l) => l.clientId)).toEqual([lesson.clientId, id]);
    expect(twin).toMatchObject({ title: 'S0L0', kind: 'lesson' });
    expect(twin.serverId).toBeUndefined();
    const topicIds = (twin as typeof lesson).topics.map((t) => t.clientId);
    expect(topicIds).toEqual(['copy2', 'copy3']);
  });

  test('setNodeFields removes undefined fields; changeTopicType drops fields the type cannot carry', () => {
    const draft = gridDraft(1, 1, 1);
    const id = draft.sections[0]!.lessons[0]!.topics[0]!.clientId;
    const withBody = setNodeFields(draft, id, { body: '<p>x</p>', caption: 'c' });
    expect(findNode(withBody, id)).toMatchObject({ body: '<p>x</p>', caption: 'c' });
    expect(findNode(setNodeFields(withBody, id, { caption: undefined }), id)).not.toHaveProperty(
      'caption',
    );
    const video = changeTopicType(withBody, id, 'video');
    expect(findNode(video, id)).toEqual({
      kind: 'topic',
      clientId: id,
      title: 'S0L0T0',
      type: 'video',
      caption: 'c',
    });
  });
});

describe('flatten and projection', () => {
  const draft = gridDraft(2, 2, 2);
  const flat = flatten(draft);
  const id = (title: string) => flat.find((f) => f.node.title === title)!.id;

  test('flatten lists nodes in document order with parent, depth and index', () => {
    expect(flat).toHaveLength(2 + 4 + 8);
    expect(flat.slice(0, 4).map((f) => [f.node.title, f.depth, f.index, f.parentId])).toEqual([
      ['S0', 0, 0, null],
      ['S0L0', 1, 0, id('S0')],
      ['S0L0T0', 2, 0, id('S0L0')],
      ['S0L0T1', 2, 1, id('S0L0')],
    ]);
    const collapsed = flatten(draft, new Set([id('S0')]));
    expect(collapsed.map((f) => f.node.title).slice(0, 2)).toEqual(['S0', 'S1']);
  });

  test("a topic dropped over another lesson's topic joins that lesson", () => {
    expect(getProjection(flat, id('S0L0T0'), id('S1L1T0'), 0)).toMatchObject({
      parentId: id('S1L1'),
      index: 1,
      depth: 2,
    });
    // Horizontal offset never changes the level.
    expect(getProjection(flat, id('S0L0T0'), id('S1L1T0'), -3)).toMatchObject({
      parentId: id('S1L1'),
      depth: 2,
    });
  });

  test('drops without a parent of the level above are refused', () => {
    // A topic right under a section (over S1, moving down lands between S1 and S1L0).
    expect(getProjection(flat, id('S0L1T1'), id('S1'), 0)).toBeNull();
    // A lesson between a lesson and its topics (moving up lands before the row it is over).
    expect(getProjection(flat, id('S1L1'), id('S0L0T0'), 0)).toBeNull();
    // ...while right above a lesson is fine.
    expect(getProjection(flat, id('S1L1'), id('S0L0'), 0)).toMatchObject({
      parentId: id('S0'),
      index: 0,
    });
    // A section in the middle of another section's content.
    expect(getProjection(flat, id('S1'), id('S0L0T1'), 0)).toBeNull();
  });

  test('a lesson and a section move with their subtree', () => {
    expect(getProjection(flat, id('S1L0'), id('S1'), 0)).toMatchObject({
      parentId: id('S0'),
      index: 2,
      depth: 1,
    });
    expect(getProjection(flat, id('S1'), id('S0'), 0)).toMatchObject({
      parentId: null,
      index: 0,
      depth: 0,
    });
    // Applying the projection with moveNode gives the expected tree.
    const p = getProjection(flat, id('S1L0'), id('S1'), 0)!;
    const moved = moveNode(draft, id('S1L0'), p);
    expect(moved.sections[0]!.lessons.map((l) => l.title)).toEqual(['S0L0', 'S0L1', 'S1L0']);
  });

  test('microCourse topics live at depth 0', () => {
    const ids = sequentialIds('m');
    let micro = newCourseDraft('microCourse', 'M', ids) as MicroCourseDraft;
    for (let i = 0; i < 3; i++)
      micro = addNode(micro, newTopic(`T${i}`, 'text', ids), { parentId: null, index: i });
    const list = flatten(micro);
    expect(list.map((f) => f.depth)).toEqual([0, 0, 0]);
    expect(getProjection(list, list[0]!.id, list[2]!.id, 2)).toMatchObject({
      parentId: null,
      index: 2,
      depth: 0,
    });
  });
});

describe('draft files', () => {
  test('round trip and versioning', () => {
    const draft = gridDraft(1, 1, 2);
    const text = serializeDraft(draft);
    expect(JSON.parse(text)).toMatchObject({ version: DRAFT_FILE_VERSION });
    expect(parseDraftFile(text)).toEqual({ ok: true, draft });
  });

  test('bad files give specific errors', () => {
    expect(parseDraftFile('{')).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^Not valid JSON/)],
    });
    expect(parseDraftFile(JSON.stringify({ version: 2, draft: {} }))).toEqual({
      ok: false,
      errors: ['Unsupported draft file version: 2'],
    });
    const draft = gridDraft(1, 1, 1);
    const broken = JSON.parse(serializeDraft(draft));
    broken.draft.sections[0].lessons[0].openType = 'public';
    broken.draft.sections[0].lessons[0].topics[0].extra = 1;
    const parsed = parseDraftFile(JSON.stringify(broken));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(
      /draft\.sections\[0\]\.lessons\[0\]\.openType/,
    );
    expect(!parsed.ok && parsed.errors.join('\n')).toMatch(/extra/);
    const twin = JSON.parse(serializeDraft(draft));
    twin.draft.sections[0].lessons[0].clientId = twin.draft.sections[0].clientId;
    expect(parseDraftFile(JSON.stringify(twin))).toEqual({
      ok: false,
      errors: [`Duplicate clientId: ${draft.sections[0]!.clientId}`],
    });
  });
});
