// The executor against the real sandbox: 400s shown at their nodes, the pending-job limit, and a
// plan driven to completion through injected 429s, 503s and connection resets.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '#contract/index.ts';
import {
  MemoryJournal,
  addNode,
  applyBindings,
  compileCreate,
  compileUpdate,
  draftFromBaseline,
  executePlan,
  newLesson,
  newSection,
  newCourseDraft,
  newTopic,
  sequentialIds,
  setAttributes,
  setKindFields,
  setNodeFields,
  type CourseGroupDraft,
  type MicroCourseDraft,
  type Transport,
} from '#compiler/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { gridDraft } from '#compiler/test-drafts.ts';
import { readBaseline, sandboxTransport } from './sandbox-transport.ts';

let sandbox: TestSandbox;
let transport: Transport;
const settings = (body: unknown) =>
  sandbox.raw('PUT', '/sandbox/settings', body, { authorization: `Bearer ${sandbox.secretKey}` });

beforeAll(async () => {
  sandbox = await startSandbox();
  transport = sandboxTransport(sandbox);
});
afterAll(() => sandbox.close());

let n = 0;
async function createSaved(draft = gridDraft(2, 2, 2, sequentialIds(`g${++n}_`))) {
  const { plan } = compileCreate([draft]);
  const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
  expect(result.outcome).toBe('completed');
  const courseId = applyBindings(draft, result.bindings).serverIds!.courseId;
  const baseline = await readBaseline(sandbox, courseId);
  return {
    baseline,
    draft: draftFromBaseline(baseline, sequentialIds(`d${n}_`)) as CourseGroupDraft,
  };
}

describe('400 answers', () => {
  test("create: an unknown tag stops the plan, with the message at the course's tags", async () => {
    const draft = setAttributes(gridDraft(1, 1, 1), {
      tagIds: ['7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10'],
    });
    const { plan } = compileCreate([draft]);
    const journal = new MemoryJournal();
    const result = await executePlan(plan, { transport, journal });
    expect(result).toMatchObject({ outcome: 'failed', stepIndex: 0 });
    expect(result.issues).toEqual([
      {
        nodeId: draft.clientId,
        field: 'tagIds',
        message: MESSAGES.tagsNotFound,
        severity: 'error',
        code: 'server',
      },
    ]);
    expect((await journal.load(plan.id))!.steps[0]!.status).toBe('failed');
  });

  test('update: an unknown ribbon stops the plan before later steps run', async () => {
    const { baseline, draft } = await createSaved();
    let next = setAttributes(draft, { ribbon: 'no-such-ribbon' });
    next = addNode(next, newSection('Later', sequentialIds('x')), { parentId: null, index: 2 });
    const { plan } = compileUpdate(baseline, next);
    expect(plan.steps.map((s) => s.kind)).toEqual(['update', 'update', 'reread']);
    const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(result).toMatchObject({ outcome: 'failed', stepIndex: 0 });
    expect(result.issues.map((i) => [i.nodeId, i.message])).toEqual([
      [draft.clientId, MESSAGES.unknownRibbon('no-such-ribbon')],
    ]);
    const after = await readBaseline(sandbox, baseline.course.id);
    expect(after.structure.sections).toHaveLength(2); // nothing of the plan was applied
  });

  test('over the pending-job limit the topic is saved: confirmed with a warning', async () => {
    const { baseline, draft } = await createSaved();
    const lesson = draft.sections[0]!.lessons[0]!;
    const next = addNode(
      draft,
      { ...newTopic('Podcast', 'audio', sequentialIds('a')), audioUrl: 'https://cdn.test/p.mp3' },
      {
        parentId: lesson.clientId,
        index: 2,
      },
    );
    expect((await settings({ pendingJobLimit: 0 })).status).toBe(200);
    try {
      const result = await executePlan(compileUpdate(baseline, next).plan, {
        transport,
        journal: new MemoryJournal(),
      });
      expect(result.outcome).toBe('completed');
      expect(result.issues).toMatchObject([
        { severity: 'warning', message: MESSAGES.tooManyPendingJobs(0) },
      ]);
      const after = await readBaseline(sandbox, baseline.course.id);
      expect(after.structure.sections[0]!.lessons[0]!.topics.map((t) => t.title)).toEqual([
        'S0L0T0',
        'S0L0T1',
        'Podcast',
      ]);
    } finally {
      await settings({ pendingJobLimit: 1000 });
    }
  });
});

