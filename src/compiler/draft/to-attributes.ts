// A draft as one `courseAttributes` entry of a create request (spec 2.2), and the way back from a path
// inside that entry (as the contract's rules report it) to the draft node it concerns.
import type { CourseAttributes, Path } from '#contract/index.ts';
import type { CourseDraft, LessonNode, SectionNode, TopicNode } from './schema.ts';

/** Fields a draft may hold that create cannot take (they are set by update once the course exists). */
export const UPDATE_ONLY_ATTRIBUTES = ['slug', 'archived'] as const;

export const topicPayload = (topic: TopicNode) => {
  const { kind: _kind, clientId: _clientId, serverId: _serverId, ...fields } = topic;
  return fields;
};

export const lessonPayload = (lesson: LessonNode, topics = lesson.topics) => ({
  title: lesson.title,
  openType: lesson.openType,
  topics: topics.map(topicPayload),
});

export const sectionPayload = (section: SectionNode, lessons = section.lessons) => ({
  title: section.title,
  ...(section.releaseDate !== undefined && { releaseDate: section.releaseDate }),
  lessons: lessons.map((lesson) => lessonPayload(lesson)),
});

export function courseAttributesOf(draft: CourseDraft): CourseAttributes {
  const { slug: _slug, archived: _archived, ...attributes } = draft.attributes;
  const base = { ...attributes, kind: draft.kind };
  switch (draft.kind) {
    case 'courseGroup':
      return { ...base, kind: draft.kind, sections: draft.sections.map((s) => sectionPayload(s)) };
    case 'microCourse':
      return { ...base, kind: draft.kind, topics: draft.topics.map(topicPayload) };
    case 'article':
      return { ...base, kind: draft.kind, articleVariant: draft.articleVariant };
    case 'video':
      return { ...base, kind: draft.kind, ...draft.video };
    case 'shareableContentObject':
      return { ...base, kind: draft.kind, ...draft.scorm };
  }
}

export interface NodeLocation {
  nodeId: string;
  field?: string;
}

/** Map a path relative to a course's attributes (`['sections', 0, 'lessons', 1, 'title']`) to a node. */
export function locatePath(draft: CourseDraft, path: Path): NodeLocation {
  const rest = [...path];
  let nodeId = draft.clientId;
  const take = (key: string, list: readonly { clientId: string }[] | undefined) => {
    if (rest[0] !== key || typeof rest[1] !== 'number' || !list?.[rest[1]]) return undefined;
    const node = list[rest[1]]!;
    nodeId = node.clientId;
    rest.splice(0, 2);
    return node;
  };
  if (draft.kind === 'courseGroup') {
    const section = take('sections', draft.sections) as SectionNode | undefined;
    const lesson = section && (take('lessons', section.lessons) as LessonNode | undefined);
    if (lesson) take('topics', lesson.topics);
  } else if (draft.kind === 'microCourse') take('topics', draft.topics);
  const field = rest.length > 0 ? rest.map(String).join('.') : undefined;
  return field === undefined ? { nodeId } : { nodeId, field };
}
