// The demo seed (SANDBOX_SEED=demo) and the empty seed: shape, coverage and determinism, read back
// through the API and checked against the contract's own response schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CourseGroupList,
  CourseStructure,
  CREATE_KINDS,
  LIMITS,
  STATUSES,
  TagPage,
} from '#contract/index.ts';
import { createCompany } from '../../src/sandbox/company.ts';
import { seedDemo } from '../../src/sandbox/seed/index.ts';
import { DEMO_SEED_HOOK_TIMEOUT_MS, startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { walkPages } from './read-helpers.ts';

let demo: TestSandbox;
let groups: Record<string, unknown>[];

beforeAll(async () => {
  demo = await startSandbox({ seed: 'demo' });
  groups = (await walkPages(demo, '/courseGroups?perPage=20', 'courseGroups')).items;
}, DEMO_SEED_HOOK_TIMEOUT_MS);
afterAll(() => demo?.close());

const count = (sql: string, ...params: unknown[]) =>
  (demo.sandbox.db.prepare(sql).get(...params) as { n: number }).n;

describe('demo seed', () => {
  it('has 45+ course groups of every create kind, both event kinds and every status', async () => {
    expect(groups.length).toBeGreaterThanOrEqual(45);
    const kinds = new Set(groups.map((g) => g.kind));
    for (const kind of [...CREATE_KINDS, 'webinar', 'inPersonEvent'])
      expect(kinds, kind).toContain(kind);
    expect(new Set(groups.map((g) => g.status))).toEqual(new Set(STATUSES));
    const list = await demo.api('GET', '/courseGroups?perPage=500');
    expect(CourseGroupList.safeParse(list.body).success).toBe(true);
  });

  it('has templates, archived groups and groups with several sessions', async () => {
    const templates = (await demo.api('GET', '/courseGroups?isTemplate=true')).body.courseGroups;
    expect(templates.length).toBeGreaterThanOrEqual(3);
    const archived = (await demo.api('GET', '/courseGroups?archived=true')).body.courseGroups;
    expect(archived.length).toBeGreaterThanOrEqual(4);
    expect(archived.every((g: { status: string }) => g.status === 'archived')).toBe(true);
    expect(groups.filter((g) => (g.courseCount as number) > 1).length).toBeGreaterThanOrEqual(5);
    const multi = groups.find((g) => g.title === 'Workplace Safety Certification')!;
    const active = await demo.api('GET', `/courseGroups/${multi.id}/courses?activeOnly=true`);
    expect(multi.courseCount).toBe(3);
    expect(active.body.courses).toHaveLength(2); // the past cohort has ended
  });

  it('fills courses with sections, lessons and topics of many types, all within the limits', async () => {
    const typeCount = count('SELECT COUNT(DISTINCT type) AS n FROM topics');
    expect(typeCount).toBeGreaterThanOrEqual(15);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM topics WHERE type = 'text' AND json_extract(fields, '$.body') LIKE '<h2>%'",
      ),
    ).toBeGreaterThan(20);
    const children = demo.sandbox.db
      .prepare(
        `SELECT c.id, (SELECT COUNT(*) FROM sections WHERE course_id = c.id) + (SELECT COUNT(*) FROM lessons WHERE course_id = c.id)
                + (SELECT COUNT(*) FROM topics WHERE course_id = c.id) AS n FROM courses c`,
      )
      .all() as { id: string; n: number }[];
    expect(children.every((c) => c.n > 0 && c.n <= LIMITS.childrenPerCourse)).toBe(true);
    const course = groups.find((g) => g.title === 'Foundations of Customer Success')!;
    const tree = await demo.api('GET', `/courses/${course.displayCourseId}/structure`);
    const parsed = CourseStructure.safeParse(tree.body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(tree.body.sections.length).toBeGreaterThanOrEqual(2);
  });

  it('has 15 tags, ribbons, content types, 3 learning paths with milestones and certificate templates', async () => {
    const tags = await demo.api('GET', '/tags?perPage=100');
    expect(TagPage.safeParse(tags.body).success).toBe(true);
    expect(tags.body.tags).toHaveLength(15);
    const companyId = demo.sandbox.company.id;
    expect(count('SELECT COUNT(*) AS n FROM ribbons WHERE company_id = ?', companyId)).toBe(3);
    const contentTypes = (
      demo.sandbox.db
        .prepare('SELECT slug FROM content_types WHERE company_id = ? ORDER BY slug')
        .all(companyId) as { slug: string }[]
    ).map((r) => r.slug);
    expect(contentTypes).toEqual([
      'article',
      'course',
      'inPersonEvent',
      'microCourse',
      'scorm',
      'video',
      'webinar',
    ]);
    const paths = await demo.api('GET', '/content?types[]=learningPaths');
    expect(paths.body.content).toHaveLength(3);
    for (const sku of ['LP-MGR-101', 'LP-SEC-200', 'LP-SALES-100']) {
      const res = await demo.api('GET', `/learningPathMilestones?learningPathSku=${sku}`);
      expect(res.status).toBe(200);
      expect(res.body.milestones.length).toBeGreaterThanOrEqual(2);
      expect(res.body.milestones.every((m: { courses: unknown[] }) => m.courses.length > 0)).toBe(
        true,
      );
    }
    expect(
      count('SELECT COUNT(*) AS n FROM certificate_templates WHERE company_id = ?', companyId),
    ).toBe(3);
  });

  it('is deterministic: seeding another company gives the same catalog text', async () => {
    const other = createCompany(demo.sandbox.db, 'Twin Co', 'sk_twin_0123456789abcdef0123');
    seedDemo(demo.sandbox.deps, other.id);
    const twin = (
      await walkPages(demo, '/courseGroups?perPage=100', 'courseGroups', other.secretKey)
    ).items;
    const text = (list: Record<string, unknown>[]) =>
      list.map((g) => [g.title, g.slug, g.kind, g.status, g.description, g.authors, g.courseCount]);
    expect(text(twin)).toEqual(text(groups));
    const bodies = (companyId: string) =>
      demo.sandbox.db
        .prepare(
          "SELECT title, type, json_extract(fields, '$.body') AS body FROM topics WHERE company_id = ? ORDER BY seq",
        )
        .all(companyId);
    expect(bodies(other.id)).toEqual(bodies(demo.sandbox.company.id));
  });
});

describe('empty seed', () => {
  it('has only the company configuration and three tags', async () => {
    const empty = await startSandbox({ seed: 'empty' });
    try {
      expect((await empty.api('GET', '/courseGroups')).body.pageInfo.total).toBe(0);
      expect(
        (await empty.api('GET', '/tags')).body.tags.map((t: { name: string }) => t.name),
      ).toEqual(['Onboarding', 'Compliance', 'Leadership']);
      const db = empty.sandbox.db;
      expect((db.prepare('SELECT COUNT(*) AS n FROM ribbons').get() as { n: number }).n).toBe(3);
      expect((db.prepare('SELECT COUNT(*) AS n FROM content_types').get() as { n: number }).n).toBe(
        7,
      );
    } finally {
      await empty.close();
    }
  });
});
