// Reads of a course's inside (spec 4.4): structure tree, paginated sections / lessons / topics in
// display order, single records, completion criteria, 404s and isolation, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { idsOf, walkPages } from './read-helpers.ts';
import { create, createCompany, structure, updateOk } from './write-helpers.ts';

type Tree = {
  sections: {
    id: string;
    title: string;
    lessons: { id: string; title: string; topics: { id: string; title: string }[] }[];
  }[];
};

const topic = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  type: 'text',
  body: `<p>${title}</p>`,
  ...extra,
});
const lesson = (title: string, topics: unknown[]) => ({ title, openType: 'studentsOnly', topics });

let s: TestSandbox;
let courseId: string;
let tree: Tree;

beforeAll(async () => {
  s = await startSandbox();
  const created = await create(s, [
    {
      title: 'Structured',
      kind: 'courseGroup',
      sections: [
        {
          title: 'S1',
          lessons: [
            lesson('L1', [
              topic('T1'),
              topic('T2', {
                type: 'quiz',
                body: undefined,
                courseCompletionCriteria: { type: 'courseAssessmentPassed' },
              }),
            ]),
            lesson('L2', [topic('T3')]),
          ],
        },
        { title: 'S2', lessons: [lesson('L3', [topic('T4'), topic('T5'), topic('T6')])] },
        { title: 'S3', lessons: [lesson('L4', []), lesson('L5', [topic('T7')])] },
      ],
    },
  ]);
  courseId = created.courseIds[0]!;
  // Move S3 first: every list must follow display order, not creation order.
  const before = (await structure(s, courseId)) as Tree;
  await updateOk(s, { sections: [{ id: before.sections[2]!.id, displayOrder: 0 }] });
  tree = (await structure(s, courseId)) as Tree;
});
afterAll(() => s.close());

const flatLessons = () => tree.sections.flatMap((section) => section.lessons);
const flatTopics = () => flatLessons().flatMap((l) => l.topics);

describe('GET /courses/{courseId}/structure', () => {
  it('nests sections > lessons > topics in display order, with the criteria', async () => {
    const res = await s.api('GET', `/courses/${courseId}/structure`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      courseId,
      title: 'Structured',
      kind: 'courseGroup',
      status: 'draft',
    });
    expect(tree.sections.map((x) => x.title)).toEqual(['S3', 'S1', 'S2']);
    expect(flatLessons().map((x) => x.title)).toEqual(['L4', 'L5', 'L1', 'L2', 'L3']);
    expect(flatTopics().map((x) => x.title)).toEqual(['T7', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6']);
    const t2 = flatTopics()[2]!;
    expect(res.body.completionCriteria).toEqual([
      { id: expect.any(String), type: 'courseAssessmentPassed', topicId: t2.id },
    ]);
  });
});

describe('paginated lists follow display order', () => {
  it('sections', async () => {
    const { items } = await walkPages(s, `/courses/${courseId}/sections?perPage=2`, 'sections');
    expect(idsOf(items)).toEqual(idsOf(tree.sections));
    expect(items[0]).toEqual({
      id: tree.sections[0]!.id,
      courseId,
      title: 'S3',
      releaseDate: null,
      displayOrder: expect.any(Number),
    });
  });

  it('lessons of a course, flattened across sections', async () => {
    const { items, pages } = await walkPages(
      s,
      `/courses/${courseId}/lessons?perPage=2`,
      'lessons',
    );
    expect(idsOf(items)).toEqual(idsOf(flatLessons()));
    expect(pages.map((p) => p.perPage)).toEqual([2, 2, 1]);
    expect(items[0]).toMatchObject({
      courseId,
      sectionId: tree.sections[0]!.id,
      title: 'L4',
      openType: 'studentsOnly',
    });
  });

  it('lessons of a section', async () => {
    const s1 = tree.sections[1]!;
    const { items } = await walkPages(s, `/sections/${s1.id}/lessons?perPage=1`, 'lessons');
    expect(idsOf(items)).toEqual(idsOf(s1.lessons));
  });

  it('topics of a course and of a lesson', async () => {
    const all = await walkPages(s, `/topics/course/${courseId}?perPage=3`, 'topics');
    expect(idsOf(all.items)).toEqual(idsOf(flatTopics()));
    expect(all.pages.map((p) => [p.perPage, p.total])).toEqual([
      [3, 7],
      [3, 7],
      [1, 7],
    ]);
    const l3 = flatLessons()[4]!;
    const ofLesson = await walkPages(s, `/topics/lesson/${l3.id}?perPage=2`, 'topics');
    expect(ofLesson.items.map((t) => t.title)).toEqual(['T4', 'T5', 'T6']);
  });

  it('an empty lesson lists no topics and no cursor', async () => {
    const l4 = flatLessons()[0]!;
    const res = await s.api('GET', `/topics/lesson/${l4.id}`);
    expect(res.body).toEqual({ pageInfo: { perPage: 0, total: 0, hasMore: false }, topics: [] });
  });

  it("a list's cursor is refused by another list", async () => {
    const page = await s.api('GET', `/topics/course/${courseId}?perPage=1`);
    const l3 = flatLessons()[4]!;
    const res = await s.api(
      'GET',
      `/topics/lesson/${l3.id}?perPage=1&cursor=${page.body.pageInfo.cursor}`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [READ_MESSAGES.cursorFiltersChanged] });
  });
});

