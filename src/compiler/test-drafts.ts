// Drafts and baselines for the compiler's unit tests: a baseline is what the API would return for a
// draft saved as is (every node gets a server id), built without a server.
import { randomUUID } from 'node:crypto';
import type {
  Course,
  CourseGroup,
  CourseStructure,
  TopicRecord,
  TopicType,
} from '#contract/index.ts';
import {
  addNode,
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  sequentialIds,
  type Baseline,
  type CourseDraft,
  type CourseGroupDraft,
  type IdGenerator,
  type LessonNode,
  type SectionNode,
  type TopicNode,
} from '#compiler/index.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A courseGroup draft of `sections` x `lessons` x `topics` text topics titled by position. */
export function gridDraft(
  sections: number,
  lessons: number,
  topics: number,
  ids: IdGenerator = sequentialIds(),
): CourseGroupDraft {
  let draft = newCourseDraft('courseGroup', 'Grid course', ids) as CourseGroupDraft;
  for (let s = 0; s < sections; s++) {
    const section = newSection(`S${s}`, ids);
    draft = addNode(draft, section, { parentId: null, index: s });
    for (let l = 0; l < lessons; l++) {
      const lesson = newLesson(`S${s}L${l}`, ids);
      draft = addNode(draft, lesson, { parentId: section.clientId, index: l });
      for (let t = 0; t < topics; t++)
        draft = addNode(draft, newTopic(`S${s}L${l}T${t}`, 'text', ids), {
          parentId: lesson.clientId,
          index: t,
        });
    }
  }
  return draft;
}

export function topicRecord(
  topic: Partial<TopicRecord> & { title: string; type: TopicType },
  ids: { id: string; lessonId: string; courseId: string; displayOrder: number },
): TopicRecord {
  return {
    body: null,
    languages: [],
    preTextBlock: null,
    postTextBlock: null,
    width: null,
    height: null,
    embeddedEnabled: false,
    fullscreenEmbed: false,
    preventProgression: false,
    resetSessionAfterComplete: false,
    caption: null,
    searchDisabled: false,
    printDisabled: false,
    fileDownloadDisabled: false,
    scormUrl: null,
    scoTitle: null,
    objectType: null,
    courseCompletionCriteria: null,
    pdfUrl: null,
    videoUrl: null,
    videoAsset: null,
    assetType: null,
    preAsset: null,
    postAsset: null,
    posterImageAsset: null,
    audioUrl: null,
    ...topic,
    ...ids,
  };
}

function groupRecord(draft: CourseDraft, id: string, courseId: string): CourseGroup {
  const a = draft.attributes;
  return {
    id,
    title: a.title,
    slug: a.slug ?? 'grid-course',
    kind: draft.kind,
    status: 'draft',
    isTemplate: false,
    language: 'en',
    contentType: a.contentType ?? 'course',
    authors: a.authors ?? [],
    source: a.source ?? null,
    description: a.description ?? '',
    displayCourseId: courseId,
    courseCount: 1,
    archived: a.archived ?? false,
    tagIds: a.tagIds ?? [],
    customFields: a.customFields ?? {},
    asset: a.asset ?? null,
    assetAltText: a.assetAltText ?? null,
    detailAsset: a.detailAsset ?? null,
    detailAssetAltText: a.detailAssetAltText ?? null,
    ribbon: a.ribbon ?? null,
    metaTitle: a.metaTitle ?? null,
    metaDescription: a.metaDescription ?? null,
    relatedCourseGroupIds: a.relatedCourseGroupIds ?? [],
    createdAt: AT,
    updatedAt: AT,
  };
}

function courseRecord(draft: CourseDraft, id: string, groupId: string): Course {
  const a = draft.attributes;
  return {
    id,
    courseGroupId: groupId,
    title: a.title,
    kind: draft.kind,
    status: a.status ?? 'draft',
    sku: a.sku ?? null,
    isbn: a.isbn ?? null,
    discussionsEnabled: a.discussionsEnabled ?? false,
    availableToPublic: a.availableToPublic ?? false,
    enrollmentLimit: a.enrollmentLimit ?? null,
    enrollmentStartDate: a.enrollmentStartDate ?? AT,
    enrollmentEndDate: a.enrollmentEndDate ?? null,
    courseStartDate: a.courseStartDate ?? AT,
    courseEndDate: a.courseEndDate ?? null,
    gracePeriodEndDate: a.gracePeriodEndDate ?? null,
    priceInCents: a.priceInCents ?? 0,
    freeWithRegistration: a.freeWithRegistration ?? false,
    purchasable: a.purchasable ?? false,
    futurePublishDate: a.futurePublishDate ?? null,
    publishDate: a.publishDate ?? null,
    customFields: a.sessionCustomFields ?? {},
    forceLinearProgress: a.forceLinearProgress ?? false,
    showProgress: a.showProgress ?? true,
    prerequisiteCourseIds: a.prerequisiteCourseIds ?? [],
    prerequisiteLearningPathIds: a.prerequisiteLearningPathIds ?? [],
    isDisplayCourse: true,
    scormUrl: null,
    width: null,
    height: null,
    embeddedEnabled: null,
    resetSessionAfterComplete: null,
    createdAt: AT,
    updatedAt: AT,
  };
}

