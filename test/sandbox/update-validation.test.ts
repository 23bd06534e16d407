// Spec 7.2 on update: item limit, missing parents and types, unknown ids, parents not owned, and
// the field rules with each stored topic's type. A rejected update writes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  create,
  createCompany,
  createTag,
  expectNoChange,
  structure,
  update,
  withTopics,
} from './write-helpers.ts';

let s: TestSandbox;
let groupId: string;
let courseId: string;
let lessonId: string;
let textTopicId: string;
let foreign: {
  groupId: string;
  courseId: string;
  sectionId: string;
  lessonId: string;
  topicId: string;
  tagId: string;
};

beforeAll(async () => {
  s = await startSandbox();
  const created = await create(s, [withTopics('Mine', [{ title: 'T', type: 'text', body: 'b' }])]);
  [groupId, courseId] = [created.courseGroupIds[0]!, created.courseIds[0]!];
  const tree = await structure(s, courseId);
  lessonId = tree.sections[0].lessons[0].id;
  textTopicId = tree.sections[0].lessons[0].topics[0].id;

  const other = await createCompany(s, 'Elsewhere');
  const theirs = await create(
    s,
    [withTopics('Theirs', [{ title: 'X', type: 'text' }])],
    other.secretKey,
  );
  const theirTree = (
    await s.api('GET', `/courses/${theirs.courseIds[0]}/structure`, undefined, other.secretKey)
  ).body;
  foreign = {
    groupId: theirs.courseGroupIds[0]!,
    courseId: theirs.courseIds[0]!,
    sectionId: theirTree.sections[0].id,
    lessonId: theirTree.sections[0].lessons[0].id,
    topicId: theirTree.sections[0].lessons[0].topics[0].id,
    tagId: await createTag(s, 'Theirs', other.secretKey),
  };
});
afterAll(() => s.close());

async function expectErrors(attributes: Record<string, unknown>, errors: string[]) {
  const res = await expectNoChange(s, () => update(s, attributes));
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ errors });
}
async function expectFirstError(attributes: Record<string, unknown>, pattern: RegExp) {
  const res = await expectNoChange(s, () => update(s, attributes));
  expect(res.status).toBe(400);
  expect(res.body.errors[0]).toMatch(pattern);
}

describe('request-level rules', () => {
  it('more than 100 items across the five arrays', async () => {
    const half = Array.from({ length: 51 }, () => ({ courseId, title: 'S' }));
    const courses = Array.from({ length: 50 }, () => ({ id: courseId }));
    await expectErrors({ sections: half, courses }, [
      'Cannot update more than 100 items at a time',
    ]);
  });

  it('no items at all', async () => {
    await expectErrors({}, [MESSAGES.noItemsProvided]);
    await expectErrors({ topics: [] }, [MESSAGES.noItemsProvided]);
  });

  it('courseAttributes missing or not an object', async () => {
    const res = await expectNoChange(s, () => s.api('PUT', '/content/course/update', {}));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^courseAttributes: /);
  });
});

describe('new entities need their parent (and topics a type)', () => {
  it('lessonId and type for new topics', async () => {
    await expectFirstError(
      { topics: [{ title: 'x', type: 'text' }] },
      /^lessonId required for new topics/,
    );
    await expectFirstError({ topics: [{ title: 'x', lessonId }] }, /^type required for new topics/);
  });
  it('courseId, sectionId, courseGroupId', async () => {
    await expectFirstError({ sections: [{ title: 'x' }] }, /^courseId required/);
    await expectFirstError({ lessons: [{ title: 'x', openType: 'open' }] }, /^sectionId required/);
    await expectFirstError({ courses: [{ title: 'x' }] }, /^courseGroupId required/);
  });
  it('new items need a non-empty title', async () => {
    await expectErrors({ courseGroups: [{ description: 'x' }] }, [
      'course must have a non-empty title',
    ]);
  });
});

