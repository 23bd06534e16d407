// Content search, item bodies, full content, tags, users and learning path milestones (spec 4.4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContentSearchPage,
  FullContent,
  LearningPathMilestones,
  READ_MESSAGES,
} from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { idsOf, walkPages, withCursor } from './read-helpers.ts';
import { create, createCompany, createTag } from './write-helpers.ts';

let s: TestSandbox;
let groupIds: string[];
let courseIds: string[];
let pathId: string;

/** Learning paths have no write endpoint: tests insert them like the seed does. */
function insertLearningPath(
  title: string,
  sku: string,
  milestones: { title: string; courses: string[] }[],
) {
  const id = randomUUID();
  const at = new Date().toISOString();
  s.sandbox.db
    .prepare(
      `INSERT INTO learning_paths (id, company_id, title, slug, sku, status, description, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'published', ?, ?, ?)`,
    )
    .run(
      id,
      s.sandbox.company.id,
      title,
      title.toLowerCase().replace(/\W+/g, '-'),
      sku,
      `${title} description`,
      at,
      at,
    );
  milestones.forEach((m, order) => {
    const milestoneId = randomUUID();
    s.sandbox.db
      .prepare(
        'INSERT INTO learning_path_milestones (id, learning_path_id, title, display_order) VALUES (?, ?, ?, ?)',
      )
      .run(milestoneId, id, m.title, order);
    m.courses.forEach((courseId, c) =>
      s.sandbox.db
        .prepare(
          'INSERT INTO learning_path_milestone_courses (milestone_id, course_id, display_order) VALUES (?, ?, ?)',
        )
        .run(milestoneId, courseId, c),
    );
  });
  return id;
}

beforeAll(async () => {
  s = await startSandbox();
  const created = await create(s, [
    {
      title: 'Zebra Basics',
      kind: 'courseGroup',
      description: 'All about stripes',
      sku: 'ZB-100',
      priceInCents: 4900,
    },
    {
      title: 'alpha Course',
      kind: 'microCourse',
      description: 'Learn ZEBRA crossings',
      topics: [],
    },
    { title: 'Middle Matters', kind: 'article', description: 'Plain 100%_literal text' },
  ]);
  groupIds = created.courseGroupIds;
  courseIds = created.courseIds;
  pathId = insertLearningPath('Beta Path', 'LP-1', [
    { title: 'First', courses: [courseIds[0]!, courseIds[1]!] },
    { title: 'Empty milestone', courses: [] },
  ]);
});
afterAll(() => s.close());

