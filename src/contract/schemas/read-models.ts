// Shapes returned by the read endpoints. Only the course group list item is given by the spec (2.7);
// the rest are Lectern's design and the generated OpenAPI document is their reference.
import { z } from '../zod.ts';
import { AssetType, CourseGroupKind, OpenType, Status, TopicType } from '../enums.ts';
import { CustomFields, IsoDate, SessionCustomFields, Uuid } from '../primitives.ts';
import {
  ArticlePageVariant,
  CompletionCriteria,
  CompletionCriteriaFields,
} from './course-create.ts';
import { BooleanQueryParam, PageQuery, pageOf } from './pagination.ts';

export const CourseGroupListItem = z
  .object({
    id: Uuid,
    title: z.string(),
    slug: z.string(),
    kind: CourseGroupKind,
    status: Status,
    isTemplate: z.boolean(),
    language: z.string(),
    contentType: z.string(),
    authors: z.array(z.string()),
    source: z.nullable(z.string()),
    description: z.string(),
    displayCourseId: Uuid,
    courseCount: z.int().check(z.gte(0)),
  })
  .register(z.globalRegistry, { id: 'CourseGroupListItem' });
export type CourseGroupListItem = z.infer<typeof CourseGroupListItem>;

export const CourseGroupListQuery = z.extend(PageQuery, {
  kind: z.optional(CourseGroupKind),
  isTemplate: z.optional(BooleanQueryParam),
  archived: z.optional(BooleanQueryParam),
});
export type CourseGroupListQuery = z.infer<typeof CourseGroupListQuery>;

export const CourseGroupList = pageOf('courseGroups', CourseGroupListItem).register(
  z.globalRegistry,
  {
    id: 'CourseGroupList',
  },
);
export type CourseGroupList = z.infer<typeof CourseGroupList>;

export const CourseGroup = z
  .extend(CourseGroupListItem, {
    archived: z.boolean(),
    tagIds: z.array(Uuid),
    customFields: CustomFields,
    asset: z.nullable(z.string()),
    assetAltText: z.nullable(z.string()),
    detailAsset: z.nullable(z.string()),
    detailAssetAltText: z.nullable(z.string()),
    ribbon: z.nullable(z.string()),
    metaTitle: z.nullable(z.string()),
    metaDescription: z.nullable(z.string()),
    relatedCourseGroupIds: z.array(Uuid),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'CourseGroup' });
export type CourseGroup = z.infer<typeof CourseGroup>;

