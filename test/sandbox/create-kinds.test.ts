// Create (spec 4.1, 2.2, 3): the structure each kind builds, defaults, status rules, and exactly
// when a background job is queued. Everything is checked through the read endpoints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { create, createTag, group, coursesOf, structure, withTopics } from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const topicsOf = (tree: { sections: { lessons: { topics: unknown[] }[] }[] }) =>
  tree.sections.flatMap((section) => section.lessons.flatMap((lesson) => lesson.topics)) as Record<
    string,
    unknown
  >[];

describe('kinds', () => {
  it('courseGroup: sections, lessons and topics in the order sent', async () => {
    const created = await create(s, [
      {
        title: 'Full course',
        kind: 'courseGroup',
        sections: [
          {
            title: 'Intro',
            releaseDate: '2030-02-01T00:00:00.000Z',
            lessons: [
              {
                title: 'Welcome',
                openType: 'open',
                topics: [
                  { title: 'Hello', type: 'text', body: '<p>hi</p>', preventProgression: true },
                  { title: 'Quiz', type: 'quiz' },
                ],
              },
              { title: 'Setup', openType: 'emailCaptureOpen', topics: [] },
            ],
          },
          {
            title: 'Deep dive',
            lessons: [{ title: 'Part 1', openType: 'studentsOnly', topics: [] }],
          },
        ],
      },
    ]);
    expect(created).toEqual({
      courseIds: [expect.any(String)],
      courseGroupIds: [expect.any(String)],
    });
    const tree = await structure(s, created.courseIds[0]!);
    expect(tree.kind).toBe('courseGroup');
    expect(
      tree.sections.map((x: { title: string; displayOrder: number }) => [x.title, x.displayOrder]),
    ).toEqual([
      ['Intro', 0],
      ['Deep dive', 1],
    ]);
    expect(tree.sections[0].releaseDate).toBe('2030-02-01T00:00:00.000Z');
    expect(
      tree.sections[0].lessons.map((l: { title: string; openType: string }) => [
        l.title,
        l.openType,
      ]),
    ).toEqual([
      ['Welcome', 'open'],
      ['Setup', 'emailCaptureOpen'],
    ]);
    const [hello, quiz] = tree.sections[0].lessons[0].topics;
    expect(hello).toMatchObject({
      title: 'Hello',
      type: 'text',
      body: '<p>hi</p>',
      preventProgression: true,
      displayOrder: 0,
    });
    expect(quiz).toMatchObject({ title: 'Quiz', type: 'quiz', body: null, displayOrder: 1 });
  });

  it('microCourse: topics in one implicit section and lesson', async () => {
    const created = await create(s, [
      {
        title: 'Micro',
        kind: 'microCourse',
        topics: [
          { title: 'One', type: 'text', body: 'a' },
          {
            title: 'Two',
            type: 'embed',
            body: '<iframe src="https://x.example"></iframe>',
            width: 640,
          },
          { title: 'Board', type: 'discussionBoard' },
        ],
      },
    ]);
    const tree = await structure(s, created.courseIds[0]!);
    expect(tree.sections).toHaveLength(1);
    expect(tree.sections[0].lessons).toHaveLength(1);
    expect(tree.sections[0]).toMatchObject({ title: 'Micro' });
    expect(tree.sections[0].lessons[0]).toMatchObject({ title: 'Micro', openType: 'studentsOnly' });
    expect(topicsOf(tree).map((t) => [t.title, t.type])).toEqual([
      ['One', 'text'],
      ['Two', 'embed'],
      ['Board', 'discussionBoard'],
    ]);
    expect(topicsOf(tree)[1]).toMatchObject({ width: 640 });
  });

  it('article: one article topic from articleVariant', async () => {
    const variant = {
      language: 'en',
      title: 'The article',
      body: '<p>Body</p>',
      copyright: '(c) Us',
    };
    const created = await create(s, [
      { title: 'Article course', kind: 'article', articleVariant: variant },
    ]);
    const tree = await structure(s, created.courseIds[0]!);
    const topics = topicsOf(tree);
    expect(topics).toHaveLength(1);
    expect(topics[0]).toMatchObject({
      type: 'article',
      title: 'The article',
      body: '<p>Body</p>',
      languages: [variant],
    });
    expect((await group(s, created.courseGroupIds[0]!)).contentType).toBe('article');
  });

  it('video with videoUrl: one video topic with the top-level fields, and a video upload', async () => {
    const created = await create(s, [
      {
        title: 'Video course',
        kind: 'video',
        videoUrl: 'https://cdn.example/v.mp4',
        preAsset: 'pre-1',
        posterImageAsset: 'https://cdn.example/poster.png',
      },
    ]);
    const tree = await structure(s, created.courseIds[0]!);
    const [topic] = topicsOf(tree);
    expect(topicsOf(tree)).toHaveLength(1);
    expect(topic).toMatchObject({
      type: 'video',
      title: 'Video course',
      videoUrl: 'https://cdn.example/v.mp4',
      videoAsset: null,
      assetType: '<provider_default>',
      preAsset: 'pre-1',
      posterImageAsset: 'https://cdn.example/poster.png',
    });
    expect(created.backgroundJob).toEqual({
      id: expect.any(String),
      type: 'contentBulkUpload',
      status: 'queued',
      contentUploads: [
        { topicId: topic!.id, contentType: 'video', courseId: created.courseIds[0] },
      ],
    });
  });

  it('video with videoAsset queues no job', async () => {
    const created = await create(s, [
      { title: 'Hosted video', kind: 'video', videoAsset: 'alt-uuid', assetType: '<provider_alt>' },
    ]);
    expect(created.backgroundJob).toBeUndefined();
    const [topic] = topicsOf(await structure(s, created.courseIds[0]!));
    expect(topic).toMatchObject({ videoAsset: 'alt-uuid', assetType: '<provider_alt>' });
  });

  it('shareableContentObject: SCORM fields on the course and one SCORM topic with a scorm upload', async () => {
    const created = await create(s, [
      {
        title: 'SCORM',
        kind: 'shareableContentObject',
        scormUrl: 'https://cdn.example/pkg.zip',
        width: 1024,
        height: 768,
        embeddedEnabled: true,
        resetSessionAfterComplete: true,
      },
    ]);
    const [course] = await coursesOf(s, created.courseGroupIds[0]!);
    expect(course).toMatchObject({
      kind: 'shareableContentObject',
      scormUrl: 'https://cdn.example/pkg.zip',
      width: 1024,
      height: 768,
      embeddedEnabled: true,
      resetSessionAfterComplete: true,
    });
    const [topic] = topicsOf(await structure(s, created.courseIds[0]!));
    expect(topic).toMatchObject({
      type: 'shareableContentObject',
      scormUrl: 'https://cdn.example/pkg.zip',
      width: 1024,
      embeddedEnabled: true,
      resetSessionAfterComplete: true,
    });
    expect(created.backgroundJob?.contentUploads).toEqual([
      { topicId: topic!.id, contentType: 'scorm', courseId: created.courseIds[0] },
    ]);
  });

  it('several kinds in one request: one group and one course each, in request order', async () => {
    const created = await create(s, [
      { title: 'A', kind: 'courseGroup' },
      { title: 'B', kind: 'microCourse' },
      { title: 'C', kind: 'article' },
    ]);
    expect(created.courseIds).toHaveLength(3);
    expect(new Set(created.courseGroupIds).size).toBe(3);
    for (const [i, groupId] of created.courseGroupIds.entries()) {
      const g = await group(s, groupId);
      expect(g.courseCount).toBe(1);
      expect(g.displayCourseId).toBe(created.courseIds[i]);
      expect(g.title).toBe(['A', 'B', 'C'][i]);
    }
  });
});

