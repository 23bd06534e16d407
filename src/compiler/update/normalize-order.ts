// The draft re-ordered into what the API can produce: in each lesson and section, saved children that
// stay come first in their saved order, then moved-in and new children in draft order. The editor
// can offer this instead of a reorder the API cannot make.
import type { CourseDraft, LessonNode, SectionNode, TopicNode, TreeNode } from '../draft/schema.ts';
import type { Baseline } from './baseline.ts';
import { implicitOf } from './baseline.ts';
import { achievableOrder } from '../plan/order.ts';
import { indexStructure, indexedFor } from './structure-index.ts';

export function normalizeOrder<D extends CourseDraft>(baseline: Baseline, draft: D): D {
  const index = indexStructure(
    baseline.structure,
    draft.kind === 'microCourse' ? implicitOf(baseline.structure).lesson?.id : undefined,
  );
  const reorder = <N extends TreeNode>(
    children: readonly N[],
    parentServerId: string | undefined,
  ): N[] => {
    const ordered = children.map((node) => {
      const saved = indexedFor(index, node);
      const stays =
        saved !== undefined && parentServerId !== undefined && saved.parentId === parentServerId;
      return { key: node.clientId, node, ...(stays && { stayIndex: saved.index }) };
    });
    return achievableOrder(ordered).map((entry) => entry.node);
  };
  const lesson = (node: LessonNode): LessonNode => ({
    ...node,
    topics: reorder(node.topics, node.serverId),
  });
  const section = (node: SectionNode): SectionNode => ({
    ...node,
    lessons: reorder(node.lessons, node.serverId).map(lesson),
  });
  if (draft.kind === 'courseGroup') return { ...draft, sections: draft.sections.map(section) };
  if (draft.kind === 'microCourse')
    return {
      ...draft,
      topics: reorder(draft.topics as TopicNode[], implicitOf(baseline.structure).lesson?.id),
    };
  return draft;
}
