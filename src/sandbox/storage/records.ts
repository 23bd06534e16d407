// Row -> contract record mapping, shared by the write path and the read endpoints. The SELECT
// fragments below compute the derived columns (group status, course count, display flag) so every
// reader gets the same values.
import {
  DEFAULT_ASSET_TYPE,
  type CompletionCriteria,
  type Course,
  type CourseGroup,
  type CourseGroupListItem,
  type LessonRecord,
  type Meeting,
  type SectionRecord,
  type Status,
  type Tag,
  type TopicRecord,
  type User,
} from '#contract/index.ts';
import { parseJson } from './database.ts';

/**
 * `FROM course_groups g` with the derived `status` (the display course's, `archived` when the group
 * is archived) and `course_count`. Append `WHERE g.company_id = ? ...`.
 */
export const COURSE_GROUP_SELECT = `SELECT g.*,
  CASE WHEN g.archived = 1 THEN 'archived' ELSE COALESCE(dc.status, 'draft') END AS status,
  (SELECT COUNT(*) FROM courses cc WHERE cc.course_group_id = g.id) AS course_count
FROM course_groups g LEFT JOIN courses dc ON dc.id = g.display_course_id`;

/** `FROM courses c` with `is_display_course`. Append `WHERE c.company_id = ? ...`. */
export const COURSE_SELECT = `SELECT c.*,
  (SELECT g.display_course_id = c.id FROM course_groups g WHERE g.id = c.course_group_id) AS is_display_course
FROM courses c`;

export interface CourseGroupRow {
  seq: number;
  id: string;
  company_id: string;
  title: string;
  slug: string;
  kind: string;
  is_template: number;
  language: string;
  content_type: string;
  authors: string;
  source: string | null;
  description: string;
  display_course_id: string | null;
  archived: number;
  tag_ids: string;
  custom_fields: string;
  asset: string | null;
  asset_alt_text: string | null;
  detail_asset: string | null;
  detail_asset_alt_text: string | null;
  ribbon: string | null;
  meta_title: string | null;
  meta_description: string | null;
  related_course_group_ids: string;
  created_at: string;
  updated_at: string;
  /** Derived by COURSE_GROUP_SELECT. */
  status: string;
  course_count: number;
}

export interface CourseRow {
  seq: number;
  id: string;
  company_id: string;
  course_group_id: string;
  title: string;
  kind: string;
  status: string;
  sku: string | null;
  isbn: string | null;
  discussions_enabled: number;
  available_to_public: number;
  enrollment_limit: number | null;
  enrollment_start_date: string;
  enrollment_end_date: string | null;
  course_start_date: string;
  course_end_date: string | null;
  grace_period_end_date: string | null;
  price_in_cents: number;
  free_with_registration: number;
  purchasable: number;
  future_publish_date: string | null;
  publish_date: string | null;
  custom_fields: string;
  force_linear_progress: number;
  show_progress: number;
  prerequisite_course_ids: string;
  prerequisite_learning_path_ids: string;
  scorm_url: string | null;
  width: number | null;
  height: number | null;
  embedded_enabled: number | null;
  reset_session_after_complete: number | null;
  created_at: string;
  updated_at: string;
  /** Derived by COURSE_SELECT (1/0); absent when selected another way. */
  is_display_course?: number | null;
}

export interface SectionRow {
  seq: number;
  id: string;
  company_id: string;
  course_id: string;
  title: string;
  release_date: string | null;
  display_order: number;
}

export interface LessonRow {
  seq: number;
  id: string;
  company_id: string;
  course_id: string;
  section_id: string;
  title: string;
  open_type: string;
  display_order: number;
}

export interface TopicRow {
  seq: number;
  id: string;
  company_id: string;
  course_id: string;
  lesson_id: string;
  title: string;
  type: string;
  display_order: number;
  /** JSON of the type's content fields that are set (contract/topic-fields.ts). */
  fields: string;
}

export interface CompletionCriterionRow {
  seq: number;
  id: string;
  company_id: string;
  course_id: string;
  topic_id: string | null;
  type: string;
  fields: string;
}

export interface TagRow {
  id: string;
  seq: number;
  company_id: string;
  name: string;
  created_at: string;
}

export interface UserRow {
  seq: number;
  id: string;
  company_id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  created_at: string;
}

const bool = (value: number | null | undefined): boolean => value === 1;
const nullableBool = (value: number | null): boolean | null =>
  value === null ? null : value === 1;

export function toCourseGroupListItem(row: CourseGroupRow): CourseGroupListItem {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    kind: row.kind as CourseGroupListItem['kind'],
    status: row.status as Status,
    isTemplate: bool(row.is_template),
    language: row.language,
    contentType: row.content_type,
    authors: parseJson<string[]>(row.authors, []),
    source: row.source,
    description: row.description,
    displayCourseId: row.display_course_id ?? '',
    courseCount: row.course_count,
  };
}