describe('defaults and catalog fields', () => {
  it('fills the spec defaults and derives slug, content type and dates', async () => {
    const before = Date.now();
    const created = await create(s, [{ title: 'Défault Course!', kind: 'microCourse' }]);
    const g = await group(s, created.courseGroupIds[0]!);
    expect(g).toMatchObject({
      slug: 'default-course',
      kind: 'microCourse',
      status: 'draft',
      contentType: 'microCourse',
      authors: [],
      source: null,
      description: '',
      tagIds: [],
      customFields: {},
      asset: null,
      ribbon: null,
      archived: false,
      isTemplate: false,
    });
    const [course] = await coursesOf(s, g.id);
    expect(course).toMatchObject({
      status: 'draft',
      freeWithRegistration: false,
      purchasable: false,
      forceLinearProgress: false,
      showProgress: true,
      priceInCents: 0,
      isDisplayCourse: true,
      customFields: {},
      prerequisiteCourseIds: [],
    });
    for (const date of [course!.enrollmentStartDate, course!.courseStartDate])
      expect(Date.parse(date as string)).toBeGreaterThanOrEqual(before - 1000);
    const again = await create(s, [{ title: 'Défault Course!', kind: 'microCourse' }]);
    expect((await group(s, again.courseGroupIds[0]!)).slug).toBe('default-course-2');
  });

  it('stores every supplied field', async () => {
    const tag = await createTag(s, 'Featured');
    const created = await create(s, [
      {
        title: 'Rich',
        kind: 'courseGroup',
        sku: 'RICH-1',
        isbn: '978-3-16-148410-0',
        discussionsEnabled: true,
        availableToPublic: true,
        enrollmentLimit: 30,
        enrollmentStartDate: '2030-01-01T00:00:00.000Z',
        enrollmentEndDate: '2030-02-01T00:00:00.000Z',
        courseStartDate: '2030-01-05T00:00:00.000Z',
        courseEndDate: '2030-03-01T00:00:00.000Z',
        gracePeriodEndDate: '2030-04-01T00:00:00.000Z',
        priceInCents: 4999,
        freeWithRegistration: true,
        purchasable: true,
        publishDate: '2030-01-01T00:00:00.000Z',
        sessionCustomFields: { cohort: 7 },
        forceLinearProgress: true,
        showProgress: false,
        description: '<p>About</p>',
        tagIds: [tag],
        authors: ['Ann Author'],
        source: 'Partner',
        customFields: { level: 'advanced', topics: ['a', 'b'], none: null },
        asset: 'https://cdn.example/tile.png',
        detailAsset: 'https://cdn.example/detail.png',
        detailAssetAltText: 'Detail',
        metaTitle: '<b>Meta</b> title',
        metaDescription: 'Meta <i>description</i>',
      },
    ]);
    const g = await group(s, created.courseGroupIds[0]!);
    expect(g).toMatchObject({
      description: '<p>About</p>',
      tagIds: [tag],
      authors: ['Ann Author'],
      source: 'Partner',
      customFields: { level: 'advanced', topics: ['a', 'b'], none: null },
      asset: 'https://cdn.example/tile.png',
      assetAltText: '',
      detailAsset: 'https://cdn.example/detail.png',
      detailAssetAltText: 'Detail',
      metaTitle: 'Meta title',
      metaDescription: 'Meta description',
      contentType: 'course',
    });
    const [course] = await coursesOf(s, g.id);
    expect(course).toMatchObject({
      sku: 'RICH-1',
      isbn: '978-3-16-148410-0',
      discussionsEnabled: true,
      availableToPublic: true,
      enrollmentLimit: 30,
      enrollmentStartDate: '2030-01-01T00:00:00.000Z',
      courseEndDate: '2030-03-01T00:00:00.000Z',
      gracePeriodEndDate: '2030-04-01T00:00:00.000Z',
      priceInCents: 4999,
      freeWithRegistration: true,
      purchasable: true,
      customFields: { cohort: 7 },
      forceLinearProgress: true,
      showProgress: false,
    });
    // Both images are fetched by the job; image uploads name no topic.
    expect(created.backgroundJob?.contentUploads).toEqual([
      { topicId: null, contentType: 'image', courseId: created.courseIds[0] },
      { topicId: null, contentType: 'image', courseId: created.courseIds[0] },
    ]);
  });
});

