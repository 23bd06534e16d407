// The editor's tree actions against a course read back from the real sandbox: refused edits carry
// the compiler's explanation, and "move to Unused" yields a plan the API accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILER_MESSAGES,
  compileUpdate,
  draftFromBaseline,
  sequentialIds,
  type Baseline,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import {
  moveChecked,
  moveToUnused,
  removeChecked,
} from '../../src/console/features/course-editor/tree/outline-edits.ts';
import { baselineDifferences } from '../../src/console/features/course-editor/persistence/load-course.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';

let sandbox: TestSandbox;
let baseline: Baseline;

async function readBaseline(courseId: string): Promise<Baseline> {
  const structure = (await sandbox.api('GET', `/courses/${courseId}/structure`))
    .body as Baseline['structure'];
  const group = (await sandbox.api('GET', `/courseGroups/${structure.courseGroupId}`))
    .body as Baseline['courseGroup'];
  const { courses } = (await sandbox.api('GET', `/courseGroups/${structure.courseGroupId}/courses`))
    .body as { courses: Baseline['course'][] };
  return { structure, courseGroup: group, course: courses.find((c) => c.id === courseId)! };
}

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
            ],
          },
        ],
      },
    ],
  });
  expect(created.status).toBe(200);
  baseline = await readBaseline((created.body as { courseIds: string[] }).courseIds[0]!);
});
afterAll(() => sandbox.close());

const draftOf = () => draftFromBaseline(baseline, sequentialIds()) as CourseGroupDraft;
const topic = (draft: CourseGroupDraft, title: string) =>
  draft.sections[0]!.lessons[0]!.topics.find((t) => t.title === title)!;

describe('editor tree actions', () => {
  it('refuses to delete a saved topic with the compiler message and offers Unused', () => {
    const draft = draftOf();
    const outcome = removeChecked(draft, topic(draft, 'A').clientId);
    expect(outcome).toEqual({
      ok: false,
      message: COMPILER_MESSAGES.cannotDelete('topic', 'A'),
      offerUnused: true,
    });
  });

  it('refuses to reorder saved topics within their lesson', () => {
    const draft = draftOf();
    const lessonId = draft.sections[0]!.lessons[0]!.clientId;
    const outcome = moveChecked(draft, topic(draft, 'B').clientId, {
      parentId: lessonId,
      index: 0,
    });
    expect(outcome).toEqual({
      ok: false,
      message: COMPILER_MESSAGES.cannotReorder('topic', 'lesson'),
    });
  });

  it('moves a saved topic to a new "Unused" lesson, and the update plan applies it', async () => {
    const draft = draftOf();
    const outcome = moveToUnused(draft, topic(draft, 'A').clientId, sequentialIds('u_'));
    if (!outcome.ok) throw new Error(outcome.message);
    const moved = outcome.draft as CourseGroupDraft;
    expect(moved.sections[0]!.lessons.map((l) => [l.title, l.topics.map((t) => t.title)])).toEqual([
      ['L', ['B']],
      ['Unused', ['A']],
    ]);
    const { plan, issues } = compileUpdate(baseline, moved);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan.steps.length).toBeGreaterThan(0);
  });

  it('lists what changed on the server between two reads', () => {
    const changed: Baseline = {
      ...baseline,
      courseGroup: { ...baseline.courseGroup, description: 'Elsewhere' },
    };
    expect(baselineDifferences(baseline, changed)).toEqual([
      {
        where: 'group.description',
        before: JSON.stringify(baseline.courseGroup.description),
        after: '"Elsewhere"',
      },
    ]);
    expect(baselineDifferences(baseline, baseline)).toEqual([]);
  });
});
