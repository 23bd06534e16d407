// What the console server captures from content-changing calls, over real HTTP against the sandbox:
// one version per editor apply (its several calls gathered), versions for prices, statuses, archive,
// criteria and translations, audit subjects with old -> new values, and the restore round trip
// (edit, apply, restore the first version through the compiler: the structure equals the first version,
// new ids aside). On both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryJournal,
  allNodes,
  applyBindings,
  compileCreate,
  compileUpdate,
  draftFromBaseline,
  executePlan,
  moveNode,
  renameNode,
  restoreTarget,
  sequentialIds,
  type Baseline,
  type CourseGroupDraft,
  type Transport,
} from '#compiler/index.ts';
import { gridDraft } from '#compiler/test-drafts.ts';
import type { CourseVersionSummary } from '#contract/console/history.ts';
import type { Course, CourseGroup, CourseStructure } from '#contract/index.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe.each(ENGINES)('course history capture (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let transport: Transport;
  beforeAll(async () => {
    h = await startHarness({ engine, env: { LECTERN_HISTORY_QUIET_MS: '150' } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    transport = {
      async send(request) {
        const response = await h.http.send(request.method, `/api/v2${request.path}`, {
          cookie: admin,
          ...(request.body !== undefined && { body: request.body }),
        });
        return {
          status: response.status,
          body: response.body ?? response.text,
          retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
        };
      },
      readStructure: async (courseId) => (await baseline(courseId)).structure,
      findCreated: () => Promise.resolve('unknown'),
    };
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  const api = async <T>(path: string): Promise<T> => {
    const response = await h.http.get(path, { cookie: admin });
    expect(response.status, `${path}: ${response.text}`).toBe(200);
    return response.body as T;
  };
  async function baseline(courseId: string): Promise<Baseline> {
    const structure = await api<CourseStructure>(`/api/v2/courses/${courseId}/structure`);
    const group = await api<CourseGroup>(`/api/v2/courseGroups/${structure.courseGroupId}`);
    const { courses } = await api<{ courses: Course[] }>(
      `/api/v2/courseGroups/${structure.courseGroupId}/courses`,
    );
    return { courseGroup: group, course: courses.find((c) => c.id === courseId)!, structure };
  }
  /** The course's versions, newest first, once there are `count`. */
  async function versions(
    courseId: string,
    count: number,
    timeoutMs = 10_000,
  ): Promise<CourseVersionSummary[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await api<{ versions: CourseVersionSummary[] }>(
        `/api/history/courses/${courseId}/versions?limit=50`,
      );
      if (page.versions.length >= count || Date.now() > deadline) return page.versions;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const lastAudit = async (operation: string) =>
    (
      await api<{ entries: { summary: string; subjects: unknown[] }[] }>(
        `/api/audit?limit=1&route=${operation}`,
      )
    ).entries[0]!;

  let n = 0;
  async function createCourse(title = `History ${++n}`) {
    const draft = { ...gridDraft(2, 2, 2, sequentialIds(`h${n}_`)) };
    const titled = { ...draft, attributes: { ...draft.attributes, title } } as CourseGroupDraft;
    const { plan } = compileCreate([titled]);
    const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(result.outcome).toBe('completed');
    const courseId = applyBindings(titled, result.bindings).serverIds!.courseId!;
    // Calls that follow closely are one version: the next change waits for the create's.
    await versions(courseId, 1);
    return courseId;
  }

  async function apply(courseId: string, edit: (draft: CourseGroupDraft) => CourseGroupDraft) {
    const current = await baseline(courseId);
    const draft = draftFromBaseline(current, sequentialIds(`e${++n}_`)) as CourseGroupDraft;
    const { plan } = compileUpdate(current, edit(draft));
    const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(result.outcome).toBe('completed');
  }

  it('keeps one version per apply: the create, then an edit with its move and rename', async () => {
    const courseId = await createCourse();
    const [created] = await versions(courseId, 1);
    expect(created).toMatchObject({
      number: 1,
      kinds: ['create'],
      userEmail: 'admin@lectern.test',
      counts: { sections: 2, lessons: 4, topics: 8, added: 14 },
    });
    await apply(courseId, (draft) => {
      const nodes = allNodes(draft);
      const lesson = nodes.find((node) => node.title === 'S0L0')!;
      const topic = nodes.find((node) => node.title === 'S0L0T0')!;
      const target = nodes.find((node) => node.title === 'S1L1')!;
      let next = renameNode(draft, lesson.clientId, 'Welcome');
      next = moveNode(next, topic.clientId, { parentId: target.clientId, index: 0 });
      return next;
    });
    const [edited] = await versions(courseId, 2);
    expect(edited).toMatchObject({ number: 2, kinds: ['edit'], drift: false });
    expect(edited!.counts).toMatchObject({ renamed: 1, moved: 1, added: 0, removed: 0 });
    const compared = await api<{ diff: { nodes: unknown[] } }>(
      `/api/history/courses/${courseId}/compare?from=1&to=2`,
    );
    expect(compared.diff.nodes).toEqual([
      expect.objectContaining({ kind: 'lesson', renamedFrom: 'S0L0', title: 'Welcome' }),
      expect.objectContaining({
        kind: 'topic',
        title: 'S0L0T0',
        movedFrom: expect.objectContaining({ kind: 'lesson', title: 'S0L0' }),
        movedTo: expect.objectContaining({ title: 'S1L1' }),
      }),
    ]);
    const rename = await lastAudit('updateCourses');
    expect(rename.subjects).toContainEqual({
      type: 'course',
      id: courseId,
      title: expect.any(String),
      changes: [
        {
          field: 'title',
          node: { kind: 'lesson', title: 'S0L0' },
          before: 'S0L0',
          after: 'Welcome',
        },
      ],
    });
  });

  it('names each course of a bulk price change with its old and new price', async () => {
    const ids = [
      await createCourse('Price A'),
      await createCourse('Price B'),
      await createCourse('Price C'),
    ];
    const response = await h.http.post('/api/v2/content/bulkUpdatePrices', {
      cookie: admin,
      body: { items: ids.map((courseId, i) => ({ courseId, priceInCents: 1000 + i })) },
    });
    expect(response.status).toBe(200);
    const entry = await lastAudit('bulkUpdatePrices');
    expect(entry.subjects).toEqual(
      ids.map((id, i) => ({
        type: 'course',
        id,
        title: `Price ${'ABC'[i]}`,
        changes: [{ field: 'priceInCents', node: null, before: 0, after: 1000 + i }],
      })),
    );
    for (const id of ids) expect((await versions(id, 2))[0]).toMatchObject({ kinds: ['price'] });
  });

  it('records publishing and archiving with the status and archive state before and after', async () => {
    const courseId = await createCourse('Published');
    const release = await h.http.put(`/api/v2/content/${courseId}/releaseContent`, {
      cookie: admin,
      body: { kind: 'course', action: 'release' },
    });
    expect(release.status).toBe(200);
    expect((await lastAudit('releaseContent')).subjects).toEqual([
      {
        type: 'course',
        id: courseId,
        title: 'Published',
        changes: [{ field: 'status', node: null, before: 'draft', after: 'published' }],
      },
    ]);
    const [published] = await versions(courseId, 2);
    expect(published).toMatchObject({ number: 2, kinds: ['status'], status: 'published' });
    const groupId = (await baseline(courseId)).courseGroup.id;
    const archive = await h.http.put('/api/v2/content/course/update', {
      cookie: admin,
      body: { courseAttributes: { courseGroups: [{ id: groupId, archived: true }] } },
    });
    expect(archive.status).toBe(200);
    expect((await lastAudit('updateCourses')).subjects).toContainEqual({
      type: 'courseGroup',
      id: groupId,
      title: 'Published',
      changes: [{ field: 'archived', node: null, before: false, after: true }],
    });
    expect((await versions(courseId, 3))[0]).toMatchObject({ kinds: ['archive'] });
    const lastPublished = (await versions(courseId, 3)).find((v) => v.status === 'published');
    expect(await h.server.deps.history.latestPublished(courseId)).toEqual(lastPublished);
    expect(lastPublished!.number).toBeGreaterThanOrEqual(2);
  });

  it('records a translation upload: course, language, units and how many changed', async () => {
    const courseId = await createCourse('Translated');
    const xlf = await h.http.get(`/api/v2/content/courses/${courseId}.xlf`, { cookie: admin });
    expect(xlf.status).toBe(200);
    const translated = xlf.text
      .replace('<file ', '<file target-language="fr" ')
      .replace(/<source>([^<]*)<\/source>/g, '<source>$1</source><target>fr $1</target>');
    const upload = await h.http.send('PUT', `/api/v2/content/courses/${courseId}.xlf`, {
      cookie: admin,
      headers: { 'content-type': 'text/xml' },
      rawBody: translated,
    });
    expect(upload.status, upload.text).toBe(200);
    const units = (xlf.text.match(/<trans-unit /g) ?? []).length;
    const entry = await lastAudit('uploadTranslation');
    expect(entry.summary).toBe(`upload translation (fr): ${units} units, ${units} changed`);
    expect(entry.subjects).toEqual([
      {
        type: 'course',
        id: courseId,
        title: 'Translated',
        changes: [
          { field: 'translation', node: null, after: { language: 'fr', units, changed: units } },
        ],
      },
    ]);
    expect((await versions(courseId, 2))[0]).toMatchObject({
      kinds: ['translation'],
      translation: { language: 'fr', units, changed: units },
    });
  });

  it("waits for one course's upload job without holding back another course's version", async () => {
    const slow = await createCourse('Slow upload');
    const quick = await createCourse('Quick rename');
    const group = (await baseline(slow)).courseGroup;
    // Each phase of a job (queued, processing) lasts 3 s: the upload's job ends some 6 s from now.
    await h.sandboxSettings({ jobDelayMs: 3000 });
    try {
      const upload = await h.http.send('PUT', '/api/v2/content/course/update', {
        cookie: admin,
        body: {
          courseAttributes: {
            courseGroups: [{ id: group.id, asset: 'https://images.lectern.invalid/slow.png' }],
          },
        },
      });
      expect(upload.status, upload.text).toBe(200);
      const job = (upload.body as { backgroundJob: { id: string } }).backgroundJob.id;
      const renamed = await h.http.send('PUT', '/api/v2/content/course/update', {
        cookie: admin,
        body: { courseAttributes: { courses: [{ id: quick, title: 'Quick rename, renamed' }] } },
      });
      expect(renamed.status, renamed.text).toBe(200);

      const [quickVersion] = await versions(quick, 2);
      expect(quickVersion).toMatchObject({ number: 2, kinds: ['edit'] });
      // Recorded while the other course's job still runs, and that course is not recorded yet.
      const running = await api<{ status: string }>(`/api/v2/jobs/${job}`);
      expect(['queued', 'processing']).toContain(running.status);
      expect(await versions(slow, 2, 0)).toHaveLength(1);

      const [slowVersion] = await versions(slow, 2, 20_000);
      expect(slowVersion).toMatchObject({ number: 2 });
      const ended = await api<{ status: string }>(`/api/v2/jobs/${job}`);
      expect(['completed', 'failed']).toContain(ended.status);
    } finally {
      await h.sandboxSettings({ jobDelayMs: 50 });
    }
  });

  it('restores the first version: the structure equals it again, new ids aside', async () => {
    const courseId = await createCourse('Restored');
    await versions(courseId, 1);
    const first = (await h.server.deps.history.state(courseId, 1))!;
    // Moves the API can take back exactly: a last child goes elsewhere, and returns last.
    await apply(courseId, (draft) => {
      const nodes = allNodes(draft);
      const id = (title: string) => nodes.find((node) => node.title === title)!.clientId;
      let next = renameNode(draft, id('S1'), 'Later');
      next = moveNode(next, id('S1L1'), { parentId: id('S0'), index: 2 });
      return moveNode(next, id('S0L1T1'), { parentId: id('S1L0'), index: 2 });
    });
    await versions(courseId, 2);
    const current = await baseline(courseId);
    const { draft, notes } = restoreTarget(first as Baseline, current, sequentialIds('r'));
    expect(notes.filter((note) => note.kind !== 'order')).toEqual([]);
    const { plan } = compileUpdate(current, draft);
    const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(result.outcome).toBe('completed');
    const restored = (await baseline(courseId)).structure;
    const outline = (structure: CourseStructure) =>
      structure.sections.map((section) => ({
        title: section.title,
        lessons: section.lessons.map((lesson) => ({
          title: lesson.title,
          topics: lesson.topics.map((topic) => ({ title: topic.title, type: topic.type })),
        })),
      }));
    expect(outline(restored)).toEqual(outline(first.structure));
    const kept = (structure: CourseStructure) =>
      allIds(structure).filter((id) => allIds(first.structure).includes(id));
    // Every node keeps its id (only a node deleted outside the API would come back as new).
    expect(kept(restored)).toEqual(allIds(first.structure));
    const [latest] = await versions(courseId, 3);
    expect(latest).toMatchObject({ number: 3, kinds: ['edit'] });
    const back = await api<{ diff: { nodes: unknown[]; course: unknown[] } }>(
      `/api/history/courses/${courseId}/compare?from=1&to=3`,
    );
    expect(back.diff.course).toEqual([]);
    expect(back.diff.nodes).toEqual([]);
  });
});

const allIds = (structure: CourseStructure) =>
  structure.sections.flatMap((section) => [
    section.id,
    ...section.lessons.flatMap((lesson) => [lesson.id, ...lesson.topics.map((topic) => topic.id)]),
  ]);