describe('status on create (spec 3)', () => {
  it.each([
    [{}, 'draft'],
    [{ status: 'draft' }, 'draft'],
    [{ status: 'published' }, 'published'],
    [{ futurePublishDate: '2031-01-01T00:00:00.000Z' }, 'pending'],
    [{ status: 'draft', futurePublishDate: '2031-01-01T00:00:00.000Z' }, 'pending'],
  ])('%j -> %s, on the course and its group', async (fields, status) => {
    const created = await create(s, [{ title: 'S', kind: 'courseGroup', ...fields }]);
    const [course] = await coursesOf(s, created.courseGroupIds[0]!);
    expect(course!.status).toBe(status);
    expect((await group(s, created.courseGroupIds[0]!)).status).toBe(status);
  });
});

describe('files and completion criteria', () => {
  it('queues one job listing every file of every course; shells and videoAsset add none', async () => {
    const created = await create(s, [
      withTopics('Files', [
        { title: 'pkg', type: 'shareableContentObject', scormUrl: 'https://cdn.example/a.zip' },
        { title: 'xapi', type: 'xApiObject', scormUrl: 'https://cdn.example/b.zip' },
        { title: 'pdf', type: 'pdfViewer', pdfUrl: 'https://cdn.example/c.pdf' },
        { title: 'vid', type: 'video', videoUrl: 'https://cdn.example/d.mp4' },
        { title: 'aud', type: 'audio', audioUrl: 'https://cdn.example/e.mp3' },
        { title: 'hosted', type: 'video', videoAsset: 'media-9' },
        { title: 'quiz', type: 'quiz' },
      ]),
      { title: 'Tile only', kind: 'microCourse', asset: 'https://cdn.example/t.png' },
    ]);
    const topics = topicsOf(await structure(s, created.courseIds[0]!));
    const [c0, c1] = created.courseIds;
    expect(created.backgroundJob?.contentUploads).toEqual([
      { topicId: topics[0]!.id, contentType: 'scorm', courseId: c0 },
      { topicId: topics[1]!.id, contentType: 'xapi', courseId: c0 },
      { topicId: topics[2]!.id, contentType: 'pdf', courseId: c0 },
      { topicId: topics[3]!.id, contentType: 'video', courseId: c0 },
      { topicId: topics[4]!.id, contentType: 'audio', courseId: c0 },
      { topicId: null, contentType: 'image', courseId: c1 },
    ]);
    const none = await create(s, [withTopics('Shells', [{ title: 'q', type: 'quiz' }])]);
    expect(none.backgroundJob).toBeUndefined();
  });

  it('stores topic completion criteria as course criteria; alternate-provider videos drop videoPercentViewed', async () => {
    const created = await create(s, [
      withTopics('Criteria', [
        { title: 'read', type: 'text', courseCompletionCriteria: { type: 'courseTopicViewed' } },
        {
          title: 'watch',
          type: 'video',
          videoAsset: 'm-1',
          courseCompletionCriteria: { type: 'videoPercentViewed', videoPercentViewed: 90 },
        },
        {
          title: 'alt',
          type: 'video',
          videoAsset: 'alt-1',
          assetType: '<provider_alt>',
          courseCompletionCriteria: { type: 'videoPercentViewed', videoPercentViewed: 50 },
        },
      ]),
    ]);
    const tree = await structure(s, created.courseIds[0]!);
    const [read, watch, alt] = topicsOf(tree);
    expect(read!.courseCompletionCriteria).toEqual({ type: 'courseTopicViewed' });
    expect(alt!.courseCompletionCriteria).toBeNull();
    expect(tree.completionCriteria).toEqual([
      expect.objectContaining({ type: 'courseTopicViewed', topicId: read!.id }),
      expect.objectContaining({
        type: 'videoPercentViewed',
        videoPercentViewed: 90,
        videoTopicId: watch!.id,
        topicId: watch!.id,
      }),
    ]);
  });

  it('drops fields the topic type does not carry', async () => {
    const created = await create(s, [
      withTopics('Drop', [
        { title: 'pdf', type: 'text', body: 'b', pdfUrl: 'https://cdn.example/x.pdf' },
      ]),
    ]);
    const [topic] = topicsOf(await structure(s, created.courseIds[0]!));
    expect(topic).toMatchObject({ body: 'b', pdfUrl: null });
    expect(created.backgroundJob).toBeUndefined();
  });
});

describe('volume', () => {
  it('creates 100 courses x 100 children in one request quickly', async () => {
    const topics = Array.from({ length: 98 }, (_, i) => ({
      title: `Topic ${i}`,
      type: 'text',
      body: '<p>x</p>',
    }));
    const courseAttributes = Array.from({ length: 100 }, (_, i) => withTopics(`Bulk ${i}`, topics));
    const started = performance.now();
    const res = await s.api('POST', '/content/course/create', { courseAttributes });
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(res.body.courseIds).toHaveLength(100);
    expect(elapsed).toBeLessThan(3000);
    const count = s.sandbox.db
      .prepare(
        `SELECT COUNT(*) AS n FROM topics WHERE course_id IN (SELECT value FROM json_each(?))`,
      )
      .get(JSON.stringify(res.body.courseIds)) as { n: number };
    expect(count.n).toBe(9800);
  });
});
