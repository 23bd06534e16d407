// Property tests against the real sandbox over HTTP: random course -> create -> random edits ->
// plan -> execute -> the structure read back equals the expected tree. And a failure injected at
// every step k of a plan (before the request goes out, or after it was applied but before the
// answer is seen), then a resume with the same journal: no duplicate, nothing missing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isFieldAllowedForType, type TopicType } from '#contract/index.ts';
import {
  MemoryJournal,
  applyBindings,
  compileCreate,
  compileUpdate,
  draftFromBaseline,
  executePlan,
  normalizeOrder,
  sequentialIds,
  type CourseDraft,
  type CourseGroupDraft,
  type Plan,
  type Transport,
} from '#compiler/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { applyEdits, buildDraft, edit, treeSpec, type Edit, type TreeSpec } from './arbitraries.ts';
import { readBaseline, sandboxTransport } from './sandbox-transport.ts';

let sandbox: TestSandbox;
let transport: Transport;
let runs = 0;

beforeAll(async () => {
  sandbox = await startSandbox();
  transport = sandboxTransport(sandbox);
  // Many generated topics carry file URLs; keep the pending-job limit out of the way.
  const settings = await sandbox.raw(
    'PUT',
    '/sandbox/settings',
    { pendingJobLimit: 1_000_000 },
    {
      authorization: `Bearer ${sandbox.secretKey}`,
    },
  );
  expect(settings.status).toBe(200);
});
afterAll(() => sandbox.close());

