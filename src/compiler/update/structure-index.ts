// Where each saved section, lesson and topic sits in the baseline, and what the draft did with it.
import type { CourseStructure, TopicRecord } from '#contract/index.ts';
import type { TreeNode } from '../draft/schema.ts';
import { refString } from '../plan/refs.ts';
import type { StructureLesson, StructureSection } from './baseline.ts';
import type { Existing } from '../plan/schedule-structure.ts';

export interface IndexedEntity<R> extends Existing {
  record: R;
  /** Server id of the parent (the course for sections). */
  parentId: string;
}

export interface StructureIndex {
  sections: Map<string, IndexedEntity<StructureSection>>;
  lessons: Map<string, IndexedEntity<StructureLesson>>;
  topics: Map<string, IndexedEntity<TopicRecord>>;
  /** Every server id in the structure. */
  ids: string[];
}

/** Index the structure; `onlyLessonId` limits it to one lesson's topics (a microCourse's). */
export function indexStructure(structure: CourseStructure, onlyLessonId?: string): StructureIndex {
  const index: StructureIndex = {
    sections: new Map(),
    lessons: new Map(),
    topics: new Map(),
    ids: [],
  };
  const courseRef = refString({ id: structure.courseId });
  structure.sections.forEach((section, s) => {
    index.ids.push(section.id);
    if (onlyLessonId === undefined)
      index.sections.set(section.id, {
        ref: { id: section.id },
        parent: courseRef,
        parentId: structure.courseId,
        index: s,
        record: section,
      });
    section.lessons.forEach((lesson, l) => {
      index.ids.push(lesson.id);
      if (onlyLessonId === undefined)
        index.lessons.set(lesson.id, {
          ref: { id: lesson.id },
          parent: refString({ id: section.id }),
          parentId: section.id,
          index: l,
          record: lesson,
        });
      lesson.topics.forEach((topic, t) => {
        index.ids.push(topic.id);
        if (onlyLessonId === undefined || onlyLessonId === lesson.id)
          index.topics.set(topic.id, {
            ref: { id: topic.id },
            parent: refString({ id: lesson.id }),
            parentId: lesson.id,
            index: t,
            record: topic,
          });
      });
    });
  });
  return index;
}

export function indexedFor(
  index: StructureIndex,
  node: TreeNode,
): IndexedEntity<StructureSection | StructureLesson | TopicRecord> | undefined {
  if (node.serverId === undefined) return undefined;
  const map =
    node.kind === 'section'
      ? index.sections
      : node.kind === 'lesson'
        ? index.lessons
        : index.topics;
  return map.get(node.serverId);
}
