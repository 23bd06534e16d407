// Constructors for empty drafts and new nodes. New nodes never carry a server id.
import type { CreateKind, OpenType, TopicType } from '#contract/index.ts';
import type { IdGenerator } from '../ids.ts';
import type { CourseDraft, LessonNode, SectionNode, TopicNode } from './schema.ts';

export function newCourseDraft(kind: CreateKind, title: string, ids: IdGenerator): CourseDraft {
  const common = { clientId: ids(), attributes: { title } };
  switch (kind) {
    case 'courseGroup':
      return { ...common, kind, sections: [] };
    case 'microCourse':
      return { ...common, kind, topics: [] };
    case 'article':
      return { ...common, kind, articleVariant: {} };
    case 'video':
      return { ...common, kind, video: {} };
    case 'shareableContentObject':
      return { ...common, kind, scorm: {} };
  }
}

export const newSection = (title: string, ids: IdGenerator): SectionNode => ({
  kind: 'section',
  clientId: ids(),
  title,
  lessons: [],
});

export const newLesson = (
  title: string,
  ids: IdGenerator,
  openType: OpenType = 'studentsOnly',
): LessonNode => ({ kind: 'lesson', clientId: ids(), title, openType, topics: [] });

export const newTopic = (title: string, type: TopicType, ids: IdGenerator): TopicNode => ({
  kind: 'topic',
  clientId: ids(),
  title,
  type,
});
