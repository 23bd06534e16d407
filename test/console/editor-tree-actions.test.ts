// The editor's outline edits against a course read back from the real sandbox: refused edits carry
// the compiler's explanation, "set aside" yields an "Unused" section the API stores with its far
// release date, and a draft merged with someone else's change applies both without losing either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILER_MESSAGES,
  MemoryJournal,
  compileUpdate,
  draftFromBaseline,
  executePlan,
  placementRule,
  rebaseDraft,
  renameNode,
  sequentialIds,
  serverChanges,
  type Baseline,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import {
  UNUSED_RELEASE_DATE,
  moveChecked,
  moveStep,
  moveToUnused,
  removeChecked,
} from '../../src/console/features/course-editor/tree/commands/outline-edits.ts';
import { readBaseline, sandboxTransport } from '../compiler/sandbox-transport.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';

let sandbox: TestSandbox;
let courseId: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  const created = await sandbox.api('POST', '/content/course/create', {
    courseAttributes: [
      {
        title: 'Tree actions',
        kind: 'courseGroup',
        sections: [
          {
            title: 'S',
            lessons: [
              {
                title: 'L',
                openType: 'open',
                topics: [
                  { title: 'A', type: 'text', body: '<p>a</p>' },
                  { title: 'B', type: 'text', body: '<p>b</p>' },
                ],
              },
              { title: 'M', openType: 'open', topics: [] },
            ],
          },
        ],
      },
    ],
  });
  expect(created.status).toBe(200);
  courseId = (created.body as { courseIds: string[] }).courseIds[0]!;
});
afterAll(() => sandbox.close());

const draftOf = (baseline: Baseline) =>
  draftFromBaseline(baseline, sequentialIds()) as CourseGroupDraft;
const topic = (draft: CourseGroupDraft, title: string) =>
  draft.sections[0]!.lessons.flatMap((l) => l.topics).find((t) => t.title === title)!;
const shape = (baseline: Baseline) =>
  baseline.structure.sections.map((s) => [
    s.title,
    s.releaseDate,
    s.lessons.map((l) => [l.title, l.topics.map((t) => t.title)]),
  ]);

async function applyDraft(baseline: Baseline, draft: CourseGroupDraft) {
  const { plan, issues } = compileUpdate(baseline, draft);
  expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
  const result = await executePlan(plan, {
    transport: sandboxTransport(sandbox),
    journal: new MemoryJournal(),
  });
  expect(result.outcome).toBe('completed');
  return readBaseline(sandbox, courseId);
}

describe('editor outline edits', () => {
  it('refuses to delete a saved topic with the compiler message, offering "Unused"', async () => {
    const draft = draftOf(await readBaseline(sandbox, courseId));
    expect(removeChecked(draft, topic(draft, 'A').clientId)).toEqual({
      ok: false,
      message: COMPILER_MESSAGES.cannotDelete('topic', 'A'),
      offer: 'unused',
    });
  });

  it('refuses the moves the API cannot make, by drop, by step or into another lesson', async () => {
    const baseline = await readBaseline(sandbox, courseId);
    const draft = draftOf(baseline);
    const rule = placementRule(baseline, 'courseGroup');
    const lesson = draft.sections[0]!.lessons[0]!.clientId;
    const refused = { ok: false, message: COMPILER_MESSAGES.cannotReorder('topic', 'lesson') };
    expect(
      moveChecked(draft, topic(draft, 'B').clientId, { parentId: lesson, index: 0 }, rule),
    ).toEqual(refused);
    expect(moveStep(draft, topic(draft, 'B').clientId, -1, rule)).toEqual(refused);
    // Down from the last place of "L" goes into "M", which has no saved topics.
    const down = moveStep(draft, topic(draft, 'B').clientId, 1, rule);
    expect(
      down.ok &&
        (down.draft as CourseGroupDraft).sections[0]!.lessons[1]!.topics.map((t) => t.title),
    ).toEqual(['B']);
  });

  it('sets a saved topic aside in an "Unused" section released on 31 December 9999', async () => {
    const baseline = await readBaseline(sandbox, courseId);
    const draft = draftOf(baseline);
    const outcome = moveToUnused(draft, topic(draft, 'A').clientId, sequentialIds('u_'));
    if (!outcome.ok) throw new Error(outcome.message);
    const after = await applyDraft(baseline, outcome.draft as CourseGroupDraft);
    expect(shape(after)).toEqual([
      [
        'S',
        null,
        [
          ['L', ['B']],
          ['M', []],
        ],
      ],
      ['Unused', UNUSED_RELEASE_DATE, [['Unused', ['A']]]],
    ]);
  });

  it('merges a draft with a change made on the server since, and applies both', async () => {
    const opened = await readBaseline(sandbox, courseId);
    const mine = renameNode(
      draftOf(opened),
      draftOf(opened).sections[0]!.lessons[1]!.clientId,
      'Mine',
    );
    // Someone else renames topic B and changes the description meanwhile.
    const topicB = opened.structure.sections[0]!.lessons[0]!.topics.find((t) => t.title === 'B')!;
    const update = await sandbox.api('PUT', '/content/course/update', {
      courseAttributes: {
        courseGroups: [{ id: opened.courseGroup.id, description: 'Changed elsewhere' }],
        topics: [{ id: topicB.id, title: 'Theirs' }],
      },
    });
    expect(update.status).toBe(200);
    const now = await readBaseline(sandbox, courseId);
    // Planned against the version it began from, the draft would set both back: the lost update.
    const changes = serverChanges(opened, mine, now);
    expect(changes.map((c) => [c.kind, c.field, c.theirs, c.conflict])).toEqual([
      ['field', 'description', 'Changed elsewhere', false],
      ['field', 'title', 'Theirs', false],
    ]);
    const after = await applyDraft(now, rebaseDraft(opened, mine, now, {}) as CourseGroupDraft);
    expect(after.courseGroup.description).toBe('Changed elsewhere');
    expect(shape(after)[0]![2]).toEqual([
      ['L', ['Theirs']],
      ['Mine', []],
    ]);
  });
});
