// GET /courseGroups and friends (spec 4.3, 4.4) with every pagination rule of spec 4.5, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Course, CourseGroup, CourseGroupList, LIMITS, READ_MESSAGES } from '#contract/index.ts';
import { COURSES_OF_GROUP } from '../../src/sandbox/storage/catalog-queries.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { idsOf, minimalCourses, walkPages, withCursor } from './read-helpers.ts';
import { create, createCompany, updateOk } from './write-helpers.ts';

let s: TestSandbox;
let courseGroupIds: string[] = [];
let microIds: string[] = [];
let templateIds: string[] = [];
let archivedIds: string[] = [];

beforeAll(async () => {
  s = await startSandbox();
  courseGroupIds = (await create(s, minimalCourses('Course', 60))).courseGroupIds;
  microIds = (await create(s, minimalCourses('Micro', 15, { kind: 'microCourse', topics: [] })))
    .courseGroupIds;
  templateIds = courseGroupIds.slice(0, 3);
  archivedIds = courseGroupIds.slice(10, 14);
  s.sandbox.db
    .prepare(`UPDATE course_groups SET is_template = 1 WHERE id IN (${templateIds.map(() => '?')})`)
    .run(...templateIds);
  await updateOk(s, { courseGroups: archivedIds.map((id) => ({ id, archived: true })) });
});
afterAll(() => s.close());

const allIds = () => [...courseGroupIds, ...microIds];

describe('GET /courseGroups pagination (spec 4.5)', () => {
  it('defaults to 50 per page with total, hasMore and a cursor', async () => {
    const res = await s.api('GET', '/courseGroups');
    expect(res.status).toBe(200);
    expect(res.body.courseGroups).toHaveLength(LIMITS.defaultPerPage);
    expect(CourseGroupList.safeParse(res.body).success).toBe(true);
    expect(res.body.pageInfo).toEqual({
      perPage: 50,
      total: 75,
      hasMore: true,
      cursor: expect.any(String),
    });
  });

  it('walking every page yields every group exactly once, in creation order', async () => {
    const { items, pages } = await walkPages(s, '/courseGroups?perPage=7', 'courseGroups');
    expect(idsOf(items)).toEqual(allIds());
    expect(pages.map((p) => p.perPage)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 5]);
    expect(pages.at(-1)).toEqual({ perPage: 5, total: 75, hasMore: false });
  });

  it('hasMore is false on an exactly full last page, and the cursor is absent', async () => {
    const { pages } = await walkPages(s, '/courseGroups?perPage=25', 'courseGroups');
    expect(pages).toEqual([
      { perPage: 25, total: 75, hasMore: true, cursor: expect.any(String) },
      { perPage: 25, total: 75, hasMore: true, cursor: expect.any(String) },
      { perPage: 25, total: 75, hasMore: false },
    ]);
  });

  it('a page as large as the list has no cursor', async () => {
    const res = await s.api('GET', '/courseGroups?perPage=500');
    expect(res.body.pageInfo).toEqual({ perPage: 75, total: 75, hasMore: false });
  });

  it('rejects bad perPage values', async () => {
    for (const [value, message] of [
      ['0', 'perPage: perPage must be at least 1'],
      [String(LIMITS.maxPerPage + 1), `perPage: perPage must be at most ${LIMITS.maxPerPage}`],
      ['abc', 'perPage: perPage must be an integer'],
      ['2.5', 'perPage: perPage must be an integer'],
    ]) {
      const res = await s.api('GET', `/courseGroups?perPage=${value}`);
      expect(res.status, value).toBe(400);
      expect(res.body).toEqual({ errors: [message] });
    }
  });

  it('rejects garbled, forged and truncated cursors with 400', async () => {
    const first = await s.api('GET', '/courseGroups?perPage=5');
    const cursor = first.body.pageInfo.cursor as string;
    const [payload, signature] = cursor.split('.') as [string, string];
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), k: [1] }),
    ).toString('base64url');
    for (const bad of [
      'garbage',
      `${forgedPayload}.${signature}`,
      payload,
      `${cursor}x`,
      `${cursor}.x`,
    ]) {
      const res = await s.api('GET', withCursor('/courseGroups?perPage=5', bad));
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ errors: [READ_MESSAGES.invalidCursor] });
    }
  });

  it('later inserts do not shift a walk in progress: they appear at its end', async () => {
    const first = await s.api('GET', '/courseGroups?perPage=40');
    const added = await create(s, minimalCourses('Late', 1));
    const second = await s.api(
      'GET',
      withCursor('/courseGroups?perPage=40', first.body.pageInfo.cursor),
    );
    expect(idsOf([...first.body.courseGroups, ...second.body.courseGroups])).toEqual([
      ...allIds(),
      added.courseGroupIds[0],
    ]);
    expect(second.body.pageInfo).toEqual({ perPage: 36, total: 76, hasMore: false });
    await updateOk(s, { courseGroups: [{ id: added.courseGroupIds[0], archived: true }] });
    archivedIds.push(added.courseGroupIds[0]!);
    courseGroupIds.push(added.courseGroupIds[0]!);
  });
});