export function toCourseGroup(row: CourseGroupRow): CourseGroup {
  return {
    ...toCourseGroupListItem(row),
    archived: bool(row.archived),
    tagIds: parseJson<string[]>(row.tag_ids, []),
    customFields: parseJson<CourseGroup['customFields']>(row.custom_fields, {}),
    asset: row.asset,
    assetAltText: row.asset_alt_text,
    detailAsset: row.detail_asset,
    detailAssetAltText: row.detail_asset_alt_text,
    ribbon: row.ribbon,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    relatedCourseGroupIds: parseJson<string[]>(row.related_course_group_ids, []),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    courseGroupId: row.course_group_id,
    title: row.title,
    kind: row.kind as Course['kind'],
    status: row.status as Status,
    sku: row.sku,
    isbn: row.isbn,
    discussionsEnabled: bool(row.discussions_enabled),
    availableToPublic: bool(row.available_to_public),
    enrollmentLimit: row.enrollment_limit,
    enrollmentStartDate: row.enrollment_start_date,
    enrollmentEndDate: row.enrollment_end_date,
    courseStartDate: row.course_start_date,
    courseEndDate: row.course_end_date,
    gracePeriodEndDate: row.grace_period_end_date,
    priceInCents: row.price_in_cents,
    freeWithRegistration: bool(row.free_with_registration),
    purchasable: bool(row.purchasable),
    futurePublishDate: row.future_publish_date,
    publishDate: row.publish_date,
    customFields: parseJson<Record<string, unknown>>(row.custom_fields, {}),
    forceLinearProgress: bool(row.force_linear_progress),
    showProgress: bool(row.show_progress),
    prerequisiteCourseIds: parseJson<string[]>(row.prerequisite_course_ids, []),
    prerequisiteLearningPathIds: parseJson<string[]>(row.prerequisite_learning_path_ids, []),
    isDisplayCourse: bool(row.is_display_course),
    scormUrl: row.scorm_url,
    width: row.width,
    height: row.height,
    embeddedEnabled: nullableBool(row.embedded_enabled),
    resetSessionAfterComplete: nullableBool(row.reset_session_after_complete),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toSectionRecord(row: SectionRow): SectionRecord {
  return {
    id: row.id,
    courseId: row.course_id,
    title: row.title,
    releaseDate: row.release_date,
    displayOrder: row.display_order,
  };
}

export function toLessonRecord(row: LessonRow): LessonRecord {
  return {
    id: row.id,
    sectionId: row.section_id,
    courseId: row.course_id,
    title: row.title,
    openType: row.open_type as LessonRecord['openType'],
    displayOrder: row.display_order,
  };
}

/** Content fields as kept in `topics.fields` (only the set ones). */
export type StoredTopicFields = Partial<
  Omit<TopicRecord, 'id' | 'lessonId' | 'courseId' | 'title' | 'type' | 'displayOrder'>
>;

export function toTopicRecord(row: TopicRow): TopicRecord {
  const f = parseJson<StoredTopicFields>(row.fields, {});
  const type = row.type as TopicRecord['type'];
  return {
    id: row.id,
    lessonId: row.lesson_id,
    courseId: row.course_id,
    title: row.title,
    type,
    displayOrder: row.display_order,
    body: f.body ?? null,
    languages: f.languages ?? [],
    preTextBlock: f.preTextBlock ?? null,
    postTextBlock: f.postTextBlock ?? null,
    width: f.width ?? null,
    height: f.height ?? null,
    embeddedEnabled: f.embeddedEnabled ?? false,
    fullscreenEmbed: f.fullscreenEmbed ?? false,
    preventProgression: f.preventProgression ?? false,
    resetSessionAfterComplete: f.resetSessionAfterComplete ?? false,
    caption: f.caption ?? null,
    searchDisabled: f.searchDisabled ?? false,
    printDisabled: f.printDisabled ?? false,
    fileDownloadDisabled: f.fileDownloadDisabled ?? false,
    scormUrl: f.scormUrl ?? null,
    scoTitle: f.scoTitle ?? null,
    objectType: f.objectType ?? null,
    courseCompletionCriteria: (f.courseCompletionCriteria as CompletionCriteria | null) ?? null,
    pdfUrl: f.pdfUrl ?? null,
    videoUrl: f.videoUrl ?? null,
    videoAsset: f.videoAsset ?? null,
    // The provider default applies to every video topic that does not name one (spec 2.3).
    assetType: f.assetType ?? (type === 'video' ? DEFAULT_ASSET_TYPE : null),
    preAsset: f.preAsset ?? null,
    postAsset: f.postAsset ?? null,
    posterImageAsset: f.posterImageAsset ?? null,
    audioUrl: f.audioUrl ?? null,
  };
}

/**
 * A course completion criterion. `fields` holds the companion fields; `carrierTopicId` (kept in
 * `fields` too) names the topic whose `courseCompletionCriteria` created it and is not returned.
 */
export function toCompletionCriterion(row: CompletionCriterionRow) {
  const { carrierTopicId: _carrier, ...fields } = parseJson<Record<string, unknown>>(
    row.fields,
    {},
  );
  return {
    ...fields,
    id: row.id,
    type: row.type as CompletionCriteria['type'],
    topicId: row.topic_id,
  };
}

export const toTag = (row: TagRow): Tag => ({ id: row.id, name: row.name });

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  createdAt: row.created_at,
});

export interface MeetingRow {
  seq: number;
  id: string;
  title: string;
  course_id: string | null;
  starts_at: string;
  duration_minutes: number;
  join_url: string;
}

export const toMeeting = (row: MeetingRow): Meeting => ({
  id: row.id,
  title: row.title,
  courseId: row.course_id,
  startsAt: row.starts_at,
  durationMinutes: row.duration_minutes,
  joinUrl: row.join_url,
});