describe('single records', () => {
  it('section, lesson and topic by id', async () => {
    const section = tree.sections[1]!;
    const l1 = section.lessons[0]!;
    const t1 = l1.topics[0]!;
    expect((await s.api('GET', `/sections/${section.id}`)).body).toMatchObject({
      id: section.id,
      courseId,
      title: 'S1',
    });
    expect((await s.api('GET', `/lessons/${l1.id}`)).body).toMatchObject({
      id: l1.id,
      sectionId: section.id,
      courseId,
      title: 'L1',
      displayOrder: 0,
    });
    const res = await s.api('GET', `/topics/${t1.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: t1.id,
      lessonId: l1.id,
      courseId,
      title: 'T1',
      type: 'text',
      body: '<p>T1</p>',
      displayOrder: 0,
      languages: [],
      videoUrl: null,
    });
  });

  it('completion criteria list', async () => {
    const res = await s.api('GET', `/courses/${courseId}/completionCriteria`);
    expect(res.status).toBe(200);
    expect(res.body.completionCriteria).toHaveLength(1);
  });
});

describe('404, 400 and isolation', () => {
  const missing = '00000000-0000-4000-8000-0000000000aa';
  it('unknown ids are 404 with a message naming the resource', async () => {
    for (const [path, resource] of [
      [`/courses/${missing}/structure`, 'Course'],
      [`/courses/${missing}/sections`, 'Course'],
      [`/courses/${missing}/lessons`, 'Course'],
      [`/courses/${missing}/completionCriteria`, 'Course'],
      [`/topics/course/${missing}`, 'Course'],
      [`/sections/${missing}/lessons`, 'Section'],
      [`/sections/${missing}`, 'Section'],
      [`/lessons/${missing}`, 'Lesson'],
      [`/topics/lesson/${missing}`, 'Lesson'],
      [`/topics/${missing}`, 'Topic'],
    ] as const) {
      const res = await s.api('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errors: [READ_MESSAGES.notFound(resource, missing)] });
    }
  });

  it('malformed ids are 400 naming the parameter', async () => {
    for (const [path, param] of [
      ['/courses/x/structure', 'courseId'],
      ['/sections/x/lessons', 'sectionId'],
      ['/topics/lesson/x', 'lessonId'],
      ['/topics/x', 'id'],
    ] as const) {
      const res = await s.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ errors: [`${param}: Invalid UUID`] });
    }
  });

  it("another company's key gets 404 for every record of this course", async () => {
    const other = await createCompany(s, 'Structure Rival');
    const section = tree.sections[1]!;
    const l1 = section.lessons[0]!;
    for (const path of [
      `/courses/${courseId}/structure`,
      `/courses/${courseId}/sections`,
      `/topics/course/${courseId}`,
      `/sections/${section.id}`,
      `/sections/${section.id}/lessons`,
      `/lessons/${l1.id}`,
      `/topics/lesson/${l1.id}`,
      `/topics/${l1.topics[0]!.id}`,
    ]) {
      const res = await s.api('GET', path, undefined, other.secretKey);
      expect(res.status, path).toBe(404);
    }
  });
});
