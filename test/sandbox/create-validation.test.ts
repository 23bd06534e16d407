// Spec 7.2 on create: the four plain-text pre-checks, every JSON message (with and without the
// `Course at index N: ` prefix), shape and storage checks; a rejected request writes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  addContentType,
  addRibbon,
  create,
  createCompany,
  createTag,
  expectNoChange,
  withTopics,
} from './write-helpers.ts';

let s: TestSandbox;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const post = (body: unknown) =>
  expectNoChange(s, () => s.api('POST', '/content/course/create', body));
const course = (extra: Record<string, unknown> = {}) => ({
  title: 'A course',
  kind: 'courseGroup',
  ...extra,
});

async function expectText(body: unknown, text: string) {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(res.text).toBe(text);
}

async function expectErrors(body: unknown, errors: string[]) {
  const res = await post(body);
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ errors });
}

/** One course alone gets the bare message; as the second of two it gets the index prefix. */
async function expectCourseError(entry: Record<string, unknown>, message: string) {
  await expectErrors({ courseAttributes: [entry] }, [message]);
  await expectErrors({ courseAttributes: [course(), entry] }, [
    MESSAGES.withCourseIndex(1, message),
  ]);
}

describe('plain-text pre-checks', () => {
  it('No items provided: missing, empty or non-array courseAttributes, and no body', async () => {
    await expectText({}, 'No items provided');
    await expectText({ courseAttributes: [] }, 'No items provided');
    await expectText({ courseAttributes: 'x' }, 'No items provided');
    const res = await expectNoChange(s, () =>
      s.raw('POST', '/incoming/v2/content/course/create', undefined, {
        authorization: `Bearer ${s.secretKey}`,
      }),
    );
    expect([res.status, res.text]).toEqual([400, 'No items provided']);
  });

  it('more than 100 courses', async () => {
    const many = Array.from({ length: 101 }, () => course());
    await expectText({ courseAttributes: many }, 'Cannot create more than 100 courses at a time');
  });

  it('a course with more than 100 children names its index and count', async () => {
    const topics = Array.from({ length: 99 }, (_, i) => ({ title: `T${i}`, type: 'text' }));
    const big = withTopics('Big', topics); // 1 section + 1 lesson + 99 topics = 101
    await expectText(
      { courseAttributes: [course(), big] },
      'Course at index 1 exceeds maximum of 100 children (sections + lessons + topics). Found 101 children.',
    );
    const micro = {
      title: 'Micro',
      kind: 'microCourse',
      topics: Array.from({ length: 101 }, (_, i) => ({ title: `T${i}`, type: 'text' })),
    };
    await expectText({ courseAttributes: [micro] }, MESSAGES.tooManyChildren(0, 101));
  });

  it('exactly 100 children is accepted', async () => {
    const topics = Array.from({ length: 98 }, (_, i) => ({ title: `T${i}`, type: 'text' }));
    const res = await s.api('POST', '/content/course/create', {
      courseAttributes: [withTopics('Full', topics)],
    });
    expect(res.status).toBe(200);
  });

  it('audioUrl on a non-audio topic names the type and the position', async () => {
    const topics = [
      { title: 'Ok', type: 'audio', audioUrl: 'https://cdn.example/a.mp3' },
      { title: 'Bad', type: 'text', audioUrl: 'https://cdn.example/a.mp3' },
    ];
    await expectText(
      { courseAttributes: [course(), withTopics('Audio', topics)] },
      "audioUrl is only valid for audio topics, but topic at course index 1, section index 0, lesson index 0, topic index 1 has type 'text'.",
    );
    const micro = { title: 'M', kind: 'microCourse', topics: [topics[1]] };
    await expectText(
      { courseAttributes: [micro] },
      MESSAGES.audioUrlOnNonAudio('text', { course: 0, topic: 0 }),
    );
  });
});

