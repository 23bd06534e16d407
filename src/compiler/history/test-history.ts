// Versions of one course for the history tests: a saved course, an edit script applied to it, and the
// course as the API would show it after (saveDraft keeps the ids of saved nodes and gives new ones
// their own), so two versions share ids exactly where the API would.
import fc from 'fast-check';
import {
  addNode,
  allNodes,
  moveNode,
  newTopic,
  removeNode,
  renameNode,
  sequentialIds,
  setNodeFields,
  type Baseline,
  type CourseGroupDraft,
  type LessonNode,
  type TopicNode,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '../test-drafts.ts';

export type HistoryEdit =
  | { op: 'rename'; n: number; title: string }
  | { op: 'caption'; n: number }
  | { op: 'moveTopic'; n: number; l: number; at: number }
  | { op: 'moveLesson'; n: number; s: number; at: number }
  | { op: 'moveSection'; n: number; at: number }
  | { op: 'addTopic'; l: number; at: number; title: string }
  | { op: 'remove'; n: number };

const idx = fc.nat(1000);
const title = fc.stringMatching(/^[A-Z][a-z]{0,6}$/);
export const historyEdit: fc.Arbitrary<HistoryEdit> = fc.oneof(
  fc.record({ op: fc.constant('rename' as const), n: idx, title }),
  fc.record({ op: fc.constant('caption' as const), n: idx }),
  fc.record({ op: fc.constant('moveTopic' as const), n: idx, l: idx, at: idx }),
  fc.record({ op: fc.constant('moveLesson' as const), n: idx, s: idx, at: idx }),
  fc.record({ op: fc.constant('moveSection' as const), n: idx, at: idx }),
  fc.record({ op: fc.constant('addTopic' as const), l: idx, at: idx, title }),
  fc.record({ op: fc.constant('remove' as const), n: idx }),
);

const pick = <T>(list: readonly T[], n: number): T | undefined =>
  list.length ? list[n % list.length] : undefined;

/** Applies a script; indexes are taken modulo what exists, edits without a target are skipped. */
export function applyHistoryEdits(
  start: CourseGroupDraft,
  edits: readonly HistoryEdit[],
): CourseGroupDraft {
  const ids = sequentialIds('edit_');
  let d = start;
  for (const e of edits) {
    const nodes = allNodes(d);
    const topics = nodes.filter((n): n is TopicNode => n.kind === 'topic');
    const lessons = nodes.filter((n): n is LessonNode => n.kind === 'lesson');
    if (e.op === 'rename') {
      const node = pick(nodes, e.n);
      if (node) d = renameNode(d, node.clientId, e.title);
    } else if (e.op === 'caption') {
      const topic = pick(topics, e.n);
      if (topic) d = setNodeFields(d, topic.clientId, { caption: `caption ${e.n}` });
    } else if (e.op === 'moveTopic') {
      const [topic, lesson] = [pick(topics, e.n), pick(lessons, e.l)];
      if (topic && lesson)
        d = moveNode(d, topic.clientId, {
          parentId: lesson.clientId,
          index: e.at % (lesson.topics.length + 1),
        });
    } else if (e.op === 'moveLesson') {
      const [lesson, section] = [pick(lessons, e.n), pick(d.sections, e.s)];
      if (lesson && section)
        d = moveNode(d, lesson.clientId, {
          parentId: section.clientId,
          index: e.at % (section.lessons.length + 1),
        });
    } else if (e.op === 'moveSection') {
      const section = pick(d.sections, e.n);
      if (section)
        d = moveNode(d, section.clientId, { parentId: null, index: e.at % d.sections.length });
    } else if (e.op === 'addTopic') {
      const lesson = pick(lessons, e.l);
      if (lesson)
        d = addNode(d, newTopic(e.title, 'text', ids), {
          parentId: lesson.clientId,
          index: e.at % (lesson.topics.length + 1),
        });
    } else {
      const node = pick(nodes, e.n);
      if (node) d = removeNode(d, node.clientId);
    }
  }
  return d;
}

/** A saved course and the same course after the edits, both as the API would show them. */
export function twoVersions(
  size: [number, number, number],
  edits: readonly HistoryEdit[],
): { before: Baseline; after: Baseline; saved: CourseGroupDraft } {
  const { baseline: before, saved } = saveDraft(gridDraft(...size));
  const { baseline: after } = saveDraft(applyHistoryEdits(saved, edits));
  return { before, after, saved };
}

export const gridSize = fc.tuple(
  fc.integer({ min: 1, max: 3 }),
  fc.integer({ min: 0, max: 3 }),
  fc.integer({ min: 0, max: 3 }),
);