/** What must survive a round trip: titles, order, types, the fields each type carries, attributes. */
function shapeOf(draft: CourseDraft) {
  const compact = (fields: Record<string, unknown>, type: TopicType) =>
    Object.fromEntries(
      Object.entries(fields)
        .filter(
          ([k, v]) =>
            isFieldAllowedForType(type, k) &&
            v !== undefined &&
            v !== null &&
            v !== false &&
            v !== '',
        )
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const a = draft.attributes;
  return {
    // Each created copy gets a unique suffix (" #12") so the catalog can tell copies apart.
    title: a.title.replace(/ (split )?#\d+$/, ''),
    description: a.description ?? '',
    priceInCents: a.priceInCents ?? 0,
    sections: (draft as CourseGroupDraft).sections.map((s) => ({
      title: s.title,
      lessons: s.lessons.map((l) => ({
        title: l.title,
        openType: l.openType,
        topics: l.topics.map(({ kind: _k, clientId: _c, serverId: _s, ...t }) =>
          compact(t, t.type),
        ),
      })),
    })),
  };
}

async function createCourse(spec: TreeSpec): Promise<CourseGroupDraft> {
  const ids = sequentialIds(`c${++runs}_`);
  const draft = buildDraft(spec, ids, ` #${runs}`);
  const { plan, issues } = compileCreate([draft]);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
  expect(result.outcome).toBe('completed');
  const created = applyBindings(draft, result.bindings);
  const baseline = await readBaseline(sandbox, created.serverIds!.courseId);
  expect(shapeOf(draftFromBaseline(baseline))).toEqual(shapeOf(draft));
  return draftFromBaseline(baseline, ids) as CourseGroupDraft;
}

/** Edit a saved course, compile, and return the plan with the expected final draft. */
async function planEdits(saved: CourseGroupDraft, edits: readonly Edit[]) {
  const baseline = await readBaseline(sandbox, saved.serverIds!.courseId);
  const ids = sequentialIds(`e${++runs}_`);
  const expected = normalizeOrder(baseline, applyEdits(saved, edits, ids));
  const { plan, issues } = compileUpdate(baseline, expected);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  return { plan, expected };
}

async function readBack(courseId: string) {
  return shapeOf(draftFromBaseline(await readBaseline(sandbox, courseId)));
}

describe('round trip through the sandbox', () => {
  test('random course -> create -> random edits -> plan -> execute -> read back', async () => {
    await fc.assert(
      fc.asyncProperty(
        treeSpec({ sections: 3, lessons: 3, topics: 4 }),
        fc.array(edit, { maxLength: 25 }),
        async (spec, edits) => {
          const saved = await createCourse(spec);
          const { plan, expected } = await planEdits(saved, edits);
          const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
          expect(result.error).toBeUndefined();
          expect(result.outcome).toBe('completed');
          expect(await readBack(saved.serverIds!.courseId)).toEqual(shapeOf(expected));
          // The bound draft is the server's state: compiling it again changes nothing.
          const again = compileUpdate(
            await readBaseline(sandbox, saved.serverIds!.courseId),
            applyBindings(expected, result.bindings),
          );
          expect(again.plan.steps).toEqual([]);
        },
      ),
      { numRuns: 50 },
    );
  });

  test('trees of 300+ nodes: split create, many edits, batched plan', async () => {
    await fc.assert(
      fc.asyncProperty(
        // At least 4 + 4*5 + 4*5*15 = 324 nodes.
        treeSpec({ sections: 4, lessons: 5, topics: 18 }, { sections: 4, lessons: 5, topics: 15 }),
        fc.array(edit, { minLength: 60, maxLength: 150 }),
        async (spec, edits) => {
          expect(countNodes(spec)).toBeGreaterThanOrEqual(300);
          const saved = await createCourse(spec);
          const { plan, expected } = await planEdits(saved, edits);
          const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
          expect(result.outcome).toBe('completed');
          expect(await readBack(saved.serverIds!.courseId)).toEqual(shapeOf(expected));
        },
      ),
      {
        numRuns: 4,
        examples: [[bigSpec(), Array.from({ length: 120 }, (_, i) => bigEdit(i))]],
      },
    );
  });
});

describe('failure at every step k, then resume with the same journal', () => {
  type Mode = 'before-send' | 'after-send';
  /** Fails the k-th call (sends and structure reads alike), before or after it reaches the sandbox. */
  function failingAt(k: number, mode: Mode): Transport {
    let call = 0;
    const fail = async <T>(run: () => Promise<T>): Promise<T> => {
      const mine = call++;
      if (mine === k && mode === 'before-send') throw new Error('connection reset before sending');
      const value = await run();
      if (mine === k && mode === 'after-send') throw new Error('connection reset after sending');
      return value;
    };
    return {
      send: (request, step) => fail(() => transport.send(request, step)),
      readStructure: (id) => fail(() => transport.readStructure(id)),
      findCreated: transport.findCreated!,
    };
  }

  async function runWithFailure(plan: Plan, k: number, mode: Mode) {
    const journal = new MemoryJournal();
    const first = await executePlan(plan, { transport: failingAt(k, mode), journal });
    const second = await executePlan(plan, { transport, journal });
    return { first, second, journal };
  }

  test('update plans: end state equals one clean run', async () => {
    let injected = 0;
    let creatingSteps = 0;
    await fc.assert(
      fc.asyncProperty(
        treeSpec({ sections: 2, lessons: 2, topics: 3 }),
        fc.array(edit, { minLength: 8, maxLength: 15 }),
        async (spec, edits) => {
          // A clean run gives the number of calls to fail at and the expected state.
          const reference = await createCourse(spec);
          const clean = await planEdits(reference, edits);
          const calls = countingCalls();
          await executePlan(clean.plan, {
            transport: calls.transport,
            journal: new MemoryJournal(),
          });
          const expected = shapeOf(clean.expected);
          creatingSteps += clean.plan.steps.filter(
            (s) => s.kind === 'update' && s.creates.length > 0,
          ).length;
          for (let k = 0; k < calls.count(); k++)
            for (const mode of ['before-send', 'after-send'] as const) {
              const saved = await createCourse(spec);
              const { plan } = await planEdits(saved, edits);
              const { first, second } = await runWithFailure(plan, k, mode);
              expect(first.outcome).toBe('interrupted');
              expect(second.outcome).toBe('completed');
              expect(await readBack(saved.serverIds!.courseId)).toEqual(expected);
              injected++;
            }
        },
      ),
      { numRuns: 8 },
    );
    // The runs did exercise failures, including in requests that create entities.
    expect(injected).toBeGreaterThan(8);
    expect(creatingSteps).toBeGreaterThan(0);
  });

  test('a split create: failing at every step, the create itself included, still yields one course', async () => {
    const spec = bigSpec(2, 3, 20); // 2 + 6 + 120 = 128 children: create + follow-ups
    const steps = compileCreate([buildDraft(spec, sequentialIds('probe'))]).plan.steps.length;
    expect(steps).toBeGreaterThan(2);
    for (let k = 0; k < steps; k++)
      for (const mode of ['before-send', 'after-send'] as const) {
        const ids = sequentialIds(`split${++runs}_`);
        const draft = buildDraft(spec, ids, ` split #${runs}`);
        const { plan } = compileCreate([draft]);
        const { first, second } = await runWithFailure(plan, k, mode);
        expect(first.outcome).toBe('interrupted');
        expect(second.outcome).toBe('completed');
        const groups = await sandbox.api('GET', '/courseGroups?perPage=500');
        const same = groups.body.courseGroups.filter(
          (g: { title: string }) => g.title === draft.attributes.title,
        );
        expect(same).toHaveLength(1);
        const courseId = second.bindings[draft.clientId]!;
        expect(await readBack(courseId)).toEqual(shapeOf(draft));
      }
  });
});

function countingCalls() {
  let count = 0;
  return {
    count: () => count,
    transport: {
      send: (request, step) => (count++, transport.send(request, step)),
      readStructure: (id) => (count++, transport.readStructure(id)),
    } satisfies Transport,
  };
}

function countNodes(spec: TreeSpec): number {
  return spec.sections.reduce(
    (n, s) => n + 1 + s.lessons.reduce((m, l) => m + 1 + l.topics.length, 0),
    0,
  );
}

function bigSpec(sections = 4, lessons = 5, topics = 15): TreeSpec {
  return {
    title: 'Big course',
    sections: Array.from({ length: sections }, (_, s) => ({
      title: `S${s}`,
      lessons: Array.from({ length: lessons }, (_, l) => ({
        title: `S${s}L${l}`,
        openType: 'studentsOnly' as const,
        topics: Array.from({ length: topics }, (_, t) => ({
          title: `S${s}L${l}T${t}`,
          type: 'text' as const,
          body: `<p>${t}</p>`,
        })),
      })),
    })),
  };
}

function bigEdit(i: number): Edit {
  const kinds: Edit[] = [
    {
      op: 'addTopic',
      l: i * 7,
      at: i,
      topic: { title: `New ${i}`, type: 'video', videoAsset: 'media-1' },
    },
    { op: 'moveTopic', n: i * 13, l: i * 3, at: 1000 },
    { op: 'caption', n: i * 11, caption: 'changed' },
    { op: 'addLesson', s: i, at: i, title: `New lesson ${i}` },
    { op: 'rename', n: i * 17, title: `Renamed ${i}` },
    { op: 'addSection', at: i, title: `New section ${i}` },
  ];
  return kinds[i % kinds.length]!;
}
