// The executor's control flow with a scripted transport: 429 and Retry-After, 400 mapped to nodes,
// the pending-jobs case, unknown outcomes, and create requests that must never be resent blindly.
import { describe, expect, test } from 'vitest';
import { MESSAGES, type CourseStructure } from '#contract/index.ts';
import {
  COMPILER_MESSAGES as M,
  MemoryJournal,
  addNode,
  compileCreate,
  compileUpdate,
  executePlan,
  newTopic,
  retryAfterMs,
  sequentialIds,
  setNodeFields,
  type Plan,
  type ProgressEvent,
  type Transport,
  type TransportResponse,
  type WireRequest,
} from '#compiler/index.ts';
import { gridDraft, saveDraft, topicRecord } from '../test-drafts.ts';

function scripted(responses: TransportResponse[], structure?: () => CourseStructure) {
  const sent: WireRequest[] = [];
  const transport: Transport = {
    async send(request) {
      sent.push(request);
      const next = responses.shift();
      if (!next) throw new Error('no scripted response');
      return next;
    },
    async readStructure() {
      if (!structure) throw new Error('no structure');
      return structure();
    },
  };
  return { transport, sent };
}

/** Two field-update steps (150 topics changed). */
function fieldPlan() {
  const { baseline, saved } = saveDraft(gridDraft(1, 1, 150));
  let draft = saved;
  for (const topic of saved.sections[0]!.lessons[0]!.topics)
    draft = setNodeFields(draft, topic.clientId, { body: 'x' });
  const { plan } = compileUpdate(baseline, draft);
  return { plan, baseline, draft };
}

describe('throttling and errors', () => {
  test('429 waits for Retry-After (seconds or date) and resends', async () => {
    const { plan } = fieldPlan();
    const { transport, sent } = scripted([
      { status: 429, body: '', retryAfter: '2' },
      { status: 200, body: true },
      { status: 200, body: true },
    ]);
    const waits: number[] = [];
    const events: ProgressEvent['status'][] = [];
    const result = await executePlan(plan, {
      transport,
      journal: new MemoryJournal(),
      sleep: async (ms) => void waits.push(ms),
      onProgress: (e) => events.push(e.status),
    });
    expect(result.outcome).toBe('completed');
    expect(waits).toEqual([2000]);
    expect(sent).toHaveLength(3);
    expect(events).toEqual([
      'running',
      'sent',
      'throttled',
      'sent',
      'confirmed',
      'running',
      'sent',
      'confirmed',
    ]);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(undefined)).toBe(1000);
  });

  test('a 400 stops the plan, and its messages land on the nodes they name', async () => {
    const { plan, draft } = fieldPlan();
    const topics = draft.sections[0]!.lessons[0]!.topics;
    const { transport, sent } = scripted([
      {
        status: 400,
        body: {
          errors: [
            'topics[3].body: Too long',
            `Topics not found: ${topics[7]!.serverId}`,
            'Something else',
            "SKU 'A-1' is already in use",
          ],
        },
      },
    ]);
    const journal = new MemoryJournal();
    const result = await executePlan(plan, { transport, journal });
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'failed', stepIndex: 0 });
    expect(result.issues.map((i) => [i.nodeId, i.field, i.code])).toEqual([
      [topics[3]!.clientId, 'body', 'server'],
      [topics[7]!.clientId, undefined, 'server'],
      [topics[0]!.clientId, undefined, 'server'],
      // A course field the message names in words.
      [topics[0]!.clientId, 'sku', 'server'],
    ]);
    const record = await journal.load(plan.id);
    expect(record!.steps.map((s) => s.status)).toEqual(['failed', 'pending']);
    // A plain-text 400 is kept as one message.
    const text = scripted([{ status: 400, body: 'No items provided' }]);
    const again = await executePlan(plan, {
      transport: text.transport,
      journal: new MemoryJournal(),
    });
    expect(again.issues.map((i) => i.message)).toEqual(['No items provided']);
  });

  test('over the pending-job limit the content was saved: the step is confirmed with a warning', async () => {
    const { plan } = fieldPlan();
    const { transport } = scripted([
      { status: 400, body: { errors: [MESSAGES.tooManyPendingJobs(50)] } },
      { status: 200, body: true },
    ]);
    const result = await executePlan(plan, { transport, journal: new MemoryJournal() });
    expect(result.outcome).toBe('completed');
    expect(result.issues.map((i) => [i.severity, i.message])).toEqual([
      ['warning', MESSAGES.tooManyPendingJobs(50)],
    ]);
  });

  test('a 5xx or a dropped connection leaves the step sent; the resumed run sends it again', async () => {
    const { plan } = fieldPlan();
    const journal = new MemoryJournal();
    const first = scripted([
      { status: 200, body: true },
      { status: 503, body: '' },
    ]);
    const interrupted = await executePlan(plan, { transport: first.transport, journal });
    expect(interrupted).toMatchObject({ outcome: 'interrupted', stepIndex: 1 });
    expect((await journal.load(plan.id))!.steps.map((s) => s.status)).toEqual([
      'confirmed',
      'sent',
    ]);
    const second = scripted([{ status: 200, body: true }]);
    const resumed = await executePlan(plan, { transport: second.transport, journal });
    expect(resumed.outcome).toBe('completed');
    expect(second.sent).toHaveLength(1); // only the unconfirmed field update
  });

  test('a journal of another plan shape is refused', async () => {
    const { plan } = fieldPlan();
    const journal = new MemoryJournal();
    await journal.save({ planId: plan.id, steps: [] });
    await expect(executePlan(plan, { transport: scripted([]).transport, journal })).rejects.toThrow(
      /Journal/,
    );
  });
});