describe('GET /content', () => {
  it('searches course groups, courses and learning paths by default', async () => {
    const { items } = await walkPages(s, '/content?perPage=2', 'content');
    expect(items.map((i) => `${i.type}:${i.title}`)).toEqual([
      'courseGroups:Zebra Basics',
      'courseGroups:alpha Course',
      'courseGroups:Middle Matters',
      'courses:Zebra Basics',
      'courses:alpha Course',
      'courses:Middle Matters',
      'learningPaths:Beta Path',
    ]);
    expect(items[3]).toEqual({
      id: courseIds[0],
      type: 'courses',
      title: 'Zebra Basics',
      slug: 'zebra-basics',
      status: 'draft',
      kind: 'courseGroup',
      updatedAt: expect.any(String),
      sku: 'ZB-100',
      priceInCents: 4900,
    });
    // Course groups carry neither; learning paths their SKU.
    expect(items[0]).toMatchObject({ type: 'courseGroups', sku: null, priceInCents: null });
    expect(items[6]).toMatchObject({ type: 'learningPaths', sku: 'LP-1', priceInCents: null });
    const page = await s.api('GET', '/content?perPage=3');
    expect(ContentSearchPage.safeParse(page.body).success).toBe(true);
  });

  it('types[] narrows; types without items in the sandbox return none', async () => {
    const groups = await s.api('GET', '/content?types[]=courseGroups&types[]=learningPaths');
    expect(groups.body.content.map((i: { type: string }) => i.type)).toEqual([
      'courseGroups',
      'courseGroups',
      'courseGroups',
      'learningPaths',
    ]);
    const single = await s.api('GET', '/content?types[]=learningPaths');
    expect(idsOf(single.body.content)).toEqual([pathId]);
    const bundles = await s.api('GET', '/content?types[]=bundles&types[]=products');
    expect(bundles.body).toEqual({
      pageInfo: { perPage: 0, total: 0, hasMore: false },
      content: [],
    });
    const bad = await s.api('GET', '/content?types[]=widgets');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^types\[\]/);
  });

  it('query is a case-insensitive substring of title, slug or description', async () => {
    const zebra = await s.api('GET', '/content?query=zEbRa&types[]=courseGroups');
    expect(zebra.body.content.map((i: { title: string }) => i.title)).toEqual([
      'Zebra Basics',
      'alpha Course',
    ]);
    const bySlug = await s.api('GET', '/content?query=middle-matters');
    expect(bySlug.body.pageInfo.total).toBe(2);
    // LIKE wildcards in the query are literal characters.
    const literal = await s.api('GET', '/content?query=100%25_lit');
    expect(literal.body.pageInfo.total).toBe(2);
    const wildcard = await s.api('GET', '/content?query=%25');
    expect(wildcard.body.pageInfo.total).toBe(2);
    // And the SKU of a course or a learning path (the price grid finds courses by SKU).
    const bySku = await s.api('GET', '/content?query=zb-1&types[]=courses');
    expect(idsOf(bySku.body.content)).toEqual([courseIds[0]]);
    const pathBySku = await s.api('GET', '/content?query=LP-1');
    expect(idsOf(pathBySku.body.content)).toEqual([pathId]);
  });

  it('sort by title either way, walking pages across the three tables', async () => {
    const asc = await walkPages(s, '/content?sort=title&perPage=3', 'content');
    const titles = asc.items.map((i) => `${i.title}/${i.type}`);
    expect(titles).toEqual([
      'alpha Course/courseGroups',
      'alpha Course/courses',
      'Beta Path/learningPaths',
      'Middle Matters/courseGroups',
      'Middle Matters/courses',
      'Zebra Basics/courseGroups',
      'Zebra Basics/courses',
    ]);
    const desc = await walkPages(s, '/content?sort=-title&perPage=2', 'content');
    expect(desc.items.map((i) => `${i.title}/${i.type}`)).toEqual([...titles].reverse());
    const updated = await walkPages(s, '/content?sort=-updatedAt&perPage=2', 'content');
    const stamps = updated.items.map((i) => i.updatedAt as string);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('a cursor belongs to its query and sort', async () => {
    const page = await s.api('GET', '/content?sort=title&perPage=2');
    for (const path of [
      '/content?sort=-title&perPage=2',
      '/content?query=a&sort=title&perPage=2',
    ]) {
      const res = await s.api('GET', withCursor(path, page.body.pageInfo.cursor));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [READ_MESSAGES.cursorFiltersChanged] });
    }
  });
});