/** "Save" a draft: the baseline the API would show for it, and the draft with its server ids. */
export function saveDraft<D extends CourseDraft>(draft: D): { baseline: Baseline; saved: D } {
  // A draft saved before keeps its course (a later version of the same course).
  const groupId = draft.serverIds?.courseGroupId ?? randomUUID();
  const courseId = draft.serverIds?.courseId ?? randomUUID();
  const topicOf = (topic: TopicNode, lessonId: string, displayOrder: number) => {
    const { kind: _k, clientId: _c, serverId: _s, ...fields } = topic;
    const id = topic.serverId ?? randomUUID();
    return {
      node: { ...topic, serverId: id },
      record: topicRecord(fields as never, { id, lessonId, courseId, displayOrder }),
    };
  };
  const lessonOf = (lesson: LessonNode, sectionId: string, displayOrder: number) => {
    const id = lesson.serverId ?? randomUUID();
    const topics = lesson.topics.map((t, i) => topicOf(t, id, i));
    return {
      node: { ...lesson, serverId: id, topics: topics.map((t) => t.node) },
      record: {
        id,
        sectionId,
        courseId,
        title: lesson.title,
        openType: lesson.openType,
        displayOrder,
        topics: topics.map((t) => t.record),
      },
    };
  };
  const sectionOf = (section: SectionNode, displayOrder: number) => {
    const id = section.serverId ?? randomUUID();
    const lessons = section.lessons.map((l, i) => lessonOf(l, id, i));
    return {
      node: { ...section, serverId: id, lessons: lessons.map((l) => l.node) },
      record: {
        id,
        courseId,
        title: section.title,
        releaseDate: section.releaseDate ?? null,
        displayOrder,
        lessons: lessons.map((l) => l.record),
      },
    };
  };

  let saved: CourseDraft;
  let sections: CourseStructure['sections'];
  const serverIds = { ...draft.serverIds, courseGroupId: groupId, courseId };
  if (draft.kind === 'courseGroup') {
    const built = draft.sections.map(sectionOf);
    sections = built.map((s) => s.record);
    saved = { ...draft, serverIds, sections: built.map((s) => s.node) };
  } else {
    const implicitTopics: TopicNode[] =
      draft.kind === 'microCourse' ? draft.topics : [implicitTopic(draft)];
    const lesson = newLesson(draft.attributes.title, sequentialIds('implicit_'));
    const section = newSection(draft.attributes.title, sequentialIds('implicit_'));
    const built = sectionOf({ ...section, lessons: [{ ...lesson, topics: implicitTopics }] }, 0);
    sections = [built.record];
    const lessonRecord = built.record.lessons[0]!;
    const ids = {
      ...serverIds,
      implicitSectionId: built.record.id,
      implicitLessonId: lessonRecord.id,
      ...(draft.kind !== 'microCourse' && { implicitTopicId: lessonRecord.topics[0]!.id }),
    };
    saved =
      draft.kind === 'microCourse'
        ? { ...draft, serverIds: ids, topics: built.node.lessons[0]!.topics }
        : { ...draft, serverIds: ids };
  }
  const baseline: Baseline = {
    courseGroup: groupRecord(draft, groupId, courseId),
    course: courseRecord(draft, courseId, groupId),
    structure: {
      courseId,
      courseGroupId: groupId,
      title: draft.attributes.title,
      kind: draft.kind,
      status: 'draft',
      sections,
      completionCriteria: [],
    },
  };
  return { baseline, saved: saved as D };
}

function implicitTopic(draft: CourseDraft): TopicNode {
  const ids = sequentialIds('implicit_topic_');
  if (draft.kind === 'article')
    return {
      ...newTopic(draft.articleVariant.title || draft.attributes.title, 'article', ids),
      ...(draft.articleVariant.body !== undefined && { body: draft.articleVariant.body }),
      languages: [draft.articleVariant],
    };
  if (draft.kind === 'video')
    return { ...newTopic(draft.attributes.title, 'video', ids), ...draft.video };
  if (draft.kind === 'shareableContentObject')
    return { ...newTopic(draft.attributes.title, 'shareableContentObject', ids), ...draft.scorm };
  throw new Error('not an implicit-topic kind');
}