test('an unreliable upstream: 429, 503 and resets on every route, resumed until done', async () => {
  const { baseline, draft } = await createSaved();
  const ids = sequentialIds('u');
  let next = draft;
  const section = newSection('New section', ids);
  next = addNode(next, section, { parentId: null, index: 0 });
  for (let l = 0; l < 3; l++) {
    const lesson = newLesson(`New lesson ${l}`, ids);
    next = addNode(next, lesson, { parentId: section.clientId, index: l });
    for (let t = 0; t < 40; t++)
      next = addNode(next, newTopic(`T${l}.${t}`, 'text', ids), {
        parentId: lesson.clientId,
        index: t,
      });
  }
  next = setAttributes(next, { description: 'Changed under fire' });
  const { plan } = compileUpdate(baseline, next);
  const faults = ['/content/course/update', '/courses/*/structure'].flatMap((route) =>
    [{ status: 429 }, { status: 503 }, { reset: true }].map((fault) => ({
      route,
      rate: 0.12,
      ...fault,
    })),
  );
  expect((await settings({ faults, seed: 7 })).status).toBe(200);
  const journal = new MemoryJournal();
  const outcomes: string[] = [];
  try {
    for (let attempt = 0; attempt < 60; attempt++) {
      const result = await executePlan(plan, { transport, journal, sleep: async () => {} });
      outcomes.push(result.outcome);
      if (result.outcome !== 'interrupted') break;
    }
  } finally {
    await settings({ faults: [] });
  }
  expect(outcomes.at(-1)).toBe('completed');
  expect(outcomes.filter((o) => o === 'interrupted').length).toBeGreaterThan(0);
  const after = await readBaseline(sandbox, baseline.course.id);
  expect(after.courseGroup.description).toBe('Changed under fire');
  expect(after.structure.sections.map((s) => s.title)).toEqual(['New section', 'S0', 'S1']);
  expect(after.structure.sections[0]!.lessons.map((l) => l.topics.length)).toEqual([40, 40, 40]);
  expect(after.structure.sections[0]!.lessons[2]!.topics.at(-1)!.title).toBe('T2.39');
});

describe('every kind through the sandbox', () => {
  const ids = sequentialIds('k');
  const kinds = () => {
    const micro = addNode(
      newCourseDraft('microCourse', 'Micro kind', ids) as MicroCourseDraft,
      {
        ...newTopic('Graded', 'text', ids),
        body: '<p>b</p>',
        courseCompletionCriteria: { type: 'articlePercentViewed', articlePercentViewed: 50 },
      },
      { parentId: null, index: 0 },
    );
    return [
      micro,
      setKindFields(newCourseDraft('article', 'Article kind', ids), {
        language: 'en',
        title: 'Read',
        body: '<p>a</p>',
      }),
      setKindFields(newCourseDraft('video', 'Video kind', ids), { videoAsset: 'media-9' }),
      setKindFields(newCourseDraft('shareableContentObject', 'Scorm kind', ids), {
        scormUrl: 'https://cdn.test/pkg.zip',
        width: 640,
      }),
    ];
  };

  test('create, reopen: nothing to send; an edit goes out and reads back', async () => {
    const drafts = kinds();
    const { plan } = compileCreate(drafts, { bindNodes: true });
    const created = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(created.outcome).toBe('completed');
    for (const draft of drafts) {
      const bound = applyBindings(draft, created.bindings);
      expect(bound.serverIds).toMatchObject({
        implicitSectionId: expect.any(String),
        implicitLessonId: expect.any(String),
      });
      const baseline = await readBaseline(sandbox, bound.serverIds!.courseId);
      const reopened = draftFromBaseline(baseline, ids);
      expect(compileUpdate(baseline, reopened).plan.steps).toEqual([]);
      // The bound draft itself is already in sync too.
      expect(compileUpdate(baseline, bound).plan.steps).toEqual([]);

      const edited =
        reopened.kind === 'microCourse'
          ? setNodeFields(reopened, reopened.topics[0]!.clientId, { title: 'Graded twice' })
          : reopened.kind === 'article'
            ? setKindFields(reopened, { body: '<p>new</p>' })
            : reopened.kind === 'video'
              ? setKindFields(reopened, {
                  videoAsset: undefined,
                  videoUrl: 'https://cdn.test/v.mp4',
                })
              : setKindFields(reopened, { width: 1024 });
      const { plan: update, issues } = compileUpdate(baseline, edited);
      expect(issues).toEqual([]);
      expect(update.steps).toHaveLength(1);
      const result = await executePlan(update, { transport, journal: new MemoryJournal() });
      expect(result.outcome).toBe('completed');
      const after = await readBaseline(sandbox, bound.serverIds!.courseId);
      expect(compileUpdate(after, edited).plan.steps).toEqual([]);
    }
  });
});
