import { describe, expect, it } from 'vitest';
import {
  addNode,
  newCourseDraft,
  newSection,
  randomId,
  setAttributes,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { EditorStore } from './editor-store.ts';

const course = () => newCourseDraft('courseGroup', 'Intro', randomId) as CourseGroupDraft;

describe('the outline draft of the editor store', () => {
  it('stays the same object while only course fields change, so the outline does not re-render', () => {
    const store = new EditorStore(
      addNode(course(), newSection('Basics', randomId), { parentId: null, index: 0 }),
    );
    const first = store.outlineDraft;
    expect(first).toBe(store.draft);
    store.edit((draft) => setAttributes(draft, { title: 'Intro to SQL' }));
    expect(store.draft).not.toBe(first);
    expect(store.outlineDraft).toBe(first);
  });

  it('follows a change of the tree, and undo', () => {
    const store = new EditorStore(course());
    const empty = store.outlineDraft;
    store.edit((draft) =>
      addNode(draft as CourseGroupDraft, newSection('Basics', randomId), {
        parentId: null,
        index: 0,
      }),
    );
    expect(store.outlineDraft).not.toBe(empty);
    expect(store.outlineDraft).toBe(store.draft);
    store.undo();
    expect(store.outlineDraft).toBe(empty);
  });

  it('is null for a kind without an outline', () => {
    const store = new EditorStore(course());
    store.edit(() => newCourseDraft('article', 'Intro', randomId));
    expect(store.outlineDraft).toBeNull();
  });
});