describe('GET /courseGroups filters', () => {
  it('kind filters, and its cursor only works with the same filters', async () => {
    const { items } = await walkPages(
      s,
      '/courseGroups?kind=microCourse&perPage=4',
      'courseGroups',
    );
    expect(idsOf(items)).toEqual(microIds);
    expect(items.every((g) => g.kind === 'microCourse')).toBe(true);

    const page = await s.api('GET', '/courseGroups?kind=microCourse&perPage=4');
    const cursor = page.body.pageInfo.cursor as string;
    for (const path of [
      '/courseGroups',
      '/courseGroups?kind=courseGroup',
      '/courseGroups?kind=microCourse&archived=false',
    ]) {
      const res = await s.api('GET', withCursor(path, cursor));
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ errors: [READ_MESSAGES.cursorFiltersChanged] });
    }
    // perPage is not a filter: changing it mid-walk is allowed.
    const next = await s.api(
      'GET',
      withCursor('/courseGroups?kind=microCourse&perPage=20', cursor),
    );
    expect(idsOf(next.body.courseGroups)).toEqual(microIds.slice(4));
  });

  it('isTemplate=true lists only templates; false only the others', async () => {
    const templates = await walkPages(s, '/courseGroups?isTemplate=true', 'courseGroups');
    expect(idsOf(templates.items)).toEqual(templateIds);
    expect(templates.items.every((g) => g.isTemplate === true)).toBe(true);
    const others = await s.api('GET', '/courseGroups?isTemplate=false&perPage=500');
    expect(others.body.pageInfo.total).toBe(76 - templateIds.length);
  });

  it('archived=true lists only archived groups, whose status is archived', async () => {
    const { items } = await walkPages(s, '/courseGroups?archived=true&perPage=2', 'courseGroups');
    expect(idsOf(items)).toEqual(archivedIds);
    expect(items.every((g) => g.status === 'archived')).toBe(true);
  });

  it('filters combine', async () => {
    const res = await s.api(
      'GET',
      '/courseGroups?kind=courseGroup&isTemplate=false&archived=false&perPage=500',
    );
    expect(res.body.pageInfo.total).toBe(
      courseGroupIds.length - templateIds.length - archivedIds.length,
    );
  });

  it('rejects unknown filter values', async () => {
    const bad = await s.api('GET', '/courseGroups?isTemplate=yes');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: ["isTemplate: must be 'true' or 'false'"] });
    const kind = await s.api('GET', '/courseGroups?kind=podcast');
    expect(kind.status).toBe(400);
    expect(kind.body.errors[0]).toMatch(/^kind: /);
  });
});

