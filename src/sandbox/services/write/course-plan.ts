// Turns one validated create entry (spec 2.2) into rows: one course group, one course, and the
// kind-specific structure (spec 2.2 "Kind-specific structure"), plus the files to fetch; and the one
// writer of those rows, used by create and by the demo seed.
import { randomUUID } from 'node:crypto';
import {
  stripHtml,
  type CourseAttributes,
  type CreateKind,
  type Lesson,
  type Section,
  type Topic,
} from '#contract/index.ts';
import {
  createCompletionCriteriaRepository,
  type CompletionCriterionColumns,
} from '../../storage/completion-criteria-repository.ts';
import {
  createCourseGroupRepository,
  type CourseGroupColumns,
} from '../../storage/course-group-repository.ts';
import { createCourseRepository, type CourseColumns } from '../../storage/course-repository.ts';
import type { Db } from '../../storage/database.ts';
import { createLessonRepository, type LessonColumns } from '../../storage/lesson-repository.ts';
import { createSectionRepository, type SectionColumns } from '../../storage/section-repository.ts';
import { bit, nullableBit } from '../../storage/sql-helpers.ts';
import { createTopicRepository, type TopicColumns } from '../../storage/topic-repository.ts';
import type { PlannedUpload } from '../jobs/job-service.ts';
import { uniqueSlug } from './slugs.ts';
import { applyTopicFields, criterionRow, storedFields, topicUploads } from './topic-content.ts';

/** The content type a group gets when the request names none (spec 2.2: derived from kind). */
export const CONTENT_TYPE_BY_KIND: Record<CreateKind, string> = {
  courseGroup: 'course',
  microCourse: 'microCourse',
  article: 'article',
  video: 'video',
  shareableContentObject: 'scorm',
};

export interface CoursePlan {
  group: CourseGroupColumns;
  course: CourseColumns;
  sections: SectionColumns[];
  lessons: LessonColumns[];
  topics: TopicColumns[];
  criteria: CompletionCriterionColumns[];
  uploads: PlannedUpload[];
}

/** Status on create (spec 3): futurePublishDate -> pending; published -> published; else draft. */
export function createStatus(input: Pick<CourseAttributes, 'status' | 'futurePublishDate'>) {
  if (input.status === 'published') return 'published';
  if (input.futurePublishDate !== undefined) return 'pending';
  return 'draft';
}

const json = (value: unknown) => JSON.stringify(value);

export function planCourse(companyId: string, input: CourseAttributes, at: string): CoursePlan {
  const groupId = randomUUID();
  const courseId = randomUUID();
  const plan: CoursePlan = {
    group: groupRow(companyId, groupId, courseId, input, at),
    course: courseRow(companyId, groupId, courseId, input, at),
    sections: [],
    lessons: [],
    topics: [],
    criteria: [],
    uploads: [],
  };
  for (const field of ['asset', 'detailAsset'] as const) {
    const url = input[field];
    if (url)
      plan.uploads.push({
        field,
        contentType: 'image',
        url,
        topicId: null,
        courseId,
        courseGroupId: groupId,
      });
  }

  const addTopic = (lessonId: string, topic: Topic, order: number) => {
    const id = randomUUID();
    const fields = applyTopicFields({}, topic.type, topic);
    plan.topics.push({
      id,
      company_id: companyId,
      course_id: courseId,
      lesson_id: lessonId,
      title: topic.title,
      type: topic.type,
      display_order: order,
      fields: storedFields(fields),
    });
    const criteria = fields.courseCompletionCriteria as Topic['courseCompletionCriteria'];
    if (criteria) plan.criteria.push(criterionRow(companyId, courseId, id, criteria));
    plan.uploads.push(...topicUploads(topic.type, fields, { topicId: id, courseId }));
  };
  const addLesson = (sectionId: string, lesson: Lesson, order: number) => {
    const id = randomUUID();
    plan.lessons.push({
      id,
      company_id: companyId,
      course_id: courseId,
      section_id: sectionId,
      title: lesson.title,
      open_type: lesson.openType,
      display_order: order,
    });
    lesson.topics.forEach((topic, t) => addTopic(id, topic, t));
  };
  const addSection = (section: Section, order: number) => {
    const id = randomUUID();
    plan.sections.push({
      id,
      company_id: companyId,
      course_id: courseId,
      title: section.title,
      release_date: section.releaseDate ?? null,
      display_order: order,
    });
    section.lessons.forEach((lesson, l) => addLesson(id, lesson, l));
  };

  const sections = input.kind === 'courseGroup' ? (input.sections ?? []) : [implicitSection(input)];
  sections.forEach(addSection);
  return plan;
}

/**
 * The one writer of planned courses. Call inside a transaction. `withGroup` writes a new course group
 * with its first course (its slug is chosen here, where the company's taken slugs are visible);
 * `session` adds another course to a group already written.
 */
