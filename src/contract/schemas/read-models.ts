// Shapes returned by the read endpoints. Only the course group list item is given by the spec (2.7);
// the rest are Lectern's design and the generated OpenAPI document is their reference.
import { z } from 'zod';
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
    source: z.string().nullable(),
    description: z.string(),
    displayCourseId: Uuid,
    courseCount: z.int().min(0),
  })
  .meta({ id: 'CourseGroupListItem' });
export type CourseGroupListItem = z.infer<typeof CourseGroupListItem>;

export const CourseGroupListQuery = PageQuery.extend({
  kind: CourseGroupKind.optional(),
  isTemplate: BooleanQueryParam.optional(),
  archived: BooleanQueryParam.optional(),
});
export type CourseGroupListQuery = z.infer<typeof CourseGroupListQuery>;

export const CourseGroupList = pageOf('courseGroups', CourseGroupListItem).meta({
  id: 'CourseGroupList',
});
export type CourseGroupList = z.infer<typeof CourseGroupList>;

export const CourseGroup = CourseGroupListItem.extend({
  archived: z.boolean(),
  tagIds: z.array(Uuid),
  customFields: CustomFields,
  asset: z.string().nullable(),
  assetAltText: z.string().nullable(),
  detailAsset: z.string().nullable(),
  detailAssetAltText: z.string().nullable(),
  ribbon: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  relatedCourseGroupIds: z.array(Uuid),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).meta({ id: 'CourseGroup' });
export type CourseGroup = z.infer<typeof CourseGroup>;

export const Course = z
  .object({
    id: Uuid,
    courseGroupId: Uuid,
    title: z.string(),
    // Create kinds, plus webinar / inPersonEvent for sessions made by the bulk imports.
    kind: CourseGroupKind,
    status: Status,
    sku: z.string().nullable(),
    isbn: z.string().nullable(),
    discussionsEnabled: z.boolean(),
    availableToPublic: z.boolean(),
    enrollmentLimit: z.int().nullable(),
    enrollmentStartDate: IsoDate,
    enrollmentEndDate: IsoDate.nullable(),
    courseStartDate: IsoDate,
    courseEndDate: IsoDate.nullable(),
    gracePeriodEndDate: IsoDate.nullable(),
    priceInCents: z.int(),
    freeWithRegistration: z.boolean(),
    purchasable: z.boolean(),
    futurePublishDate: IsoDate.nullable(),
    publishDate: IsoDate.nullable(),
    customFields: SessionCustomFields,
    forceLinearProgress: z.boolean(),
    showProgress: z.boolean(),
    prerequisiteCourseIds: z.array(Uuid),
    prerequisiteLearningPathIds: z.array(Uuid),
    isDisplayCourse: z.boolean(),
    scormUrl: z.string().nullable(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    embeddedEnabled: z.boolean().nullable(),
    resetSessionAfterComplete: z.boolean().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Course' });
export type Course = z.infer<typeof Course>;

export const CourseList = z.object({ courses: z.array(Course) }).meta({ id: 'CourseList' });

export const SectionRecord = z
  .object({
    id: Uuid,
    courseId: Uuid,
    title: z.string(),
    releaseDate: IsoDate.nullable(),
    displayOrder: z.int(),
  })
  .meta({ id: 'SectionRecord' });
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
  .meta({ id: 'LessonRecord' });
export type LessonRecord = z.infer<typeof LessonRecord>;

export const TopicRecord = z
  .object({
    id: Uuid,
    lessonId: Uuid,
    courseId: Uuid,
    title: z.string(),
    type: TopicType,
    displayOrder: z.int(),
    body: z.string().nullable(),
    languages: z.array(ArticlePageVariant),
    preTextBlock: z.string().nullable(),
    postTextBlock: z.string().nullable(),
    width: z.int().nullable(),
    height: z.int().nullable(),
    embeddedEnabled: z.boolean(),
    fullscreenEmbed: z.boolean(),
    preventProgression: z.boolean(),
    resetSessionAfterComplete: z.boolean(),
    caption: z.string().nullable(),
    searchDisabled: z.boolean(),
    printDisabled: z.boolean(),
    fileDownloadDisabled: z.boolean(),
    scormUrl: z.string().nullable(),
    scoTitle: z.string().nullable(),
    objectType: z.string().nullable(),
    courseCompletionCriteria: CompletionCriteria.nullable(),
    pdfUrl: z.string().nullable(),
    videoUrl: z.string().nullable(),
    videoAsset: z.string().nullable(),
    assetType: AssetType.nullable(),
    preAsset: z.string().nullable(),
    postAsset: z.string().nullable(),
    posterImageAsset: z.string().nullable(),
    audioUrl: z.string().nullable(),
  })
  .meta({ id: 'TopicRecord' });
export type TopicRecord = z.infer<typeof TopicRecord>;

export const CourseCompletionCriterion = CompletionCriteriaFields.extend({
  topicId: Uuid.nullable(),
  id: Uuid,
}).meta({ id: 'CourseCompletionCriterion' });

export const CourseStructure = z
  .object({
    courseId: Uuid,
    courseGroupId: Uuid,
    title: z.string(),
    kind: CourseGroupKind,
    status: Status,
    sections: z.array(
      SectionRecord.extend({
        lessons: z.array(LessonRecord.extend({ topics: z.array(TopicRecord) })),
      }),
    ),
    completionCriteria: z.array(CourseCompletionCriterion),
  })
  .meta({ id: 'CourseStructure' });
export type CourseStructure = z.infer<typeof CourseStructure>;

export const SectionPage = pageOf('sections', SectionRecord).meta({ id: 'SectionPage' });
export const LessonPage = pageOf('lessons', LessonRecord).meta({ id: 'LessonPage' });
export const TopicPage = pageOf('topics', TopicRecord).meta({ id: 'TopicPage' });
export const CompletionCriteriaList = z
  .object({ completionCriteria: z.array(CourseCompletionCriterion) })
  .meta({ id: 'CompletionCriteriaList' });

export const Tag = z.object({ id: Uuid, name: z.string() }).meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;
export const TagPage = pageOf('tags', Tag).meta({ id: 'TagPage' });

export const User = z
  .object({
    id: Uuid,
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;
export const UserPage = pageOf('users', User).meta({ id: 'UserPage' });

export const ContentSearchItem = z
  .object({
    id: Uuid,
    type: z.enum(['courseGroups', 'courses', 'learningPaths']),
    title: z.string(),
    slug: z.string(),
    status: Status,
    kind: z.string().nullable(),
    updatedAt: z.iso.datetime(),
    sku: z.string().nullable().meta({
      description:
        'SKU of a course or a learning path; null for course groups and items without one.',
    }),
    priceInCents: z.int().nullable().meta({
      description: 'Current price of a course; null for course groups and learning paths.',
    }),
  })
  .meta({
    id: 'ContentSearchItem',
    description:
      "Not shown by the spec (Lectern's design). `query` matches the title, slug, description or SKU.",
  });
export type ContentSearchItem = z.infer<typeof ContentSearchItem>;
export const ContentSearchQuery = PageQuery.extend({
  query: z.string().optional(),
  sort: z.enum(['title', '-title', 'updatedAt', '-updatedAt']).optional(),
});
export const ContentSearchPage = pageOf('content', ContentSearchItem).meta({
  id: 'ContentSearchPage',
});

export const ContentBody = z
  .object({ id: Uuid, title: z.string(), slug: z.string(), body: z.string() })
  .meta({ id: 'ContentBody' });

/** `PUT /content/{type}/{id}.xlf`: the ids of the translation units stored. */
export const TranslationUploadResult = z
  .object({ id: Uuid, updatedFields: z.array(z.string()) })
  .meta({ id: 'TranslationUploadResult' });

export const LearningPath = z
  .object({
    id: Uuid,
    title: z.string(),
    slug: z.string(),
    sku: z.string().nullable(),
    status: Status,
    description: z.string(),
  })
  .meta({ id: 'LearningPath' });
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
  .meta({ id: 'LearningPathMilestones' });