describe('unknown ids, foreign ids', () => {
  it('Topics not found lists the ids, foreign ones included', async () => {
    const unknown = randomUUID();
    await expectErrors(
      {
        topics: [
          { id: unknown, title: 'x' },
          { id: foreign.topicId, title: 'y' },
        ],
      },
      [`Topics not found: ${unknown}, ${foreign.topicId}`],
    );
  });
  it('Some courses not found or unauthorized', async () => {
    await expectErrors({ courses: [{ id: foreign.courseId, title: 'x' }] }, [
      'Some courses not found or unauthorized',
    ]);
    await expectErrors({ courses: [{ id: randomUUID(), title: 'x' }] }, [
      'Some courses not found or unauthorized',
    ]);
  });
  it('sections, lessons and course groups not found', async () => {
    await expectErrors({ sections: [{ id: foreign.sectionId, title: 'x' }] }, [
      MESSAGES.sectionsNotFound([foreign.sectionId]),
    ]);
    await expectErrors({ lessons: [{ id: foreign.lessonId, title: 'x' }] }, [
      MESSAGES.lessonsNotFound([foreign.lessonId]),
    ]);
    await expectErrors({ courseGroups: [{ id: foreign.groupId, title: 'x' }] }, [
      MESSAGES.courseGroupsNotFound([foreign.groupId]),
    ]);
  });
  it('parents not owned name the offending field', async () => {
    await expectErrors({ topics: [{ lessonId: foreign.lessonId, title: 'x', type: 'text' }] }, [
      `Invalid lessonId: ${foreign.lessonId}`,
    ]);
    await expectErrors(
      { lessons: [{ sectionId: foreign.sectionId, title: 'x', openType: 'open' }] },
      [`Invalid sectionId: ${foreign.sectionId}`],
    );
    await expectErrors({ sections: [{ courseId: foreign.courseId, title: 'x' }] }, [
      `Invalid courseId: ${foreign.courseId}`,
    ]);
    await expectErrors({ courses: [{ courseGroupId: foreign.groupId, title: 'x' }] }, [
      `Invalid courseGroupId: ${foreign.groupId}`,
    ]);
    // Moves are checked the same way.
    await expectErrors({ topics: [{ id: textTopicId, lessonId: foreign.lessonId }] }, [
      `Invalid lessonId: ${foreign.lessonId}`,
    ]);
    const unknown = randomUUID();
    await expectErrors({ lessons: [{ id: lessonId, sectionId: unknown }] }, [
      `Invalid sectionId: ${unknown}`,
    ]);
  });
  it('tags: unknown and foreign', async () => {
    await expectErrors({ courseGroups: [{ id: groupId, tagIds: [randomUUID()] }] }, [
      'Some tag IDs were not found',
    ]);
    await expectErrors({ courseGroups: [{ id: groupId, tagIds: [foreign.tagId] }] }, [
      'Some tags do not belong to this company',
    ]);
  });
});

describe('field rules', () => {
  it('catalog rules on course groups', async () => {
    const id = groupId;
    await expectErrors({ courseGroups: [{ id, description: 'x'.repeat(5001) }] }, [
      'Description exceeds maximum length of 5,000 characters',
    ]);
    await expectFirstError(
      { courseGroups: [{ id, tagIds: Array.from({ length: 11 }, () => randomUUID()) }] },
      /^Cannot assign more than 10 tags per course/,
    );
    await expectErrors({ courseGroups: [{ id, authors: [''] }] }, [
      'authors cannot contain empty strings',
    ]);
    await expectErrors({ courseGroups: [{ id, metaTitle: 'x'.repeat(201) }] }, [
      'metaTitle exceeds maximum length of 200 characters',
    ]);
    await expectErrors({ courseGroups: [{ id, metaDescription: 'x'.repeat(501) }] }, [
      'metaDescription exceeds maximum length of 500 characters',
    ]);
    await expectFirstError(
      { courseGroups: [{ id, customFields: 'x' }] },
      /^customFields must be a JSON object/,
    );
    await expectFirstError(
      { courseGroups: [{ id, customFields: { a: 2 } }] },
      /^customFields values must be string, string array, or null/,
    );
  });
  it('price on courses', async () => {
    await expectErrors({ courses: [{ id: courseId, priceInCents: 100_000_000 }] }, [
      'priceInCents exceeds maximum allowed value of 99999999 ($999,999.99)',
    ]);
  });
  it('video fields against the stored type of an existing topic', async () => {
    await expectErrors({ topics: [{ id: textTopicId, videoAsset: 'media-1' }] }, [
      "Cannot use video fields (videoUrl, videoAsset) with topic type 'text'",
    ]);
    // The same fields are fine when the request changes the type to video.
    const res = await update(s, {
      topics: [{ id: textTopicId, type: 'video', videoAsset: 'media-1' }],
    });
    expect(res.status).toBe(200);
    await expectFirstError(
      { topics: [{ id: textTopicId, videoUrl: 'https://cdn.example/v.mp4', videoAsset: 'm' }] },
      /^Cannot provide both 'videoUrl' and 'videoAsset'/,
    );
    await expectFirstError(
      {
        topics: [
          {
            id: textTopicId,
            videoAsset: null,
            videoUrl: 'https://cdn.example/v.mp4',
            assetType: '<provider_alt>',
          },
        ],
      },
      /^Cannot provide 'assetType' when using 'videoUrl'/,
    );
    await update(s, { topics: [{ id: textTopicId, type: 'text' }] });
  });
  it('audioUrl against the stored type', async () => {
    await expectErrors({ topics: [{ id: textTopicId, audioUrl: 'https://cdn.example/a.mp3' }] }, [
      "audioUrl is only valid for audio topics, but topics[0] has type 'text'.",
    ]);
  });
  it('shape errors name the path inside courseAttributes', async () => {
    await expectFirstError(
      { lessons: [{ id: lessonId, openType: 'everyone' }] },
      /^lessons\[0\]\.openType: /,
    );
    await expectFirstError(
      { courses: [{ id: courseId, status: 'pending' }] },
      /^courses\[0\]\.status: /,
    );
  });
});
