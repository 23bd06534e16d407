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

describe('a read-only editor store (another tab or a colleague edits the course)', () => {
  it('refuses every edit, undo and typed value, and takes the editing tab’s state whole', () => {
    const store = new EditorStore(course());
    store.edit((draft) => setAttributes(draft, { description: 'mine' }));
    store.setReadOnly(true);
    const before = store.draft;
    store.edit((draft) => setAttributes(draft, { description: 'refused' }));
    store.undo();
    store.setTyped('course|priceInCents', '1000000.001');
    expect(store.draft).toBe(before);
    expect(store.typed).toEqual({});

    const theirs = setAttributes(course(), { description: 'from the editing tab' });
    store.adopt({ draft: theirs, saved: course(), history: { past: [], future: [] }, typed: {} });
    expect(store.draft).toBe(theirs);
    expect(store.canUndo).toBe(false);
    store.setReadOnly(false);
    store.edit((draft) => setAttributes(draft, { description: 'mine again' }));
    expect(store.draft.attributes.description).toBe('mine again');
  });
});
