// validateDraft: every rule of spec 7.2 and limit of spec 8 that applies to a draft, and the type
// rules of 2.3-2.5, located at their node with the contract's wording.
import { describe, expect, test } from 'vitest';
import { LIMITS, MESSAGES } from '#contract/index.ts';
import {
  COMPILER_MESSAGES,
  addNode,
  newCourseDraft,
  newTopic,
  sequentialIds,
  setAttributes,
  setKindFields,
  setNodeFields,
  validateDraft,
  type CourseDraft,
  type CourseGroupDraft,
  type DraftAttributes,
  type Issue,
  type MicroCourseDraft,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from './test-drafts.ts';

const course = () => gridDraft(1, 1, 2);
const topicId = (draft: CourseGroupDraft, t = 0) =>
  draft.sections[0]!.lessons[0]!.topics[t]!.clientId;
const errors = (draft: CourseDraft) => validateDraft(draft).filter((i) => i.severity === 'error');
const only = (issues: Issue[]) => {
  expect(issues).toHaveLength(1);
  return issues[0]!;
};
const withAttributes = (patch: Partial<DraftAttributes>) => setAttributes(course(), patch);

describe('valid drafts', () => {
  test('a draft of every kind with content passes', () => {
    const ids = sequentialIds();
    const micro = newCourseDraft('microCourse', 'Micro', ids) as MicroCourseDraft;
    const drafts: CourseDraft[] = [
      setNodeFields(course(), topicId(course()), { body: '<p>Hi</p>' }),
      addNode(
        micro,
        { ...newTopic('Audio', 'audio', ids), audioUrl: 'https://cdn.test/a.mp3' },
        {
          parentId: null,
          index: 0,
        },
      ),
      setKindFields(newCourseDraft('article', 'Article', ids), { title: 'A', body: '<p>x</p>' }),
      setKindFields(newCourseDraft('video', 'Video', ids), { videoUrl: 'https://cdn.test/v.mp4' }),
      setKindFields(newCourseDraft('shareableContentObject', 'Scorm', ids), {
        scormUrl: 'https://cdn.test/p.zip',
        width: 800,
      }),
    ];
    for (const draft of drafts) expect(validateDraft(draft)).toEqual([]);
  });
});

describe('course rules (spec 7.2)', () => {
  test('a cleared title gets the API rule in the spec words, not also the schema wording', () => {
    const draft = course();
    delete (draft.attributes as Partial<DraftAttributes>).title;
    expect(validateDraft(draft).filter((i) => i.field === 'title')).toEqual([
      {
        nodeId: draft.clientId,
        field: 'title',
        message: MESSAGES.emptyTitle,
        severity: 'error',
        code: 'rule',
      },
    ]);
  });

  test('empty title', () => {
    const draft = withAttributes({ title: '  ' });
    expect(only(errors(draft))).toEqual({
      nodeId: draft.clientId,
      field: 'title',
      message: MESSAGES.emptyTitle,
      severity: 'error',
      code: 'rule',
    });
  });

  test('invalid status: zod shape and the API message', () => {
    const messages = errors(withAttributes({ status: 'bogus' as never })).map((i) => i.message);
    expect(messages).toContain(MESSAGES.invalidStatus('bogus'));
  });

  test('archived cannot be set on create', () => {
    expect(only(errors(withAttributes({ status: 'archived' }))).message).toBe(
      MESSAGES.archivedOnCreate,
    );
  });

  test('futurePublishDate with published on create; not a create rule once saved', () => {
    const draft = withAttributes({ status: 'published', futurePublishDate: '2030-01-01' });
    expect(only(errors(draft))).toMatchObject({
      field: 'futurePublishDate',
      message: MESSAGES.futurePublishWithPublished,
    });
    expect(errors(saveDraft(draft).saved)).toEqual([]);
  });

  test('catalog limits: description, tags, authors, metaTitle, metaDescription', () => {
    const cases: [Partial<DraftAttributes>, string, string][] = [
      [
        { description: 'x'.repeat(LIMITS.descriptionLength + 1) },
        'description',
        MESSAGES.descriptionTooLong,
      ],
      [
        {
          tagIds: Array.from(
            { length: 11 },
            (_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`,
          ),
        },
        'tagIds',
        MESSAGES.tooManyTags(11),
      ],
      [{ authors: ['Ada', ' '] }, 'authors', MESSAGES.emptyAuthor],
      [{ metaTitle: 'x'.repeat(201) }, 'metaTitle', MESSAGES.metaTitleTooLong],
      [{ metaDescription: 'x'.repeat(501) }, 'metaDescription', MESSAGES.metaDescriptionTooLong],
    ];
    for (const [patch, field, message] of cases)
      expect(only(errors(withAttributes(patch)))).toMatchObject({ field, message, code: 'rule' });
    // At the limit is fine; HTML does not count towards the meta limits.
    expect(
      errors(
        withAttributes({ description: 'x'.repeat(5000), metaTitle: `<b>${'x'.repeat(200)}</b>` }),
      ),
    ).toEqual([]);
  });

  test('price bounds', () => {
    expect(only(errors(withAttributes({ priceInCents: 100_000_000 }))).message).toBe(
      MESSAGES.priceTooHigh,
    );
    expect(only(errors(withAttributes({ priceInCents: -1 }))).message).toBe(MESSAGES.priceNegative);
    expect(errors(withAttributes({ priceInCents: 99_999_999 }))).toEqual([]);
  });

  test('customFields values must be strings, string arrays or null', () => {
    const messages = errors(withAttributes({ customFields: { a: 1 } as never })).map(
      (i) => i.message,
    );
    expect(messages).toContain(MESSAGES.customFieldsBadValue);
    expect(errors(withAttributes({ customFields: { a: 'x', b: ['y'], c: null } }))).toEqual([]);
  });

  test('video course: videoUrl with videoAsset, assetType with videoUrl', () => {
    const video = newCourseDraft('video', 'V', sequentialIds());
    const both = setKindFields(video, { videoUrl: 'https://cdn.test/v.mp4', videoAsset: 'm1' });
    expect(only(errors(both))).toMatchObject({
      field: 'videoAsset',
      message: MESSAGES.videoUrlWithVideoAsset,
    });
    const typed = setKindFields(video, {
      videoUrl: 'https://cdn.test/v.mp4',
      assetType: '<provider_alt>',
    });
    expect(only(errors(typed))).toMatchObject({
      field: 'assetType',
      message: MESSAGES.assetTypeWithVideoUrl,
    });
  });

  test('an alternate-provider video asset without assetType is a warning', () => {
    const video = setKindFields(newCourseDraft('video', 'V', sequentialIds()), {
      videoAsset: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10',
    });
    expect(only(validateDraft(video))).toMatchObject({
      severity: 'warning',
      message: COMPILER_MESSAGES.alternateAssetTypeRequired,
    });
  });
});

describe('topic rules (spec 2.3-2.5, 7.2)', () => {
  test('audioUrl only on audio topics, with the pre-check sentence naming the position', () => {
    const draft = course();
    const bad = setNodeFields(draft, topicId(draft, 1), { audioUrl: 'https://cdn.test/a.mp3' });
    const issue = only(errors(bad));
    expect(issue).toMatchObject({
      nodeId: topicId(draft, 1),
      field: 'audioUrl',
      message: MESSAGES.audioUrlOnNonAudio('text', { course: 0, section: 0, lesson: 0, topic: 1 }),
    });
  });

  test('video fields on a non-video topic', () => {
    const draft = course();
    const bad = setNodeFields(draft, topicId(draft), { videoAsset: 'm1' });
    expect(only(errors(bad))).toMatchObject({
      nodeId: topicId(draft),
      field: 'videoAsset',
      message: MESSAGES.videoFieldsOnNonVideo('text'),
    });
  });

  test('video topic: exclusivity of videoUrl/videoAsset, assetType with videoUrl', () => {
    const draft = setNodeFields(course(), topicId(course()), { type: 'video' });
    const both = setNodeFields(draft, topicId(draft), {
      videoUrl: 'https://cdn.test/v.mp4',
      videoAsset: 'm1',
      assetType: '<provider_default>',
    });
    const messages = errors(both).map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([MESSAGES.videoUrlWithVideoAsset, MESSAGES.assetTypeWithVideoUrl]),
    );
  });

  test('fields a type cannot carry', () => {
    const draft = course();
    const bad = setNodeFields(draft, topicId(draft), {
      pdfUrl: 'https://cdn.test/a.pdf',
      posterImageAsset: 'https://cdn.test/p.png',
    });
    expect(errors(bad).map((i) => [i.field, i.message])).toEqual([
      ['pdfUrl', COMPILER_MESSAGES.fieldNotForTopicType('pdfUrl', 'text')],
      ['posterImageAsset', COMPILER_MESSAGES.fieldNotForTopicType('posterImageAsset', 'text')],
    ]);
  });

  test('completion criteria need their companion field', () => {
    const draft = course();
    const bad = setNodeFields(draft, topicId(draft), {
      courseCompletionCriteria: { type: 'articlePercentViewed' },
    });
    expect(only(errors(bad))).toMatchObject({
      nodeId: topicId(draft),
      field: 'courseCompletionCriteria',
      message:
        "courseCompletionCriteria of type 'articlePercentViewed' requires the companion field 'articlePercentViewed'",
    });
    const ok = setNodeFields(draft, topicId(draft), {
      courseCompletionCriteria: { type: 'articlePercentViewed', articlePercentViewed: 80 },
    });
    expect(errors(ok)).toEqual([]);
  });

  test('zod shape checks are located at the node and field', () => {
    const draft = course();
    const bad = setNodeFields(draft, topicId(draft), {
      type: 'pdfViewer',
      pdfUrl: 'ftp://nope',
    } as never);
    expect(only(errors(bad))).toMatchObject({
      nodeId: topicId(draft),
      field: 'pdfUrl',
      code: 'shape',
    });
    const badType = setNodeFields(draft, topicId(draft), { type: 'hologram' } as never);
    expect(errors(badType).map((i) => i.code)).toContain('shape');
  });

  test('sections, lessons and topics need titles', () => {
    const draft = course();
    const section = draft.sections[0]!;
    const lesson = section.lessons[0]!;
    let bad = setNodeFields(draft, section.clientId, { title: '' });
    bad = setNodeFields(bad, lesson.clientId, { title: ' ' });
    bad = setNodeFields(bad, topicId(draft), { title: '' });
    expect(errors(bad).map((i) => [i.nodeId, i.message])).toEqual([
      [section.clientId, 'section must have a non-empty title'],
      [lesson.clientId, 'lesson must have a non-empty title'],
      [topicId(draft), 'topic must have a non-empty title'],
    ]);
  });
});

describe('limits and create-only notes', () => {
  test('more than 100 children is a warning: the course is split, not rejected', () => {
    const big = gridDraft(1, 2, 50); // 1 + 2 + 100 = 103
    expect(only(validateDraft(big))).toMatchObject({
      severity: 'warning',
      code: 'split',
      message:
        "The course has 103 sections, lessons and topics; the API creates at most 100 with a course (all lessons together). The plan splits the work: it creates the course with the first 100, then adds the other 3, from lesson 'S0L1' on, with update requests",
    });
    expect(validateDraft(gridDraft(1, 1, 98))).toEqual([]); // exactly 100
  });

  test('101 topics in one lesson: the warning names the lesson, the limit per course, and the split', () => {
    expect(only(validateDraft(gridDraft(1, 1, 101))).message).toBe(
      "The course has 103 sections, lessons and topics; the API creates at most 100 with a course (all lessons together). The plan splits the work: it creates the course with the first 100, then adds the other 3, from lesson 'S0L0' on, with update requests",
    );
  });

  test('slug and archived wait for an update; duplicate client ids are errors', () => {
    expect(validateDraft(withAttributes({ slug: 'my-course' }))[0]).toMatchObject({
      severity: 'warning',
      message: COMPILER_MESSAGES.updateOnlyOnCreate('slug'),
    });
    expect(errors(withAttributes({ slug: 'Not A Slug' }))[0]).toMatchObject({
      field: 'slug',
      code: 'shape',
    });
    const draft = course();
    const lesson = draft.sections[0]!.lessons[0]!;
    const twin = { ...lesson.topics[0]! };
    const duplicated = {
      ...draft,
      sections: [
        { ...draft.sections[0]!, lessons: [{ ...lesson, topics: [...lesson.topics, twin] }] },
      ],
    };
    expect(only(errors(duplicated)).message).toBe(
      COMPILER_MESSAGES.duplicateClientId(twin.clientId),
    );
  });
});
