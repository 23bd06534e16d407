// Compiler benchmark: compileCreate for 100 courses x 100 children, and compileUpdate over a
// 2,000-node course with a realistic mix of edits (fields, renames, moves, new nodes, reorder).
// Both include the draft validation they run. Pure CPU: no sandbox, no I/O.
import {
  addNode,
  allNodes,
  compileCreate,
  compileUpdate,
  moveNode,
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  renameNode,
  sequentialIds,
  setAttributes,
  setNodeFields,
  type CourseDraft,
  type CourseGroupDraft,
  type IdGenerator,
  type LessonNode,
  type TopicNode,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '#compiler/test-drafts.ts';

function time(label: string, iterations: number, fn: () => void): void {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  console.log(
    `${label}: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${samples[0]!.toFixed(1)} ms (${iterations} runs)`,
  );
}

/** 4 sections x 4 lessons x 5 topics = 100 children, with a mix of topic types. */
function hundredChildren(ids: IdGenerator, title: string): CourseDraft {
  let draft = newCourseDraft('courseGroup', title, ids) as CourseGroupDraft;
  draft = setAttributes(draft, {
    description: 'Benchmark course',
    priceInCents: 4900,
    authors: ['A'],
  });
  for (let s = 0; s < 4; s++) {
    const section = newSection(`Section ${s}`, ids);
    draft = addNode(draft, section, { parentId: null, index: s });
    for (let l = 0; l < 4; l++) {
      const lesson = newLesson(`Lesson ${s}.${l}`, ids);
      draft = addNode(draft, lesson, { parentId: section.clientId, index: l });
      for (let t = 0; t < 5; t++) {
        const topic =
          t % 3 === 0
            ? { ...newTopic(`Video ${t}`, 'video', ids), videoAsset: `media-${t}` }
            : { ...newTopic(`Text ${t}`, 'text', ids), body: '<p>Lorem ipsum dolor sit amet.</p>' };
        draft = addNode(draft, topic, { parentId: lesson.clientId, index: t });
      }
    }
  }
  return draft;
}

/** A realistic editing session over a saved ~2,000-node course. */
function editSession(saved: CourseGroupDraft, ids: IdGenerator): CourseGroupDraft {
  let d = setAttributes(saved, { description: 'Revised', priceInCents: 9900 });
  const topics = allNodes(d).filter((n): n is TopicNode => n.kind === 'topic');
  const lessons = allNodes(d).filter((n): n is LessonNode => n.kind === 'lesson');
  topics.forEach((topic, i) => {
    if (i % 20 === 0) d = setNodeFields(d, topic.clientId, { body: `<p>Edited ${i}</p>` });
    if (i % 50 === 7) d = renameNode(d, topic.clientId, `Renamed ${i}`);
  });
  for (let i = 0; i < 30; i++) {
    const topic = topics[(i * 61) % topics.length]!;
    const target = lessons[(i * 7 + 3) % lessons.length]!;
    const size = (allNodes(d).find((n) => n.clientId === target.clientId) as LessonNode).topics
      .length;
    d = moveNode(d, topic.clientId, { parentId: target.clientId, index: size });
  }
  for (let i = 0; i < 5; i++) {
    const lesson = lessons[i * 13]!;
    const section = d.sections[(i + 5) % d.sections.length]!;
    d = moveNode(d, lesson.clientId, { parentId: section.clientId, index: section.lessons.length });
  }
  for (let i = 0; i < 50; i++) {
    const lesson = lessons[(i * 17) % lessons.length]!;
    const size = (allNodes(d).find((n) => n.clientId === lesson.clientId) as LessonNode).topics
      .length;
    d = addNode(d, newTopic(`New topic ${i}`, 'text', ids), {
      parentId: lesson.clientId,
      index: size,
    });
  }
  for (let s = 0; s < 2; s++) {
    const section = newSection(`New section ${s}`, ids);
    d = addNode(d, section, { parentId: null, index: s * 4 });
    for (let l = 0; l < 3; l++) {
      const lesson = newLesson(`New lesson ${s}.${l}`, ids);
      d = addNode(d, lesson, { parentId: section.clientId, index: l });
      for (let t = 0; t < 10; t++)
        d = addNode(d, newTopic(`T ${t}`, 'text', ids), { parentId: lesson.clientId, index: t });
    }
  }
  return moveNode(d, d.sections.at(-1)!.clientId, { parentId: null, index: 1 });
}

export async function run(): Promise<void> {
  const ids = sequentialIds('b');
  const drafts = Array.from({ length: 100 }, (_, i) => hundredChildren(ids, `Course ${i}`));
  const created = compileCreate(drafts);
  const items = created.plan.steps.length;
  console.log(
    `compileCreate input: 100 courses x 100 children (${items} request${items === 1 ? '' : 's'})`,
  );
  time('compileCreate 100 x 100', 20, () => compileCreate(drafts));

  const { baseline, saved } = saveDraft(gridDraft(10, 10, 19, sequentialIds('g'))); // 2,010 nodes
  const edited = editSession(saved, sequentialIds('e'));
  const { plan, issues } = compileUpdate(baseline, edited);
  const updateItems = plan.steps.reduce(
    (n, s) => n + (s.kind === 'update' ? s.items.length : 0),
    0,
  );
  console.log(
    `compileUpdate input: ${allNodes(saved).length} nodes, ${allNodes(edited).length - allNodes(saved).length} new; plan: ${plan.steps.length} steps, ${updateItems} items, ${issues.length} issues`,
  );
  time('compileUpdate 2,000-node course', 20, () => compileUpdate(baseline, edited));
}