describe('one course group', () => {
  it('GET /courseGroups/{id} and /courseGroups/slug/{slug} return the same group', async () => {
    const id = courseGroupIds[5]!;
    const byId = await s.api('GET', `/courseGroups/${id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id,
      title: 'Course 6',
      kind: 'courseGroup',
      courseCount: 1,
      archived: false,
    });
    const bySlug = await s.api('GET', `/courseGroups/slug/${byId.body.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual(byId.body);
    expect(CourseGroup.safeParse(byId.body).success).toBe(true);
  });

  it('list items carry exactly the fields of spec 2.7', async () => {
    const res = await s.api('GET', '/courseGroups?perPage=1');
    expect(Object.keys(res.body.courseGroups[0]).sort()).toEqual(
      [
        'id',
        'title',
        'slug',
        'kind',
        'status',
        'isTemplate',
        'language',
        'contentType',
        'authors',
        'source',
        'description',
        'displayCourseId',
        'courseCount',
      ].sort(),
    );
  });

  it('unknown ids and slugs are 404 with errors; bad UUIDs are 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await s.api('GET', `/courseGroups/${missing}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: [READ_MESSAGES.notFound('Course group', missing)] });
    const slug = await s.api('GET', '/courseGroups/slug/no-such-slug');
    expect(slug.status).toBe(404);
    expect(slug.body).toEqual({
      errors: [READ_MESSAGES.notFound('Course group with slug', 'no-such-slug')],
    });
    for (const path of [
      '/courseGroups/not-a-uuid',
      '/courseGroups/not-a-uuid/courses',
      '/courseGroups/123/displayCourse',
    ]) {
      const bad = await s.api('GET', path);
      expect(bad.status, path).toBe(400);
      expect(bad.body).toEqual({ errors: ['id: Invalid UUID'] });
    }
  });
});

describe('courses of a group', () => {
  let groupId: string;
  let ids: string[];
  beforeAll(async () => {
    groupId = courseGroupIds[20]!;
    const now = Date.now();
    await updateOk(s, {
      courses: [
        { courseGroupId: groupId, title: 'Second session' },
        { courseGroupId: groupId, title: 'Archived session', status: 'archived' },
        { courseGroupId: groupId, title: 'Ended session' },
      ],
    });
    ids = idsOf((await s.api('GET', `/courseGroups/${groupId}/courses`)).body.courses);
    s.sandbox.db
      .prepare('UPDATE courses SET course_end_date = ? WHERE id = ?')
      .run(new Date(now - 86_400_000).toISOString(), ids[3]);
    s.sandbox.db
      .prepare('UPDATE courses SET course_end_date = ? WHERE id = ?')
      .run(new Date(now + 86_400_000).toISOString(), ids[1]);
  });

  it('lists every session in creation order; activeOnly drops archived and ended ones', async () => {
    const all = await s.api('GET', `/courseGroups/${groupId}/courses`);
    expect(all.body.courses.map((c: { title: string }) => c.title)).toEqual([
      'Course 21',
      'Second session',
      'Archived session',
      'Ended session',
    ]);
    const active = await s.api('GET', `/courseGroups/${groupId}/courses?activeOnly=true`);
    expect(idsOf(active.body.courses)).toEqual([ids[0], ids[1]]);
    const explicit = await s.api('GET', `/courseGroups/${groupId}/courses?activeOnly=false`);
    expect(explicit.body.courses).toHaveLength(4);
    const group = await s.api('GET', `/courseGroups/${groupId}`);
    expect(group.body.courseCount).toBe(4);
  });

  it("reads a group's courses through the group's index, not every course of the company", () => {
    const company = s.sandbox.company.id;
    const plan = s.sandbox.db
      .prepare<[string, string], { detail: string }>(`EXPLAIN QUERY PLAN ${COURSES_OF_GROUP}`)
      .all(company, groupId)
      .map((row) => row.detail);
    expect(plan[0]).toBe('SEARCH c USING INDEX courses_group (course_group_id=?)');
    expect(s.sandbox.db.prepare(COURSES_OF_GROUP).all(company, groupId)).toHaveLength(4);
  });

  it('displayCourse is the first session, flagged isDisplayCourse', async () => {
    const res = await s.api('GET', `/courseGroups/${groupId}/displayCourse`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids[0], courseGroupId: groupId, isDisplayCourse: true });
    expect(Course.safeParse(res.body).success).toBe(true);
    const others = (await s.api('GET', `/courseGroups/${groupId}/courses`)).body.courses;
    expect(others.map((c: { isDisplayCourse: boolean }) => c.isDisplayCourse)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('company isolation', () => {
  it("another company sees none of these groups, and cannot use this company's cursors", async () => {
    const other = await createCompany(s, 'Isolated Co');
    const list = await s.api('GET', '/courseGroups', undefined, other.secretKey);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      pageInfo: { perPage: 0, total: 0, hasMore: false },
      courseGroups: [],
    });
    const id = courseGroupIds[0]!;
    for (const path of [
      `/courseGroups/${id}`,
      `/courseGroups/${id}/courses`,
      `/courseGroups/${id}/displayCourse`,
    ]) {
      const res = await s.api('GET', path, undefined, other.secretKey);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ errors: [READ_MESSAGES.notFound('Course group', id)] });
    }
    const ours = await s.api('GET', '/courseGroups?perPage=5');
    const theirs = await s.api(
      'GET',
      withCursor('/courseGroups?perPage=5', ours.body.pageInfo.cursor),
      undefined,
      other.secretKey,
    );
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual({ errors: [READ_MESSAGES.cursorFiltersChanged] });
  });

  it('the list needs authentication', async () => {
    const res = await s.api('GET', '/courseGroups', undefined, null);
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
  });
});