describe('JSON rules', () => {
  it('empty title', async () => {
    await expectCourseError(course({ title: '  ' }), 'course must have a non-empty title');
  });

  it.each([
    'xApiObject',
    'webinar',
    'inPersonEvent',
    'webinarCourse',
    'inPersonEventCourse',
    'nope',
  ])('kind %s is rejected with the invalid-kinds message', async (kind) => {
    const res = await post({ courseAttributes: [course(), course({ kind })] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatch(/^Invalid course kinds: /);
    expect(res.body.errors[0]).toMatch(
      /Supported kinds are: article, video, courseGroup, microCourse, shareableContentObject$/,
    );
  });

  it('invalid status', async () => {
    await expectCourseError(
      course({ status: 'live' }),
      "Invalid status 'live'. Valid values are: draft, authoring, published, loginRestriction, archived, pending, deleted",
    );
  });

  it('futurePublishDate with status published', async () => {
    await expectCourseError(
      course({ status: 'published', futurePublishDate: '2030-01-01T00:00:00Z' }),
      'Cannot set futurePublishDate when status is published.',
    );
  });

  it('archived cannot be set on create', async () => {
    await expectCourseError(course({ status: 'archived' }), MESSAGES.archivedOnCreate);
  });

  it('description over 5,000 characters', async () => {
    await expectCourseError(
      course({ description: 'x'.repeat(5001) }),
      'Description exceeds maximum length of 5,000 characters',
    );
    const res = await s.api('POST', '/content/course/create', {
      courseAttributes: [course({ description: 'x'.repeat(5000) })],
    });
    expect(res.status).toBe(200);
  });

  it('more than 10 tags', async () => {
    const tagIds = Array.from({ length: 11 }, () => randomUUID());
    const res = await post({ courseAttributes: [course({ tagIds })] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^Cannot assign more than 10 tags per course/);
  });

  it('empty or whitespace author', async () => {
    await expectCourseError(
      course({ authors: ['Ann', ''] }),
      'authors cannot contain empty strings',
    );
    await expectCourseError(course({ authors: ['  '] }), 'authors cannot contain empty strings');
  });

  it('metaTitle over 200 and metaDescription over 500 (HTML stripped first)', async () => {
    await expectCourseError(
      course({ metaTitle: 'x'.repeat(201) }),
      'metaTitle exceeds maximum length of 200 characters',
    );
    await expectCourseError(
      course({ metaDescription: 'x'.repeat(501) }),
      'metaDescription exceeds maximum length of 500 characters',
    );
    const res = await s.api('POST', '/content/course/create', {
      courseAttributes: [course({ metaTitle: `<b>${'x'.repeat(200)}</b>` })],
    });
    expect(res.status).toBe(200);
  });

  it('priceInCents over the maximum', async () => {
    await expectCourseError(
      course({ priceInCents: 100_000_000 }),
      'priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
    );
  });

  it('customFields of the wrong shape', async () => {
    const notObject = await post({ courseAttributes: [course({ customFields: ['a'] })] });
    expect(notObject.body.errors[0]).toMatch(/^customFields must be a JSON object/);
    const badValue = await post({ courseAttributes: [course({ customFields: { a: 1 } })] });
    expect(badValue.body.errors[0]).toMatch(
      /^customFields values must be string, string array, or null/,
    );
  });

  it('videoUrl with videoAsset, on a video course and on a topic', async () => {
    const both = { videoUrl: 'https://cdn.example/v.mp4', videoAsset: 'media-1' };
    const res = await post({ courseAttributes: [{ title: 'V', kind: 'video', ...both }] });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatch(/^Cannot provide both 'videoUrl' and 'videoAsset'/);
    const topic = await post({
      courseAttributes: [course(), withTopics('T', [{ title: 'v', type: 'video', ...both }])],
    });
    expect(topic.body.errors[0]).toMatch(/^Course at index 1: Cannot provide both 'videoUrl'/);
  });

  it('video fields on a non-video topic', async () => {
    const res = await post({
      courseAttributes: [withTopics('T', [{ title: 'x', type: 'text', videoAsset: 'media-1' }])],
    });
    expect(res.body.errors).toEqual([
      "Cannot use video fields (videoUrl, videoAsset) with topic type 'text'",
    ]);
  });

  it('assetType with videoUrl', async () => {
    const res = await post({
      courseAttributes: [
        {
          title: 'V',
          kind: 'video',
          videoUrl: 'https://cdn.example/v.mp4',
          assetType: '<provider_alt>',
        },
      ],
    });
    expect(res.body.errors[0]).toMatch(/^Cannot provide 'assetType' when using 'videoUrl'/);
  });

  it('several failures in several courses are all reported, each with its index', async () => {
    await expectErrors(
      { courseAttributes: [course({ title: '' }), course({ priceInCents: 100_000_000 })] },
      [
        'Course at index 0: course must have a non-empty title',
        'Course at index 1: priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
      ],
    );
  });
});

describe('shape of the payload', () => {
  it('names the field path, with the course prefix only when several courses are sent', async () => {
    const bad = withTopics('T', []);
    (bad.sections[0]!.lessons[0] as Record<string, unknown>).openType = 'everyone';
    const single = await post({ courseAttributes: [bad] });
    expect(single.status).toBe(400);
    expect(single.body.errors).toHaveLength(1);
    expect(single.body.errors[0]).toMatch(/^sections\[0\]\.lessons\[0\]\.openType: /);
    const several = await post({ courseAttributes: [course(), bad] });
    expect(several.body.errors[0]).toMatch(
      /^Course at index 1: sections\[0\]\.lessons\[0\]\.openType: /,
    );
  });

  it('rejects unknown fields and bad URLs', async () => {
    const res = await post({
      courseAttributes: [course({ colour: 'red', asset: 'ftp://x/y.png' })],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/^asset: must be an http\(s\) URL/)]),
    );
    expect(res.body.errors.join('\n')).toMatch(/colour/);
  });
});

describe('checks against storage', () => {
  it('unknown tags and another company’s tags', async () => {
    await expectCourseError(course({ tagIds: [randomUUID()] }), 'Some tag IDs were not found');
    const other = await createCompany(s, 'Tag Owner');
    const foreign = await createTag(s, 'Foreign', other.secretKey);
    await expectCourseError(
      course({ tagIds: [foreign] }),
      'Some tags do not belong to this company',
    );
    const own = await createTag(s, 'Own');
    // Unknown wins over foreign when both are present.
    await expectCourseError(
      course({ tagIds: [own, foreign, randomUUID()] }),
      'Some tag IDs were not found',
    );
    const ok = await create(s, [course({ tagIds: [own] })]);
    expect(ok.courseIds).toHaveLength(1);
  });

  it('ribbon and content type must exist in the company configuration', async () => {
    await expectCourseError(course({ ribbon: 'hot' }), MESSAGES.unknownRibbon('hot'));
    await expectCourseError(
      course({ contentType: 'webinar-ish' }),
      MESSAGES.unknownContentType('webinar-ish'),
    );
    addRibbon(s, 'hot');
    addContentType(s, 'webinar-ish');
    const ok = await create(s, [course({ ribbon: 'hot', contentType: 'webinar-ish' })]);
    expect(ok.courseGroupIds).toHaveLength(1);
  });

  it('prerequisites and related groups must exist on the company', async () => {
    await expectCourseError(
      course({ prerequisiteCourseIds: [randomUUID()] }),
      MESSAGES.prerequisiteCoursesNotFound,
    );
    await expectCourseError(
      course({ prerequisiteLearningPathIds: [randomUUID()] }),
      MESSAGES.prerequisiteLearningPathsNotFound,
    );
    await expectCourseError(
      course({ relatedCourseGroupIds: [randomUUID()] }),
      MESSAGES.relatedCourseGroupsNotFound,
    );
    const first = await create(s, [course()]);
    const ok = await create(s, [
      course({
        prerequisiteCourseIds: first.courseIds,
        relatedCourseGroupIds: first.courseGroupIds,
      }),
    ]);
    expect(ok.courseIds).toHaveLength(1);
  });

  it('sku must be unique in the company and in the request', async () => {
    await create(s, [course({ sku: 'SKU-1' })]);
    await expectCourseError(course({ sku: 'SKU-1' }), MESSAGES.duplicateSku('SKU-1'));
    await expectErrors({ courseAttributes: [course({ sku: 'SKU-2' }), course({ sku: 'SKU-2' })] }, [
      MESSAGES.withCourseIndex(1, MESSAGES.duplicateSku('SKU-2')),
    ]);
  });
});
