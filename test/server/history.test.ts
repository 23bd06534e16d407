// The course history service on both engines: versions stored as whole states or differences and
// read back exactly (with and without the in-memory latest state), drift, paging, the latest published
// version, comparisons, the node index, and two servers recording one course at once.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allNodes,
  moveNode,
  renameNode,
  setAttributes,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '#compiler/test-drafts.ts';
import type { CourseSnapshot } from '#contract/console/history.ts';
import {
  createHistoryService,
  type HistoryService,
} from '../../src/server/history/history-service.ts';
import { openConsoleStore, type ConsoleStore } from '../../src/server/storage/database.ts';
import { createHistoryRepository } from '../../src/server/storage/history-repository.ts';
import { ENGINES, testDatabase } from '../helpers/test-database.ts';

const log = pino({ level: 'silent' });

/** A course and a way to make its next versions, as the API would show them. */
function course(size: [number, number, number] = [2, 2, 2]) {
  let { baseline, saved } = saveDraft(gridDraft(...size));
  return {
    get snapshot(): CourseSnapshot {
      return structuredClone(baseline);
    },
    get draft() {
      return saved;
    },
    edit(change: (draft: CourseGroupDraft) => CourseGroupDraft): CourseSnapshot {
      ({ baseline, saved } = saveDraft(change(saved)));
      return structuredClone(baseline);
    },
  };
}

const topicTitled = (draft: CourseGroupDraft, title: string) =>
  allNodes(draft).find((node) => node.title === title)!;