describe('settling a creating request that was sent without an answer', () => {
  function creatingPlan() {
    const ids = sequentialIds('t');
    const { baseline, saved } = saveDraft(gridDraft(1, 1, 1));
    const lesson = saved.sections[0]!.lessons[0]!;
    const draft = addNode(saved, newTopic('New', 'text', ids), {
      parentId: lesson.clientId,
      index: 1,
    });
    const { plan } = compileUpdate(baseline, draft);
    return { plan, baseline, lesson };
  }
  const sentJournal = async (plan: Plan) => {
    const journal = new MemoryJournal();
    await journal.save({
      planId: plan.id,
      steps: plan.steps.map((_, i) => ({
        status: i === 0 ? 'sent' : 'pending',
        producedIds: {},
        error: null,
      })),
    });
    return journal;
  };

  test('the re-read shows it applied: confirmed and bound without resending', async () => {
    const { plan, baseline, lesson } = creatingPlan();
    const created = topicRecord(
      { title: 'New', type: 'text' },
      {
        id: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10',
        lessonId: lesson.serverId!,
        courseId: baseline.course.id,
        displayOrder: 1,
      },
    );
    const after = structuredClone(baseline.structure);
    after.sections[0]!.lessons[0]!.topics.push(created);
    const { transport, sent } = scripted([], () => after);
    const result = await executePlan(plan, { transport, journal: await sentJournal(plan) });
    expect(sent).toEqual([]);
    expect(result.outcome).toBe('completed');
    expect(Object.values(result.bindings)).toEqual([created.id]);
  });

  test('the re-read shows nothing: sent again', async () => {
    const { plan, baseline } = creatingPlan();
    const { transport, sent } = scripted([{ status: 200, body: true }], () => baseline.structure);
    const result = await executePlan(plan, { transport, journal: await sentJournal(plan) });
    expect(sent).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'failed', issues: [{ code: 'binding' }] }); // the scripted server created nothing
  });

  test('a create request is never resent when it cannot be verified', async () => {
    const { plan } = compileCreate([gridDraft(1, 1, 1)]);
    const { transport, sent } = scripted([{ status: 200, body: {} }]);
    const journal = await sentJournal(plan);
    const result = await executePlan(plan, { transport, journal });
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ outcome: 'failed', error: M.unverifiableCreate });
    expect((await journal.load(plan.id))!.steps[0]!.status).toBe('sent');
    // With a transport that can look it up, the ids are bound without resending.
    const ids = {
      courseIds: ['7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10'],
      courseGroupIds: ['7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a11'],
    };
    const found = await executePlan(plan, {
      transport: { ...transport, findCreated: async () => ids },
      journal,
    });
    expect(sent).toEqual([]);
    expect(found.outcome).toBe('completed');
    expect(Object.values(found.bindings).sort()).toEqual(
      [...ids.courseIds, ...ids.courseGroupIds].sort(),
    );
  });
});
