// What a learner's pages are, from a course draft (saved or not): every topic in course order with its
// section, its lesson and the lesson's access, and the outline a learner sees. Plain data: the preview
// dialog renders it.
import type { OpenType } from '#contract/enums.ts';
import { isTreeDraft, type CourseDraft, type TopicNode } from '#compiler/index.ts';

export interface PreviewPage {
  /** The topic's client id in the draft (the editor's node id). */
  id: string;
  /** Position in course order, from 0. */
  index: number;
  topic: TopicNode;
  section?: { title: string; number: number };
  lesson?: { title: string; openType: OpenType };
}

export interface OutlineLesson {
  id: string;
  title: string;
  openType: OpenType;
  pages: PreviewPage[];
}

export interface OutlineSection {
  id: string;
  title: string;
  lessons: OutlineLesson[];
}

export interface LearnerCourse {
  title: string;
  pages: PreviewPage[];
  /** Sections and lessons (a course group); empty for a micro-course, whose topics stand alone. */
  sections: OutlineSection[];
}

/** The learner's view of a draft, or null for the kinds without topics (article, video, SCORM…). */
export function learnerCourse(draft: CourseDraft): LearnerCourse | null {
  if (!isTreeDraft(draft)) return null;
  const pages: PreviewPage[] = [];
  const page = (topic: TopicNode, extra: Omit<PreviewPage, 'id' | 'index' | 'topic'> = {}) => {
    const next: PreviewPage = { id: topic.clientId, index: pages.length, topic, ...extra };
    pages.push(next);
    return next;
  };
  if (draft.kind === 'microCourse') {
    draft.topics.forEach((topic) => page(topic));
    return { title: draft.attributes.title, pages, sections: [] };
  }
  const sections = draft.sections.map((section, s) => ({
    id: section.clientId,
    title: section.title,
    lessons: section.lessons.map((lesson) => ({
      id: lesson.clientId,
      title: lesson.title,
      openType: lesson.openType,
      pages: lesson.topics.map((topic) =>
        page(topic, {
          section: { title: section.title, number: s + 1 },
          lesson: { title: lesson.title, openType: lesson.openType },
        }),
      ),
    })),
  }));
  return { title: draft.attributes.title, pages, sections };
}

/** The media a topic's page shows besides its body (spec 2.3 URL fields). */
export function topicMedia(topic: TopicNode): { label: string; url: string }[] {
  const media: [string, string | undefined][] = [
    ['Video', topic.videoUrl],
    ['Poster image', topic.posterImageAsset],
    ['Audio', topic.audioUrl],
    ['PDF', topic.pdfUrl],
    ['SCORM package', topic.scormUrl],
  ];
  return media.flatMap(([label, url]) => (url ? [{ label, url }] : []));
}