describe.each(ENGINES)('course history (%s)', (engine) => {
  let store: ConsoleStore;
  let history: HistoryService;
  const service = (options: { maxChain?: number; serverName?: string } = {}) =>
    createHistoryService(createHistoryRepository(store.db), {
      serverName: options.serverName ?? 'a',
      log,
      ...(options.maxChain !== undefined && { maxChain: options.maxChain }),
    });

  beforeAll(async () => {
    store = await openConsoleStore(await testDatabase(engine));
    history = service();
  });
  afterAll(() => store.close());

  it('records a version and gives it back, before and after', async () => {
    const c = course();
    const created = await history.record({
      courseId: c.snapshot.course.id,
      before: null,
      after: c.snapshot,
      at: Date.UTC(2026, 10, 1),
      userEmail: 'ada@x.test',
      kinds: ['create'],
      auditSeqs: [7],
    });
    expect(created).toMatchObject({
      number: 1,
      at: '2026-11-01T00:00:00.000Z',
      userEmail: 'ada@x.test',
      kinds: ['create'],
      title: 'Grid course',
      status: 'draft',
      drift: false,
      auditSeqs: [7],
      translation: null,
      counts: { sections: 2, lessons: 4, topics: 8, added: 14 },
    });
    const first = c.snapshot;
    const after = c.edit((d) => renameNode(d, topicTitled(d, 'S0L0T0').clientId, 'Welcome'));
    const renamed = await history.record({
      courseId: first.course.id,
      before: first,
      after,
      at: Date.UTC(2026, 10, 2),
      userEmail: 'bo@x.test',
      kinds: ['edit'],
      auditSeqs: [8, 9],
    });
    expect(renamed).toMatchObject({ number: 2, drift: false, counts: { renamed: 1, added: 0 } });
    const version = await history.get(first.course.id, 2);
    expect(version?.before).toEqual(first);
    expect(version?.after).toEqual(after);
    expect((await history.get(first.course.id, 1))?.before).toBeNull();
    expect(await history.get(first.course.id, 3)).toBeNull();
    // The state before a version equal to the previous one's after is not stored again.
    expect(renamed.bytes).toBeLessThan(created.bytes / 2);
  });

  it('marks drift when the course changed outside Lectern between two versions', async () => {
    const c = course([1, 1, 2]);
    const id = c.snapshot.course.id;
    const base = { courseId: id, at: 1, userEmail: null, auditSeqs: [] };
    await history.record({ ...base, before: null, after: c.snapshot, kinds: ['create'] });
    const outside = c.edit((d) => setAttributes(d, { description: 'Edited on the platform' }));
    const after = c.edit((d) => setAttributes(d, { priceInCents: 900 }));
    const version = await history.record({ ...base, before: outside, after, kinds: ['price'] });
    expect(version).toMatchObject({ number: 2, drift: true, counts: { courseFields: 1 } });
    const stored = await history.get(id, 2);
    expect(stored?.before).toEqual(outside);
    expect(stored?.after).toEqual(after);
  });

  it('reads every version back exactly across chains of differences, cached or not', async () => {
    const chained = service({ maxChain: 3 });
    const c = course([3, 3, 4]);
    const id = c.snapshot.course.id;
    const states: CourseSnapshot[] = [c.snapshot];
    await chained.record({
      courseId: id,
      before: null,
      after: c.snapshot,
      at: 1,
      userEmail: null,
      kinds: ['create'],
      auditSeqs: [],
    });
    for (let i = 0; i < 9; i++) {
      const before = c.snapshot;
      const after = c.edit((d) =>
        i % 3 === 0
          ? renameNode(d, d.sections[i % 3]!.clientId, `Section ${i}`)
          : moveNode(d, d.sections[0]!.lessons.flatMap((l) => l.topics)[0]!.clientId, {
              parentId: d.sections[1]!.lessons[i % 3]!.clientId,
              index: 0,
            }),
      );
      await chained.record({
        courseId: id,
        before,
        after,
        at: i + 2,
        userEmail: null,
        kinds: ['edit'],
        auditSeqs: [],
      });
      states.push(after);
    }
    // A server that never saw them replays the stored chains.
    const fresh = service();
    for (const [i, state] of states.entries()) {
      expect((await fresh.get(id, i + 1))?.after).toEqual(state);
      if (i > 0) expect(await fresh.state(id, i + 1, 'before')).toEqual(states[i - 1]);
    }
  });

  it('pages newest first, finds the latest published version, compares by stable ids', async () => {
    const c = course([1, 2, 2]);
    const id = c.snapshot.course.id;
    const record = (
      before: CourseSnapshot | null,
      after: CourseSnapshot,
      kinds: ['edit'] | ['status'],
    ) =>
      history.record({
        courseId: id,
        before,
        after,
        at: 5,
        userEmail: 'ada@x.test',
        kinds,
        auditSeqs: [],
      });
    await record(null, c.snapshot, ['edit']);
    let before = c.snapshot;
    await record(
      before,
      c.edit((d) => setAttributes(d, { status: 'published' })),
      ['status'],
    );
    before = c.snapshot;
    await record(
      before,
      c.edit((d) =>
        moveNode(d, topicTitled(d, 'S0L0T0').clientId, {
          parentId: d.sections[0]!.lessons[1]!.clientId,
          index: 2,
        }),
      ),
      ['edit'],
    );
    before = c.snapshot;
    await record(
      before,
      c.edit((d) => setAttributes(d, { status: 'draft' })),
      ['status'],
    );

    const first = await history.list(id, { limit: 3 });
    expect(first.versions.map((v) => v.number)).toEqual([4, 3, 2]);
    expect(first.pageInfo.hasMore).toBe(true);
    const cursor = Number(atob(first.pageInfo.cursor!));
    const rest = await history.list(id, { cursor, limit: 3 });
    expect(rest.versions.map((v) => v.number)).toEqual([1]);
    expect(rest.pageInfo).toEqual({ hasMore: false });

    expect((await history.latestPublished(id))?.number).toBe(3);
    expect((await history.latest(id))?.number).toBe(4);

    const since = await history.compare(id, 3, 4);
    expect(since?.diff.course).toEqual([
      { field: 'status', scope: 'course', before: 'published', after: 'draft' },
    ]);
    const move = await history.compare(id, 3, 3, 'all');
    expect(move?.diff.nodes).toEqual([
      expect.objectContaining({
        title: 'S0L0T0',
        movedFrom: expect.objectContaining({ title: 'S0L0' }),
        movedTo: expect.objectContaining({ title: 'S0L1' }),
      }),
    ]);
    expect(move?.rows).toHaveLength(7);
    expect(await history.compare(id, 1, 9)).toBeNull();
  });

  it('knows which course a section, lesson, topic or criterion belongs to', async () => {
    const c = course([1, 1, 1]);
    const snapshot = c.snapshot;
    snapshot.structure.completionCriteria = [
      {
        id: '6b8b1e0a-4a52-4c4e-9d6c-2f1f3a4b5c6d',
        type: 'coursePercentViewed',
        coursePercentViewed: 50,
        topicId: null,
      },
    ];
    await history.record({
      courseId: snapshot.course.id,
      before: null,
      after: snapshot,
      at: 1,
      userEmail: null,
      kinds: ['create'],
      auditSeqs: [],
    });
    const section = snapshot.structure.sections[0]!;
    const topic = section.lessons[0]!.topics[0]!;
    const found = await history.coursesOfNodes([
      section.id,
      topic.id,
      '6b8b1e0a-4a52-4c4e-9d6c-2f1f3a4b5c6d',
      'unknown',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      [section.id]: snapshot.course.id,
      [topic.id]: snapshot.course.id,
      '6b8b1e0a-4a52-4c4e-9d6c-2f1f3a4b5c6d': snapshot.course.id,
    });
  });

  it('numbers versions once when two servers record the same course at the same moment', async () => {
    const [a, b] = [service({ serverName: 'a' }), service({ serverName: 'b' })];
    const c = course([1, 1, 3]);
    const id = c.snapshot.course.id;
    const states = [c.snapshot];
    const [t0, t1] = c.draft.sections[0]!.lessons[0]!.topics.map((topic) => topic.clientId);
    for (let i = 0; i < 6; i++)
      states.push(c.edit((d) => renameNode(d, i % 3 === 0 ? t0! : t1!, `T${i}`)));
    await Promise.all(
      states.slice(1).map((after, i) =>
        (i % 2 ? a : b).record({
          courseId: id,
          before: null,
          after,
          at: i,
          userEmail: null,
          kinds: ['edit'],
          auditSeqs: [i],
        }),
      ),
    );
    const page = await a.list(id, { limit: 10 });
    expect(page.versions.map((v) => v.number)).toEqual([6, 5, 4, 3, 2, 1]);
    const fresh = service();
    const read = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => fresh.get(id, n)));
    const byAudit = new Map(read.map((v) => [v!.auditSeqs[0]!, v!.after]));
    states.slice(1).forEach((state, i) => expect(byAudit.get(i)).toEqual(state));
  });
});
