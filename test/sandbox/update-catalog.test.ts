// Update of course groups and courses (spec 4.2, 3): supplied fields only, clearing rules, whole
// replacement, archive/restore cascade, course status moves, new groups and courses.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, WRITE_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import {
  addRibbon,
  coursesOf,
  create,
  createTag,
  expectNoChange,
  group,
  update,
  updateOk,
  type Created,
} from './write-helpers.ts';

let s: TestSandbox;
let tags: string[];
beforeAll(async () => {
  s = await startSandbox();
  tags = [await createTag(s, 'One'), await createTag(s, 'Two'), await createTag(s, 'Three')];
  addRibbon(s, 'new');
  addRibbon(s, 'sale');
});
afterAll(() => s.close());

let c: Created;
let groupId: string;
let courseId: string;
beforeEach(async () => {
  c = await create(s, [
    {
      title: 'Original',
      kind: 'courseGroup',
      status: 'published',
      description: 'Desc',
      tagIds: [tags[0], tags[1]],
      authors: ['Ann', 'Bob'],
      source: 'Src',
      customFields: { a: 'x', b: ['y'] },
      asset: 'https://cdn.example/a.png',
      assetAltText: 'Alt',
      detailAsset: 'https://cdn.example/d.png',
      ribbon: 'new',
      metaTitle: 'MT',
      metaDescription: 'MD',
      priceInCents: 100,
      sessionCustomFields: { s: 1 },
      purchasable: true,
    },
  ]);
  groupId = c.courseGroupIds[0]!;
  courseId = c.courseIds[0]!;
});

