// Bulk endpoints of spec 4.4: prices, completion criteria and certificate templates, with their
// validation errors. A rejected request changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, READ_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { minimalCourses } from './read-helpers.ts';
import { create, createCompany, createKey, structure, withTopics } from './write-helpers.ts';

let s: TestSandbox;
let courseIds: string[];
let foreignCourseId: string;

const priceOf = async (courseId: string) => {
  const res = await s.api('GET', `/fullContent/courses/${courseId}`);
  return res.body.course.priceInCents as number;
};

beforeAll(async () => {
  s = await startSandbox();
  courseIds = (await create(s, minimalCourses('Priced', 3, { priceInCents: 1000 }))).courseIds;
  const other = await createCompany(s, 'Bulk Rival');
  foreignCourseId = (await create(s, minimalCourses('Theirs', 1), other.secretKey)).courseIds[0]!;
});
afterAll(() => s.close());

describe('POST /content/bulkUpdatePrices', () => {
  it('updates every listed price in one request', async () => {
    const res = await s.api('POST', '/content/bulkUpdatePrices', {
      items: [
        { courseId: courseIds[0], priceInCents: 0 },
        { courseId: courseIds[1], priceInCents: 99_999_999 },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ updated: 2, courseIds: [courseIds[0], courseIds[1]] });
    expect([
      await priceOf(courseIds[0]!),
      await priceOf(courseIds[1]!),
      await priceOf(courseIds[2]!),
    ]).toEqual([0, 99_999_999, 1000]);
  });

  it('checks every item with the price rules and ownership; any failure changes nothing', async () => {
    const before = await priceOf(courseIds[2]!);
    const cases: [unknown[], string[]][] = [
      [
        [
          { courseId: courseIds[2], priceInCents: 5 },
          { courseId: courseIds[0], priceInCents: 100_000_000 },
          { courseId: courseIds[1], priceInCents: -1 },
        ],
        [
          `items[1].priceInCents: ${MESSAGES.priceTooHigh}`,
          `items[2].priceInCents: ${MESSAGES.priceNegative}`,
        ],
      ],
      [
        [
          { courseId: courseIds[2], priceInCents: 5 },
          { courseId: foreignCourseId, priceInCents: 5 },
        ],
        [MESSAGES.coursesNotFound],
      ],
      [
        [
          { courseId: courseIds[2], priceInCents: 5 },
          { courseId: courseIds[2], priceInCents: 6 },
        ],
        [READ_MESSAGES.duplicateItems('courseId', [courseIds[2]!])],
      ],
      [[], ['items: No items provided']],
    ];
    for (const [items, errors] of cases) {
      const res = await s.api('POST', '/content/bulkUpdatePrices', { items });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors });
    }
    expect(await priceOf(courseIds[2]!)).toBe(before);
  });

  it('accepts at most 1000 items', async () => {
    const items = Array.from({ length: 1001 }, () => ({ courseId: courseIds[0], priceInCents: 1 }));
    const res = await s.api('POST', '/content/bulkUpdatePrices', { items });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: ['items: Cannot update more than 1000 prices at a time'] });
  });

  it('needs the courses.edit permission', async () => {
    const key = await createKey(s, ['courses.new']);
    const res = await s.api(
      'POST',
      '/content/bulkUpdatePrices',
      { items: [{ courseId: courseIds[0], priceInCents: 1 }] },
      key,
    );
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
    const editor = await createKey(s, ['courses.edit']);
    const ok = await s.api(
      'POST',
      '/content/bulkUpdatePrices',
      { items: [{ courseId: courseIds[0], priceInCents: 1 }] },
      editor,
    );
    expect(ok.status).toBe(200);
  });
});