describe('GET /content/{type}/{id}', () => {
  it('returns id, title, slug and body', async () => {
    expect((await s.api('GET', `/content/courseGroups/${groupIds[0]}`)).body).toEqual({
      id: groupIds[0],
      title: 'Zebra Basics',
      slug: 'zebra-basics',
      body: 'All about stripes',
    });
    // A course's body is its group's description.
    expect((await s.api('GET', `/content/courses/${courseIds[1]}`)).body).toEqual({
      id: courseIds[1],
      title: 'alpha Course',
      slug: 'alpha-course',
      body: 'Learn ZEBRA crossings',
    });
    expect((await s.api('GET', `/content/learningPaths/${pathId}`)).body).toEqual({
      id: pathId,
      title: 'Beta Path',
      slug: 'beta-path',
      body: 'Beta Path description',
    });
  });

  it('404 for unknown ids, other types and other companies; 400 for unknown types', async () => {
    const id = groupIds[0]!;
    const wrongType = await s.api('GET', `/content/courses/${id}`);
    expect(wrongType.status).toBe(404);
    expect(wrongType.body).toEqual({ errors: [READ_MESSAGES.notFound('Course', id)] });
    const bundle = await s.api('GET', `/content/bundles/${id}`);
    expect(bundle.status).toBe(404);
    expect(bundle.body).toEqual({ errors: [READ_MESSAGES.contentTypeHasNoItems('bundles')] });
    const unknown = await s.api('GET', `/content/widgets/${id}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatch(/^type: /);
    const other = await createCompany(s, 'Content Rival');
    const foreign = await s.api('GET', `/content/courseGroups/${id}`, undefined, other.secretKey);
    expect(foreign.status).toBe(404);
  });
});

describe('GET /fullContent/{type}/{id}', () => {
  it('a course: the course, its group and its structure', async () => {
    const res = await s.api('GET', `/fullContent/courses/${courseIds[0]}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      type: 'courses',
      id: courseIds[0],
      course: { id: courseIds[0], courseGroupId: groupIds[0] },
      courseGroup: { id: groupIds[0], title: 'Zebra Basics' },
      structure: { courseId: courseIds[0], sections: [] },
    });
    expect(FullContent.safeParse(res.body).success).toBe(true);
  });

  it('a learning path: the path and its milestones with courses', async () => {
    const res = await s.api('GET', `/fullContent/learningPaths/${pathId}`);
    expect(res.status).toBe(200);
    expect(res.body.learningPath).toMatchObject({ id: pathId, sku: 'LP-1' });
    expect(res.body.milestones.map((m: { courses: unknown[] }) => m.courses.length)).toEqual([
      2, 0,
    ]);
  });

  it('other types are 400', async () => {
    const res = await s.api('GET', `/fullContent/courseGroups/${groupIds[0]}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatch(/^type: /);
  });
});

describe('GET /learningPathMilestones', () => {
  it('by id and by SKU give the same milestones, in order, with their courses', async () => {
    const byId = await s.api('GET', `/learningPathMilestones?learningPathId=${pathId}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({
      learningPath: {
        id: pathId,
        title: 'Beta Path',
        slug: 'beta-path',
        sku: 'LP-1',
        status: 'published',
        description: 'Beta Path description',
      },
      milestones: [
        {
          id: expect.any(String),
          title: 'First',
          displayOrder: 0,
          courses: [
            { id: courseIds[0], title: 'Zebra Basics', status: 'draft' },
            { id: courseIds[1], title: 'alpha Course', status: 'draft' },
          ],
        },
        { id: expect.any(String), title: 'Empty milestone', displayOrder: 1, courses: [] },
      ],
    });
    expect((await s.api('GET', '/learningPathMilestones?learningPathSku=LP-1')).body).toEqual(
      byId.body,
    );
    expect(LearningPathMilestones.safeParse(byId.body).success).toBe(true);
  });

  it('400 without a selector or with a bad id; 404 for unknown paths', async () => {
    const none = await s.api('GET', '/learningPathMilestones');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ errors: [READ_MESSAGES.learningPathSelectorRequired] });
    const bad = await s.api('GET', '/learningPathMilestones?learningPathId=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: ['learningPathId: Invalid UUID'] });
    const missing = randomUUID();
    const unknown = await s.api('GET', `/learningPathMilestones?learningPathId=${missing}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: [READ_MESSAGES.notFound('Learning path', missing)] });
    const sku = await s.api('GET', '/learningPathMilestones?learningPathSku=LP-404');
    expect(sku.status).toBe(404);
    expect(sku.body).toEqual({ errors: [READ_MESSAGES.learningPathSkuNotFound('LP-404')] });
  });
});

describe('GET /tags and GET /users', () => {
  it('tags are listed in creation order, paginated', async () => {
    const added = [await createTag(s, 'Tag A'), await createTag(s, 'Tag B')];
    const { items, pages } = await walkPages(s, '/tags?perPage=2', 'tags');
    expect(items.map((t) => t.name)).toEqual([
      'Onboarding',
      'Compliance',
      'Leadership',
      'Tag A',
      'Tag B',
    ]);
    expect(idsOf(items).slice(3)).toEqual(added);
    expect(pages).toHaveLength(3);
  });

  it('users are listed without any password material', async () => {
    for (const n of [1, 2, 3])
      expect(
        (
          await s.raw(
            'POST',
            '/sandbox/users',
            {
              email: `learner${n}@example.test`,
              password: 'correct horse battery',
              firstName: `L${n}`,
              lastName: 'Doe',
            },
            { authorization: `Bearer ${s.secretKey}` },
          )
        ).status,
      ).toBe(201);
    const { items } = await walkPages(s, '/users?perPage=2', 'users');
    expect(items.map((u) => u.email)).toEqual([
      'learner1@example.test',
      'learner2@example.test',
      'learner3@example.test',
    ]);
    for (const user of items)
      expect(Object.keys(user).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'id',
        'lastName',
      ]);
    const raw = await s.api('GET', '/users');
    expect(raw.text).not.toMatch(/scrypt|password/i);
  });
});