describe('course groups', () => {
  it('changes only supplied fields and answers a bare true', async () => {
    const before = await group(s, groupId);
    const res = await update(s, {
      courseGroups: [{ id: groupId, title: 'Renamed', metaTitle: '<b>New</b>' }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.text).toBe('true');
    const after = await group(s, groupId);
    expect(after).toEqual({
      ...before,
      title: 'Renamed',
      metaTitle: 'New',
      updatedAt: expect.any(String),
    });
  });

  it('null clears description, source, asset, detailAsset and ribbon', async () => {
    await updateOk(s, {
      courseGroups: [
        {
          id: groupId,
          description: null,
          source: null,
          asset: null,
          detailAsset: null,
          ribbon: null,
        },
      ],
    });
    expect(await group(s, groupId)).toMatchObject({
      description: '',
      source: null,
      asset: null,
      detailAsset: null,
      ribbon: null,
    });
  });

  it.each([null, []])('tagIds and authors %j clear', async (empty) => {
    await updateOk(s, { courseGroups: [{ id: groupId, tagIds: empty, authors: empty }] });
    expect(await group(s, groupId)).toMatchObject({ tagIds: [], authors: [] });
  });

  it.each([null, {}])('customFields %j clears', async (empty) => {
    await updateOk(s, { courseGroups: [{ id: groupId, customFields: empty }] });
    expect((await group(s, groupId)).customFields).toEqual({});
  });

  it('replaces tagIds, authors, relatedCourseGroupIds and customFields whole', async () => {
    const other = await create(s, [{ title: 'Related', kind: 'microCourse' }]);
    await updateOk(s, {
      courseGroups: [
        {
          id: groupId,
          tagIds: [tags[2]],
          authors: ['Cy'],
          customFields: { c: null },
          relatedCourseGroupIds: other.courseGroupIds,
          ribbon: 'sale',
          slug: 'brand-new-slug',
        },
      ],
    });
    expect(await group(s, groupId)).toMatchObject({
      tagIds: [tags[2]],
      authors: ['Cy'],
      customFields: { c: null },
      relatedCourseGroupIds: other.courseGroupIds,
      ribbon: 'sale',
      slug: 'brand-new-slug',
    });
    await updateOk(s, { courseGroups: [{ id: groupId, relatedCourseGroupIds: null }] });
    expect((await group(s, groupId)).relatedCourseGroupIds).toEqual([]);
  });

  it('archive cascades to the courses; restore makes them drafts', async () => {
    await updateOk(s, {
      courses: [{ courseGroupId: groupId, title: 'Second session', status: 'published' }],
    });
    await updateOk(s, { courseGroups: [{ id: groupId, archived: true }] });
    expect(await group(s, groupId)).toMatchObject({ archived: true, status: 'archived' });
    expect((await coursesOf(s, groupId)).map((x) => x.status)).toEqual(['archived', 'archived']);
    const listed = await s.api('GET', '/courseGroups?archived=true');
    expect(listed.body.courseGroups.map((g: { id: string }) => g.id)).toContain(groupId);

    await updateOk(s, { courseGroups: [{ id: groupId, archived: false }] });
    expect(await group(s, groupId)).toMatchObject({ archived: false, status: 'draft' });
    expect((await coursesOf(s, groupId)).map((x) => x.status)).toEqual(['draft', 'draft']);
  });

  it('archived: false on a group that is not archived leaves its courses alone', async () => {
    await updateOk(s, { courseGroups: [{ id: groupId, archived: false, title: 'Resent' }] });
    expect((await coursesOf(s, groupId))[0]!.status).toBe('published');
  });

  it('a new group gets a unique slug and one draft session', async () => {
    await create(s, [{ title: 'Fresh Group', kind: 'microCourse' }]);
    await updateOk(s, { courseGroups: [{ title: 'Fresh Group', description: 'Made by update' }] });
    const res = await s.api('GET', '/courseGroups/slug/fresh-group-2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Fresh Group',
      description: 'Made by update',
      courseCount: 1,
      status: 'draft',
      kind: 'courseGroup',
    });
    const [session] = await coursesOf(s, res.body.id);
    expect(session).toMatchObject({
      id: res.body.displayCourseId,
      status: 'draft',
      title: 'Fresh Group',
    });
  });

  it('a new asset queues an image upload', async () => {
    const res = await update(s, {
      courseGroups: [{ id: groupId, asset: 'https://cdn.example/new.png' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      backgroundJob: {
        id: expect.any(String),
        type: 'contentBulkUpload',
        status: 'queued',
        contentUploads: [{ topicId: null, contentType: 'image' }],
      },
    });
    expect((await group(s, groupId)).asset).toBe('https://cdn.example/new.png');
  });

  it('duplicate slugs are refused', async () => {
    const other = await create(s, [{ title: 'Taken slug', kind: 'microCourse' }]);
    const taken = (await group(s, other.courseGroupIds[0]!)).slug;
    const res = await expectNoChange(s, () =>
      update(s, { courseGroups: [{ id: groupId, slug: taken }] }),
    );
    expect(res.body).toEqual({ errors: [MESSAGES.duplicateSlug(taken)] });
    const twice = await update(s, {
      courseGroups: [
        { title: 'x', slug: 'same-slug' },
        { title: 'y', slug: 'same-slug' },
      ],
    });
    expect(twice.body).toEqual({ errors: [WRITE_MESSAGES.duplicateSlugInRequest('same-slug')] });
  });
});

describe('courses', () => {
  it('updates supplied fields; null clears custom fields and prerequisites', async () => {
    const pre = await create(s, [{ title: 'Pre', kind: 'microCourse' }]);
    await updateOk(s, {
      courses: [
        {
          id: courseId,
          title: 'Session A',
          priceInCents: 2500,
          freeWithRegistration: true,
          forceLinearProgress: true,
          showProgress: false,
          customFields: { x: 1 },
          prerequisiteCourseIds: pre.courseIds,
        },
      ],
    });
    const [course] = await coursesOf(s, groupId);
    expect(course).toMatchObject({
      title: 'Session A',
      priceInCents: 2500,
      freeWithRegistration: true,
      purchasable: true,
      forceLinearProgress: true,
      showProgress: false,
      customFields: { x: 1 },
      prerequisiteCourseIds: pre.courseIds,
      status: 'published',
    });
    await updateOk(s, {
      courses: [{ id: courseId, customFields: null, prerequisiteCourseIds: null }],
    });
    expect((await coursesOf(s, groupId))[0]).toMatchObject({
      customFields: {},
      prerequisiteCourseIds: [],
    });
  });

  it.each(['draft', 'published', 'archived', 'published'])(
    'status moves to %s; the group follows its display course',
    async (status) => {
      await updateOk(s, { courses: [{ id: courseId, status }] });
      expect((await coursesOf(s, groupId))[0]!.status).toBe(status);
      expect((await group(s, groupId)).status).toBe(status);
    },
  );

  it('a new course joins its group after the existing ones', async () => {
    await updateOk(s, { courses: [{ courseGroupId: groupId, title: 'Autumn', priceInCents: 10 }] });
    const courses = await coursesOf(s, groupId);
    expect(courses.map((x) => [x.title, x.status, x.isDisplayCourse])).toEqual([
      ['Original', 'published', true],
      ['Autumn', 'draft', false],
    ]);
    expect((await group(s, groupId)).courseCount).toBe(2);
  });

  it('a course moves to another group; the display course is reassigned', async () => {
    await updateOk(s, { courses: [{ courseGroupId: groupId, title: 'Second' }] });
    const target = await create(s, [{ title: 'Target', kind: 'courseGroup' }]);
    await updateOk(s, { courses: [{ id: courseId, courseGroupId: target.courseGroupIds[0] }] });
    const source = await group(s, groupId);
    expect(source.courseCount).toBe(1);
    expect(source.displayCourseId).not.toBe(courseId);
    const moved = await coursesOf(s, target.courseGroupIds[0]!);
    expect(moved.map((x) => x.id).sort()).toEqual([target.courseIds[0], courseId].sort());
    expect((await group(s, target.courseGroupIds[0]!)).displayCourseId).toBe(target.courseIds[0]);
  });

  it('the last course of a group cannot move away', async () => {
    const target = await create(s, [{ title: 'Target', kind: 'courseGroup' }]);
    const res = await expectNoChange(s, () =>
      update(s, { courses: [{ id: courseId, courseGroupId: target.courseGroupIds[0] }] }),
    );
    expect(res.body).toEqual({ errors: [WRITE_MESSAGES.lastCourseOfGroup(groupId)] });
  });

  it('unknown prerequisites are refused', async () => {
    const res = await update(s, {
      courses: [{ id: courseId, prerequisiteCourseIds: [randomUUID()] }],
    });
    expect(res.body).toEqual({ errors: [MESSAGES.prerequisiteCoursesNotFound] });
  });
});
