// Immutable tree edits of a draft: add, remove, move, duplicate, rename, set fields, change type.
import { describe, expect, test } from 'vitest';
import {
  TreeOpError,
  addNode,
  changeTopicType,
  duplicateNode,
  findNode,
  locate,
  moveNode,
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  removeNode,
  renameNode,
  sequentialIds,
  setNodeFields,
  type CourseGroupDraft,
  type MicroCourseDraft,
} from '#compiler/index.ts';
import { gridDraft } from '../test-drafts.ts';

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
