// Update of sections, lessons and topics (spec 4.2, 3): appends, moves to the end of a new
// parent, displayOrder, clearing, topic type change resetting incompatible fields, criteria.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { create, structure, update, updateOk } from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

interface Tree {
  sections: {
    id: string;
    title: string;
    displayOrder: number;
    releaseDate: string | null;
    lessons: {
      id: string;
      title: string;
      openType: string;
      displayOrder: number;
      topics: Record<string, unknown>[];
    }[];
  }[];
  completionCriteria: Record<string, unknown>[];
}

let courseId: string;
let otherCourseId: string;
let tree: Tree;
const read = async (id = courseId): Promise<Tree> => structure(s, id);
const titles = (t: Tree) =>
  t.sections.map((section) => [
    section.title,
    section.lessons.map((lesson) => [lesson.title, lesson.topics.map((topic) => topic.title)]),
  ]);
const lesson = (t: Tree, s0: number, l0: number) => t.sections[s0]!.lessons[l0]!;

beforeEach(async () => {
  const created = await create(s, [
    {
      title: 'Structured',
      kind: 'courseGroup',
      sections: [
        {
          title: 'S1',
          lessons: [
            {
              title: 'L1',
              openType: 'open',
              topics: [
                { title: 'T1', type: 'text', body: 'one' },
                {
                  title: 'T2',
                  type: 'video',
                  videoAsset: 'media-1',
                  preAsset: 'pre',
                  caption: 'Cap',
                  preventProgression: true,
                  courseCompletionCriteria: { type: 'videoPercentViewed', videoPercentViewed: 75 },
                },
              ],
            },
            { title: 'L2', openType: 'studentsOnly', topics: [{ title: 'T3', type: 'quiz' }] },
          ],
        },
        { title: 'S2', releaseDate: '2030-01-01T00:00:00.000Z', lessons: [] },
        { title: 'S3', lessons: [] },
      ],
    },
    { title: 'Other', kind: 'courseGroup', sections: [{ title: 'O1', lessons: [] }] },
  ]);
  [courseId, otherCourseId] = created.courseIds as [string, string];
  tree = await read();
});

describe('sections', () => {
  it('a new section is appended; displayOrder places one and renumbers its siblings', async () => {
    await updateOk(s, { sections: [{ courseId, title: 'S4' }] });
    expect((await read()).sections.map((x) => [x.title, x.displayOrder])).toEqual([
      ['S1', 0],
      ['S2', 1],
      ['S3', 2],
      ['S4', 3],
    ]);
    await updateOk(s, { sections: [{ id: tree.sections[2]!.id, displayOrder: 0 }] });
    expect((await read()).sections.map((x) => [x.title, x.displayOrder])).toEqual([
      ['S3', 0],
      ['S1', 1],
      ['S2', 2],
      ['S4', 3],
    ]);
    await updateOk(s, {
      sections: [
        { courseId, title: 'S0', displayOrder: 1 },
        { id: tree.sections[0]!.id, displayOrder: 99 },
      ],
    });
    expect((await read()).sections.map((x) => x.title)).toEqual(['S3', 'S0', 'S2', 'S4', 'S1']);
  });

  it('title and releaseDate change; null clears releaseDate', async () => {
    await updateOk(s, {
      sections: [{ id: tree.sections[1]!.id, title: 'Renamed', releaseDate: null }],
    });
    expect((await read()).sections[1]).toMatchObject({ title: 'Renamed', releaseDate: null });
  });

  it('a section moves to another course with its lessons and topics', async () => {
    await updateOk(s, { sections: [{ id: tree.sections[0]!.id, courseId: otherCourseId }] });
    const source = await read();
    expect(source.sections.map((x) => [x.title, x.displayOrder])).toEqual([
      ['S2', 0],
      ['S3', 1],
    ]);
    expect(source.completionCriteria).toEqual([]);
    const target = await read(otherCourseId);
    expect(titles(target)).toEqual([
      ['O1', []],
      [
        'S1',
        [
          ['L1', ['T1', 'T2']],
          ['L2', ['T3']],
        ],
      ],
    ]);
    expect(lesson(target, 1, 0).topics[0]!.courseId).toBe(otherCourseId);
    expect(target.completionCriteria).toHaveLength(1);
  });
});

describe('lessons', () => {
  it('a new lesson is appended to its section', async () => {
    await updateOk(s, {
      lessons: [{ sectionId: tree.sections[0]!.id, title: 'L3', openType: 'emailCaptureOpen' }],
    });
    const after = await read();
    expect(after.sections[0]!.lessons.map((l) => [l.title, l.displayOrder, l.openType])).toEqual([
      ['L1', 0, 'open'],
      ['L2', 1, 'studentsOnly'],
      ['L3', 2, 'emailCaptureOpen'],
    ]);
  });

  it('a lesson whose sectionId changes moves to the end of the new section', async () => {
    await updateOk(s, { lessons: [{ sectionId: tree.sections[2]!.id, title: 'Existing' }] });
    await updateOk(s, {
      lessons: [{ id: lesson(tree, 0, 0).id, sectionId: tree.sections[2]!.id, title: 'L1 moved' }],
    });
    const after = await read();
    expect(titles(after)).toEqual([
      ['S1', [['L2', ['T3']]]],
      ['S2', []],
      [
        'S3',
        [
          ['Existing', []],
          ['L1 moved', ['T1', 'T2']],
        ],
      ],
    ]);
    expect(after.sections[0]!.lessons[0]!.displayOrder).toBe(0);
    expect(after.sections[2]!.lessons[1]!.displayOrder).toBe(1);
  });

  it('a lesson moved into another course takes its topics and their criteria along', async () => {
    const other = await read(otherCourseId);
    await updateOk(s, {
      lessons: [{ id: lesson(tree, 0, 0).id, sectionId: other.sections[0]!.id }],
    });
    const target = await read(otherCourseId);
    expect(titles(target)).toEqual([['O1', [['L1', ['T1', 'T2']]]]]);
    expect(target.completionCriteria).toHaveLength(1);
    expect((await read()).completionCriteria).toEqual([]);
  });
});