export const Course = z
  .object({
    id: Uuid,
    courseGroupId: Uuid,
    title: z.string(),
    // Create kinds, plus webinar / inPersonEvent for sessions made by the bulk imports.
    kind: CourseGroupKind,
    status: Status,
    sku: z.nullable(z.string()),
    isbn: z.nullable(z.string()),
    discussionsEnabled: z.boolean(),
    availableToPublic: z.boolean(),
    enrollmentLimit: z.nullable(z.int()),
    enrollmentStartDate: IsoDate,
    enrollmentEndDate: z.nullable(IsoDate),
    courseStartDate: IsoDate,
    courseEndDate: z.nullable(IsoDate),
    gracePeriodEndDate: z.nullable(IsoDate),
    priceInCents: z.int(),
    freeWithRegistration: z.boolean(),
    purchasable: z.boolean(),
    futurePublishDate: z.nullable(IsoDate),
    publishDate: z.nullable(IsoDate),
    customFields: SessionCustomFields,
    forceLinearProgress: z.boolean(),
    showProgress: z.boolean(),
    prerequisiteCourseIds: z.array(Uuid),
    prerequisiteLearningPathIds: z.array(Uuid),
    isDisplayCourse: z.boolean(),
    scormUrl: z.nullable(z.string()),
    width: z.nullable(z.int()),
    height: z.nullable(z.int()),
    embeddedEnabled: z.nullable(z.boolean()),
    resetSessionAfterComplete: z.nullable(z.boolean()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'Course' });
export type Course = z.infer<typeof Course>;

export const CourseList = z
  .object({ courses: z.array(Course) })
  .register(z.globalRegistry, { id: 'CourseList' });

export const SectionRecord = z
  .object({
    id: Uuid,
    courseId: Uuid,
    title: z.string(),
    releaseDate: z.nullable(IsoDate),
    displayOrder: z.int(),
  })
  .register(z.globalRegistry, { id: 'SectionRecord' });
export type SectionRecord = z.infer<typeof SectionRecord>;

export const LessonRecord = z
  .object({
    id: Uuid,
    sectionId: Uuid,
    courseId: Uuid,
    title: z.string(),
    openType: OpenType,
    displayOrder: z.int(),
  })
  .register(z.globalRegistry, { id: 'LessonRecord' });
export type LessonRecord = z.infer<typeof LessonRecord>;

export const TopicRecord = z
  .object({
    id: Uuid,
    lessonId: Uuid,
    courseId: Uuid,
    title: z.string(),
    type: TopicType,
    displayOrder: z.int(),
    body: z.nullable(z.string()),
    languages: z.array(ArticlePageVariant),
    preTextBlock: z.nullable(z.string()),
    postTextBlock: z.nullable(z.string()),
    width: z.nullable(z.int()),
    height: z.nullable(z.int()),
    embeddedEnabled: z.boolean(),
    fullscreenEmbed: z.boolean(),
    preventProgression: z.boolean(),
    resetSessionAfterComplete: z.boolean(),
    caption: z.nullable(z.string()),
    searchDisabled: z.boolean(),
    printDisabled: z.boolean(),
    fileDownloadDisabled: z.boolean(),
    scormUrl: z.nullable(z.string()),
    scoTitle: z.nullable(z.string()),
    objectType: z.nullable(z.string()),
    courseCompletionCriteria: z.nullable(CompletionCriteria),
    pdfUrl: z.nullable(z.string()),
    videoUrl: z.nullable(z.string()),
    videoAsset: z.nullable(z.string()),
    assetType: z.nullable(AssetType),
    preAsset: z.nullable(z.string()),
    postAsset: z.nullable(z.string()),
    posterImageAsset: z.nullable(z.string()),
    audioUrl: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'TopicRecord' });
export type TopicRecord = z.infer<typeof TopicRecord>;

export const CourseCompletionCriterion = z
  .extend(CompletionCriteriaFields, {
    topicId: z.nullable(Uuid),
    id: Uuid,
  })
  .register(z.globalRegistry, { id: 'CourseCompletionCriterion' });

export const CourseStructure = z
  .object({
    courseId: Uuid,
    courseGroupId: Uuid,
    title: z.string(),
    kind: CourseGroupKind,
    status: Status,
    sections: z.array(
      z.extend(SectionRecord, {
        lessons: z.array(z.extend(LessonRecord, { topics: z.array(TopicRecord) })),
      }),
    ),
    completionCriteria: z.array(CourseCompletionCriterion),
  })
  .register(z.globalRegistry, { id: 'CourseStructure' });
export type CourseStructure = z.infer<typeof CourseStructure>;

export const SectionPage = pageOf('sections', SectionRecord).register(z.globalRegistry, {
  id: 'SectionPage',
});
export const LessonPage = pageOf('lessons', LessonRecord).register(z.globalRegistry, {
  id: 'LessonPage',
});
export const TopicPage = pageOf('topics', TopicRecord).register(z.globalRegistry, {
  id: 'TopicPage',
});
export const CompletionCriteriaList = z
  .object({ completionCriteria: z.array(CourseCompletionCriterion) })
  .register(z.globalRegistry, { id: 'CompletionCriteriaList' });

export const Tag = z
  .object({ id: Uuid, name: z.string() })
  .register(z.globalRegistry, { id: 'Tag' });
export type Tag = z.infer<typeof Tag>;
export const TagPage = pageOf('tags', Tag).register(z.globalRegistry, { id: 'TagPage' });

export const User = z
  .object({
    id: Uuid,
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'User' });
export type User = z.infer<typeof User>;
export const UserPage = pageOf('users', User).register(z.globalRegistry, { id: 'UserPage' });

export const ContentSearchItem = z
  .object({
    id: Uuid,
    type: z.enum(['courseGroups', 'courses', 'learningPaths']),
    title: z.string(),
    slug: z.string(),
    status: Status,
    kind: z.nullable(z.string()),
    updatedAt: z.iso.datetime(),
    sku: z.nullable(z.string()).register(z.globalRegistry, {
      description:
        'SKU of a course or a learning path; null for course groups and items without one.',
    }),
    priceInCents: z.nullable(z.int()).register(z.globalRegistry, {
      description: 'Current price of a course; null for course groups and learning paths.',
    }),
  })
  .register(z.globalRegistry, {
    id: 'ContentSearchItem',
    description:
      "Not shown by the spec (Lectern's design). `query` matches the title, slug, description or SKU.",
  });
export type ContentSearchItem = z.infer<typeof ContentSearchItem>;
export const ContentSearchQuery = z.extend(PageQuery, {
  query: z.optional(z.string()),
  sort: z.optional(z.enum(['title', '-title', 'updatedAt', '-updatedAt'])),
});
export const ContentSearchPage = pageOf('content', ContentSearchItem).register(z.globalRegistry, {
  id: 'ContentSearchPage',
});

export const ContentBody = z
  .object({ id: Uuid, title: z.string(), slug: z.string(), body: z.string() })
  .register(z.globalRegistry, { id: 'ContentBody' });

/** `PUT /content/{type}/{id}.xlf`: the ids of the translation units stored. */
export const TranslationUploadResult = z
  .object({ id: Uuid, updatedFields: z.array(z.string()) })
  .register(z.globalRegistry, { id: 'TranslationUploadResult' });

export const LearningPath = z
  .object({
    id: Uuid,
    title: z.string(),
    slug: z.string(),
    sku: z.nullable(z.string()),
    status: Status,
    description: z.string(),
  })
  .register(z.globalRegistry, { id: 'LearningPath' });
export type LearningPath = z.infer<typeof LearningPath>;

export const LearningPathMilestones = z
  .object({
    learningPath: LearningPath,
    milestones: z.array(
      z.object({
        id: Uuid,
        title: z.string(),
        displayOrder: z.int(),
        courses: z.array(z.object({ id: Uuid, title: z.string(), status: Status })),
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'LearningPathMilestones' });
