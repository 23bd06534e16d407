// A bulk price change is captured from the courses' session records alone: before it is forwarded
// the console reads each course's group list (and, for a course it has not read yet or that moved to
// another group, its structure to find the group), never the group's record nor a structure it can
// do without. The version's "before" takes the group and the structure from the read after, or from
// a later call of the same gathering, read before that call changed them. On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseVersion, CourseVersionSummary } from '#contract/console/history.ts';
import type { CourseStructure } from '#contract/index.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe.each(ENGINES)('price change capture (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    // The default quiet time: an edit sent right after a price change joins its version.
    h = await startHarness({ engine, env: { LECTERN_HISTORY_QUIET_MS: '1500' } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  const get = async <T>(path: string): Promise<T> => {
    const response = await h.http.get(path, { cookie: admin });
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body as T;
  };
  const structureOf = (courseId: string) =>
    get<CourseStructure>(`/api/v2/courses/${courseId}/structure`);

  /** Courses made on the instance directly: the console has never read them. */
  let n = 0;
  async function createOnInstance(priceInCents: number) {
    const created = await h.sandbox.api('POST', '/content/course/create', {
      courseAttributes: [
        {
          title: `Priced ${++n}`,
          kind: 'courseGroup',
          priceInCents,
          sections: [
            {
              title: 'Old section',
              lessons: [
                {
                  title: 'Lesson',
                  openType: 'open',
                  topics: [{ title: 'Page', type: 'text', body: 'x' }],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const courseId = (created.body as { courseIds: string[] }).courseIds[0]!;
    return { courseId, groupId: (await structureOf(courseId)).courseGroupId };
  }

  /** Sends the prices; returns the history's reads made before the call was forwarded. */
  async function sendPrices(items: { courseId: string; priceInCents: number }[]) {
    const start = h.upstreamRequests.length;
    const response = await h.http.post('/api/v2/content/bulkUpdatePrices', {
      cookie: admin,
      body: { items },
    });
    expect(response.status, response.text).toBe(200);
    const sent = h.upstreamRequests.slice(start);
    const forwarded = sent.findIndex(
      (request) => request.method === 'POST' && request.url.endsWith('/content/bulkUpdatePrices'),
    );
    expect(forwarded).toBeGreaterThanOrEqual(0);
    return sent
      .slice(0, forwarded)
      .filter((request) => request.headers['x-lectern-read'] === 'history')
      .map((request) => `${request.method} ${request.url.replace('/incoming/v2', '')}`)
      .sort();
  }

  async function firstVersion(courseId: string): Promise<CourseVersion> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const page = await get<{ versions: CourseVersionSummary[] }>(
        `/api/history/courses/${courseId}/versions?limit=50`,
      );
      if (page.versions.length > 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return get<CourseVersion>(`/api/history/courses/${courseId}/versions/1`);
  }

  it('reads only the lists (and unseen structures) before forwarding; the version keeps the rest', async () => {
    const a = await createOnInstance(500);
    const b = await createOnInstance(700);
    expect(
      await sendPrices([
        { courseId: a.courseId, priceInCents: 1500 },
        { courseId: b.courseId, priceInCents: 1700 },
      ]),
    ).toEqual(
      [
        `GET /courses/${a.courseId}/structure`,
        `GET /courses/${b.courseId}/structure`,
        `GET /courseGroups/${a.groupId}/courses`,
        `GET /courseGroups/${b.groupId}/courses`,
      ].sort(),
    );
    const version = await firstVersion(a.courseId);
    expect(version.kinds).toEqual(['price']);
    expect(version.before!.course.priceInCents).toBe(500);
    expect(version.after.course.priceInCents).toBe(1500);
    const { priceInCents: _p1, updatedAt: _u1, ...otherBefore } = version.before!.course;
    const { priceInCents: _p2, updatedAt: _u2, ...otherAfter } = version.after.course;
    expect(otherBefore).toEqual(otherAfter);
    expect(version.before!.courseGroup).toEqual(version.after.courseGroup);
    expect(version.before!.structure).toEqual(version.after.structure);
    expect(version.after.structure.sections.map((s) => s.title)).toEqual(['Old section']);

    // Read once, a course's group is known: the next change of its price reads the list alone.
    expect(await sendPrices([{ courseId: a.courseId, priceInCents: 2500 }])).toEqual([
      `GET /courseGroups/${a.groupId}/courses`,
    ]);
    const audit = await get<{ entries: { subjects: unknown[] }[] }>(
      '/api/audit?limit=1&route=bulkUpdatePrices',
    );
    expect(audit.entries[0]!.subjects).toEqual([
      {
        type: 'course',
        id: a.courseId,
        title: 'Priced 1',
        changes: [{ field: 'priceInCents', node: null, before: 1500, after: 2500 }],
      },
    ]);
  });

  it('finds a course moved to another group through its structure again', async () => {
    const a = await createOnInstance(100);
    const b = await createOnInstance(200);
    await sendPrices([{ courseId: a.courseId, priceInCents: 150 }]);
    await firstVersion(a.courseId);
    // Recorded (a's group read after it), then a second session keeps a's group from being emptied
    // and a moves to b's group.
    for (const courses of [
      [{ courseGroupId: a.groupId, title: 'Second session' }],
      [{ id: a.courseId, courseGroupId: b.groupId }],
    ]) {
      const moved = await h.sandbox.api('PUT', '/content/course/update', {
        courseAttributes: { courses },
      });
      expect(moved.status, moved.text).toBe(200);
    }
    expect(await sendPrices([{ courseId: a.courseId, priceInCents: 175 }])).toEqual(
      [
        `GET /courseGroups/${a.groupId}/courses`,
        `GET /courses/${a.courseId}/structure`,
        `GET /courseGroups/${b.groupId}/courses`,
      ].sort(),
    );
    const audit = await get<{ entries: { subjects: unknown[] }[] }>(
      '/api/audit?limit=1&route=bulkUpdatePrices',
    );
    expect(audit.entries[0]!.subjects).toEqual([
      {
        type: 'course',
        id: a.courseId,
        title: `Priced ${n - 1}`,
        changes: [{ field: 'priceInCents', node: null, before: 150, after: 175 }],
      },
    ]);
  });

  it('an edit gathered after a price change: the version starts from the course before both', async () => {
    const c = await createOnInstance(900);
    const sectionId = (await structureOf(c.courseId)).sections[0]!.id;
    await sendPrices([{ courseId: c.courseId, priceInCents: 990 }]);
    const renamed = await h.http.put('/api/v2/content/course/update', {
      cookie: admin,
      body: { courseAttributes: { sections: [{ id: sectionId, title: 'New section' }] } },
    });
    expect(renamed.status, renamed.text).toBe(200);

    const version = await firstVersion(c.courseId);
    expect([...version.kinds].sort()).toEqual(['edit', 'price']);
    expect(version.before!.course.priceInCents).toBe(900);
    expect(version.before!.structure.sections.map((s) => s.title)).toEqual(['Old section']);
    expect(version.after.course.priceInCents).toBe(990);
    expect(version.after.structure.sections.map((s) => s.title)).toEqual(['New section']);
  });
});