describe('completion criteria bulk endpoints', () => {
  let courseId: string;
  let topicIds: string[];
  let otherCourseTopic: string;
  beforeAll(async () => {
    const created = await create(s, [
      withTopics('Criteria course', [
        { title: 'Read me', type: 'text' },
        {
          title: 'Final quiz',
          type: 'quiz',
          courseCompletionCriteria: { type: 'courseAssessmentPassed' },
        },
      ]),
      withTopics('Other course', [{ title: 'Elsewhere', type: 'text' }]),
    ]);
    courseId = created.courseIds[0]!;
    const tree = await structure(s, courseId);
    topicIds = tree.sections[0].lessons[0].topics.map((t: { id: string }) => t.id);
    otherCourseTopic = (await structure(s, created.courseIds[1]!)).sections[0].lessons[0].topics[0]
      .id;
  });
  const criteriaOf = async () =>
    (await s.api('GET', `/courses/${courseId}/completionCriteria`)).body
      .completionCriteria as Record<string, unknown>[];

  it('creates value and topic criteria', async () => {
    const res = await s.api('POST', '/content/completion-criteria/bulk', {
      items: [
        { courseId, type: 'coursePercentViewed', coursePercentViewed: 80 },
        { courseId, type: 'courseTopicViewed', topicId: topicIds[0] },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.completionCriteria).toEqual([
      {
        id: expect.any(String),
        type: 'coursePercentViewed',
        coursePercentViewed: 80,
        topicId: null,
      },
      { id: expect.any(String), type: 'courseTopicViewed', topicId: topicIds[0] },
    ]);
    expect((await criteriaOf()).map((c) => c.type)).toEqual([
      'courseAssessmentPassed',
      'coursePercentViewed',
      'courseTopicViewed',
    ]);
  });

  it('rejects missing companions, missing or foreign topics and unknown courses; writes nothing', async () => {
    const before = await criteriaOf();
    const cases: [unknown[], string[]][] = [
      [
        [
          { courseId, type: 'articlePercentViewed' },
          { courseId, type: 'scormComplete' },
          { courseId, type: 'courseTopicViewed', topicId: otherCourseTopic },
        ],
        [
          "items[0]: courseCompletionCriteria of type 'articlePercentViewed' requires the companion field 'articlePercentViewed'",
          `items[1].topicId: ${READ_MESSAGES.criterionTopicRequired('scormComplete')}`,
          `items[2].topicId: ${READ_MESSAGES.topicNotInCourse(otherCourseTopic, courseId)}`,
        ],
      ],
      [
        [{ courseId: foreignCourseId, type: 'coursePercentViewed', coursePercentViewed: 5 }],
        [MESSAGES.coursesNotFound],
      ],
      [
        [{ courseId, type: 'coursePercentViewed', coursePercentViewed: 101 }],
        ['items[0].coursePercentViewed: Too big: expected number to be <=100'],
      ],
    ];
    for (const [items, errors] of cases) {
      const res = await s.api('POST', '/content/completion-criteria/bulk', { items });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors });
    }
    expect(await criteriaOf()).toEqual(before);
  });

  it('updates criteria; a new type keeps only its own companion', async () => {
    const [carried, percent] = await criteriaOf();
    const res = await s.api('POST', '/content/completion-criteria/bulk/update', {
      items: [
        { id: percent!.id, type: 'articlePercentViewed', articlePercentViewed: 50 },
        { id: carried!.id, type: 'courseTopicViewed' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.completionCriteria).toEqual([
      { id: percent!.id, type: 'articlePercentViewed', articlePercentViewed: 50, topicId: null },
      { id: carried!.id, type: 'courseTopicViewed', topicId: topicIds[1] },
    ]);
    // The quiz declared the criterion; its courseCompletionCriteria shows the new value too.
    const quiz = await s.api('GET', `/topics/${topicIds[1]}`);
    expect(quiz.body.courseCompletionCriteria).toEqual({ type: 'courseTopicViewed' });
  });

  it('update rejects unknown ids, repeated ids and rule violations', async () => {
    const [, percent] = await criteriaOf();
    const missing = '00000000-0000-4000-8000-00000000c0de';
    const unknown = await s.api('POST', '/content/completion-criteria/bulk/update', {
      items: [{ id: missing }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ errors: [READ_MESSAGES.criteriaNotFound([missing])] });
    const twice = await s.api('POST', '/content/completion-criteria/bulk/update', {
      items: [{ id: percent!.id }, { id: percent!.id }],
    });
    expect(twice.body).toEqual({
      errors: [READ_MESSAGES.duplicateItems('id', [percent!.id as string])],
    });
    const rule = await s.api('POST', '/content/completion-criteria/bulk/update', {
      items: [{ id: percent!.id, type: 'videoPercentViewed' }],
    });
    expect(rule.body).toEqual({
      errors: [
        "items[0]: courseCompletionCriteria of type 'videoPercentViewed' requires the companion field 'videoPercentViewed'",
      ],
    });
  });
});

describe('certificate template bulk endpoints', () => {
  it('creates with defaults, then updates only the supplied fields', async () => {
    const res = await s.api('POST', '/content/certificate-templates/bulk', {
      items: [
        { name: 'Gold', courseIds: [courseIds[0]] },
        { name: 'Silver', orientation: 'portrait', body: '<h1>Well done</h1>' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const [gold, silver] = res.body.certificateTemplates;
    expect(gold).toEqual({
      id: expect.any(String),
      name: 'Gold',
      orientation: 'landscape',
      body: '',
      courseIds: [courseIds[0]],
    });
    expect(silver).toMatchObject({ name: 'Silver', orientation: 'portrait', courseIds: [] });
    const updated = await s.api('POST', '/content/certificate-templates/bulk/update', {
      items: [{ id: silver.id, name: 'Platinum', courseIds: courseIds }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.certificateTemplates).toEqual([{ ...silver, name: 'Platinum', courseIds }]);
  });

  it('rejects foreign courses, unknown templates and bad fields', async () => {
    const foreign = await s.api('POST', '/content/certificate-templates/bulk', {
      items: [{ name: 'X', courseIds: [foreignCourseId] }],
    });
    expect(foreign.body).toEqual({ errors: [MESSAGES.coursesNotFound] });
    const missing = '00000000-0000-4000-8000-0000000000ff';
    const unknown = await s.api('POST', '/content/certificate-templates/bulk/update', {
      items: [{ id: missing, name: 'Y' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      errors: [READ_MESSAGES.certificateTemplatesNotFound([missing])],
    });
    const bad = await s.api('POST', '/content/certificate-templates/bulk', {
      items: [{ name: 'Z', orientation: 'diagonal' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^items\[0\]\.orientation: /);
    const count = s.sandbox.db.prepare('SELECT COUNT(*) AS n FROM certificate_templates').get() as {
      n: number;
    };
    expect(count.n).toBe(2);
  });
});