describe('topics', () => {
  it('a new topic is appended to its lesson, with its fields and upload', async () => {
    const res = await update(s, {
      topics: [
        {
          lessonId: lesson(tree, 0, 0).id,
          title: 'T9',
          type: 'pdfViewer',
          pdfUrl: 'https://cdn.example/x.pdf',
        },
      ],
    });
    expect(res.status).toBe(200);
    const topics = lesson(await read(), 0, 0).topics;
    expect(topics.map((t) => [t.title, t.displayOrder])).toEqual([
      ['T1', 0],
      ['T2', 1],
      ['T9', 2],
    ]);
    expect(topics[2]).toMatchObject({ type: 'pdfViewer', pdfUrl: 'https://cdn.example/x.pdf' });
    expect(res.body.backgroundJob.contentUploads).toEqual([
      { topicId: topics[2]!.id, contentType: 'pdf' },
    ]);
  });

  it('a topic whose lessonId changes moves to the end of the new lesson', async () => {
    const t1 = lesson(tree, 0, 0).topics[0]!;
    await updateOk(s, { topics: [{ id: t1.id, lessonId: lesson(tree, 0, 1).id }] });
    const after = await read();
    expect(lesson(after, 0, 0).topics.map((t) => [t.title, t.displayOrder])).toEqual([['T2', 0]]);
    expect(lesson(after, 0, 1).topics.map((t) => [t.title, t.displayOrder])).toEqual([
      ['T3', 0],
      ['T1', 1],
    ]);
    expect(lesson(after, 0, 1).topics[1]).toMatchObject({ body: 'one', type: 'text' });
  });

  it('only supplied fields change; null clears', async () => {
    const t2 = lesson(tree, 0, 0).topics[1]!;
    await updateOk(s, {
      topics: [{ id: t2.id, title: 'Video', caption: null, postAsset: 'post' }],
    });
    expect(lesson(await read(), 0, 0).topics[1]).toMatchObject({
      ...t2,
      title: 'Video',
      caption: null,
      postAsset: 'post',
    });
  });

  it('a type change resets incompatible fields, keeps common ones, then applies the supplied ones', async () => {
    const t2 = lesson(tree, 0, 0).topics[1]!;
    await updateOk(s, { topics: [{ id: t2.id, type: 'text', body: '<p>now text</p>' }] });
    const changed = lesson(await read(), 0, 0).topics[1]!;
    expect(changed).toMatchObject({
      id: t2.id,
      type: 'text',
      body: '<p>now text</p>',
      videoAsset: null,
      preAsset: null,
      assetType: null,
      caption: 'Cap',
      preventProgression: true,
      courseCompletionCriteria: { type: 'videoPercentViewed', videoPercentViewed: 75 },
      displayOrder: 1,
    });
  });

  it('a type change to video with a videoUrl queues a video upload', async () => {
    const t1 = lesson(tree, 0, 0).topics[0]!;
    const res = await update(s, {
      topics: [{ id: t1.id, type: 'video', videoUrl: 'https://cdn.example/v.mp4' }],
    });
    expect(res.body.backgroundJob.contentUploads).toEqual([
      { topicId: t1.id, contentType: 'video' },
    ]);
    expect(lesson(await read(), 0, 0).topics[0]).toMatchObject({
      type: 'video',
      body: null,
      videoUrl: 'https://cdn.example/v.mp4',
    });
  });

  it('courseCompletionCriteria is replaced, or cleared by null', async () => {
    const t2 = lesson(tree, 0, 0).topics[1]!;
    await updateOk(s, {
      topics: [{ id: t2.id, courseCompletionCriteria: { type: 'courseTopicViewed' } }],
    });
    let after = await read();
    expect(after.completionCriteria).toEqual([
      expect.objectContaining({ type: 'courseTopicViewed', topicId: t2.id }),
    ]);
    await updateOk(s, { topics: [{ id: t2.id, courseCompletionCriteria: null }] });
    after = await read();
    expect(after.completionCriteria).toEqual([]);
    expect(lesson(after, 0, 0).topics[1]!.courseCompletionCriteria).toBeNull();
  });

  it('switching a video to the alternate provider removes its videoPercentViewed criteria', async () => {
    const t2 = lesson(tree, 0, 0).topics[1]!;
    await updateOk(s, {
      topics: [{ id: t2.id, videoAsset: 'alt-uuid', assetType: '<provider_alt>' }],
    });
    const after = await read();
    expect(after.completionCriteria).toEqual([]);
    expect(lesson(after, 0, 0).topics[1]!.courseCompletionCriteria).toBeNull();
  });

  it('all five arrays in one request apply together', async () => {
    const res = await update(s, {
      courseGroups: [],
      courses: [{ id: courseId, title: 'Together' }],
      sections: [{ id: tree.sections[1]!.id, title: 'S2b' }],
      lessons: [{ id: lesson(tree, 0, 1).id, openType: 'open' }],
      topics: [{ id: lesson(tree, 0, 1).topics[0]!.id, title: 'Quiz!' }],
    });
    expect(res.text).toBe('true');
    const after = await read();
    expect(after.sections[1]!.title).toBe('S2b');
    expect(lesson(after, 0, 1)).toMatchObject({ openType: 'open' });
    expect(lesson(after, 0, 1).topics[0]!.title).toBe('Quiz!');
  });
});
