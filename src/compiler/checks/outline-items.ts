// The items of a draft as the checks name them: the course and every section, lesson and topic, in
// course order, each with its id (the server's once saved, else the draft's), title and place in words.
import type { CheckItem } from '#contract/console/course-checks.ts';
import type { CourseDraft, LessonNode, SectionNode, TopicNode, TreeNode } from '../draft/schema.ts';

export type OutlineEntry =
  | { item: CheckItem; node: SectionNode; children: readonly LessonNode[] }
  | { item: CheckItem; node: LessonNode; children: readonly TopicNode[] }
  | { item: CheckItem; node: TopicNode; children: readonly [] };

const itemId = (node: TreeNode) => node.serverId ?? node.clientId;

export function courseItem(draft: CourseDraft): CheckItem {
  return {
    kind: 'course',
    id: draft.serverIds?.courseId ?? draft.clientId,
    title: draft.attributes.title,
    place: 'Course',
  };
}

/** Every section, lesson and topic in course order (parents before their children). */
export function outlineEntries(draft: CourseDraft): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const topic = (node: TopicNode, place: string) =>
    entries.push({
      item: { kind: 'topic', id: itemId(node), title: node.title, place, topicType: node.type },
      node,
      children: [],
    });
  if (draft.kind === 'microCourse')
    draft.topics.forEach((node, index) => topic(node, `Topic ${index + 1}`));
  if (draft.kind === 'courseGroup')
    draft.sections.forEach((section, s) => {
      const sectionPlace = `Section ${s + 1}`;
      entries.push({
        item: { kind: 'section', id: itemId(section), title: section.title, place: sectionPlace },
        node: section,
        children: section.lessons,
      });
      section.lessons.forEach((lesson, l) => {
        const lessonPlace = `${sectionPlace}, lesson ${l + 1}`;
        entries.push({
          item: { kind: 'lesson', id: itemId(lesson), title: lesson.title, place: lessonPlace },
          node: lesson,
          children: lesson.topics,
        });
        lesson.topics.forEach((node, t) => topic(node, `${lessonPlace}, topic ${t + 1}`));
      });
    });
  return entries;
}

/**
 * The draft node a finding's item names: its client id, looked up by server id or client id (a report of
 * the saved course names server ids; a check of the draft, client ids). The course is `draft.clientId`.
 */
export function nodeIdForItem(draft: CourseDraft, itemId: string): string | undefined {
  if (itemId === draft.clientId || itemId === draft.serverIds?.courseId) return draft.clientId;
  for (const { node } of outlineEntries(draft))
    if (node.serverId === itemId || node.clientId === itemId) return node.clientId;
  return undefined;
}