export function createCoursePlanWriter(db: Db) {
  const groups = createCourseGroupRepository(db);
  const courses = createCourseRepository(db);
  const sections = createSectionRepository(db);
  const lessons = createLessonRepository(db);
  const topics = createTopicRepository(db);
  const criteria = createCompletionCriteriaRepository(db);

  const session = (plan: CoursePlan): void => {
    courses.insert(plan.course);
    for (const row of plan.sections) sections.insert(row);
    for (const row of plan.lessons) lessons.insert(row);
    for (const row of plan.topics) topics.insert(row);
    for (const row of plan.criteria) criteria.insert(row);
  };
  return {
    withGroup(plan: CoursePlan): void {
      const { company_id: companyId, title } = plan.group;
      plan.group.slug = uniqueSlug(title, (slug) => !!groups.slugOwner(companyId, slug));
      groups.insert(plan.group);
      session(plan);
    },
    session,
  };
}
export type CoursePlanWriter = ReturnType<typeof createCoursePlanWriter>;

/** Non-courseGroup kinds hold their topics in one section and lesson named after the course. */
function implicitSection(input: CourseAttributes): Section {
  return {
    title: input.title,
    lessons: [{ title: input.title, openType: 'studentsOnly', topics: implicitTopics(input) }],
  };
}

function implicitTopics(input: CourseAttributes): Topic[] {
  switch (input.kind) {
    case 'microCourse':
      return input.topics ?? [];
    case 'article': {
      const variant = input.articleVariant;
      return [
        {
          title: variant?.title || input.title,
          type: 'article',
          ...(variant?.body !== undefined ? { body: variant.body } : {}),
          ...(variant ? { languages: [variant] } : {}),
        },
      ];
    }
    case 'video':
      return [
        {
          title: input.title,
          type: 'video',
          videoUrl: input.videoUrl,
          videoAsset: input.videoAsset,
          assetType: input.assetType,
          preAsset: input.preAsset,
          postAsset: input.postAsset,
          posterImageAsset: input.posterImageAsset,
        },
      ];
    case 'shareableContentObject':
      return [
        {
          title: input.title,
          type: 'shareableContentObject',
          scormUrl: input.scormUrl,
          width: input.width,
          height: input.height,
          embeddedEnabled: input.embeddedEnabled,
          resetSessionAfterComplete: input.resetSessionAfterComplete,
        },
      ];
    default:
      return [];
  }
}

function groupRow(
  companyId: string,
  groupId: string,
  courseId: string,
  input: CourseAttributes,
  at: string,
): CourseGroupColumns {
  return {
    id: groupId,
    company_id: companyId,
    title: input.title,
    slug: '', // chosen inside the transaction, where the company's taken slugs are visible
    kind: input.kind,
    is_template: 0,
    language: 'en',
    content_type: input.contentType ?? CONTENT_TYPE_BY_KIND[input.kind],
    authors: json(input.authors ?? []),
    source: input.source ?? null,
    description: input.description ?? '',
    display_course_id: courseId,
    archived: 0,
    tag_ids: json(input.tagIds ?? []),
    custom_fields: json(input.customFields ?? {}),
    asset: input.asset ?? null,
    asset_alt_text: input.assetAltText ?? (input.asset ? '' : null),
    detail_asset: input.detailAsset ?? null,
    detail_asset_alt_text: input.detailAssetAltText ?? (input.detailAsset ? '' : null),
    ribbon: input.ribbon ?? null,
    meta_title: input.metaTitle !== undefined ? stripHtml(input.metaTitle) : null,
    meta_description: input.metaDescription !== undefined ? stripHtml(input.metaDescription) : null,
    related_course_group_ids: json(input.relatedCourseGroupIds ?? []),
    created_at: at,
    updated_at: at,
  };
}

function courseRow(
  companyId: string,
  groupId: string,
  courseId: string,
  input: CourseAttributes,
  at: string,
): CourseColumns {
  const scorm = input.kind === 'shareableContentObject';
  return {
    id: courseId,
    company_id: companyId,
    course_group_id: groupId,
    title: input.title,
    kind: input.kind,
    status: createStatus(input),
    sku: input.sku ?? null,
    isbn: input.isbn ?? null,
    discussions_enabled: bit(input.discussionsEnabled ?? false),
    available_to_public: bit(input.availableToPublic ?? false),
    enrollment_limit: input.enrollmentLimit ?? null,
    enrollment_start_date: input.enrollmentStartDate ?? at,
    enrollment_end_date: input.enrollmentEndDate ?? null,
    course_start_date: input.courseStartDate ?? at,
    course_end_date: input.courseEndDate ?? null,
    grace_period_end_date: input.gracePeriodEndDate ?? null,
    price_in_cents: input.priceInCents ?? 0,
    free_with_registration: bit(input.freeWithRegistration ?? false),
    purchasable: bit(input.purchasable ?? false),
    future_publish_date: input.futurePublishDate ?? null,
    publish_date: input.publishDate ?? null,
    custom_fields: json(input.sessionCustomFields ?? {}),
    force_linear_progress: bit(input.forceLinearProgress ?? false),
    show_progress: bit(input.showProgress ?? true),
    prerequisite_course_ids: json(input.prerequisiteCourseIds ?? []),
    prerequisite_learning_path_ids: json(input.prerequisiteLearningPathIds ?? []),
    scorm_url: scorm ? (input.scormUrl ?? null) : null,
    width: scorm ? (input.width ?? null) : null,
    height: scorm ? (input.height ?? null) : null,
    embedded_enabled: scorm ? nullableBit(input.embeddedEnabled) : null,
    reset_session_after_complete: scorm ? nullableBit(input.resetSessionAfterComplete) : null,
    created_at: at,
    updated_at: at,
  };
}
