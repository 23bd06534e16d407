// Update payload (spec 4.2). Items with `id` update only supplied fields; items without create.
import { z } from '../zod.ts';
import { AssetType, CreateKind, OpenType, TopicType, UpdateCourseStatus } from '../enums.ts';
import {
  CustomFields,
  HttpUrl,
  IsoDate,
  NonNegativeInt,
  SessionCustomFields,
  Uuid,
} from '../primitives.ts';
import { ArticlePageVariant, CompletionCriteria } from './course-create.ts';
import { BackgroundJob } from './background-job.ts';

export const CourseGroupUpdate = z
  .strictObject({
    id: z.optional(Uuid),
    title: z.optional(z.string()),
    slug: z.optional(
      z
        .string()
        .check(
          z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens'),
        ),
    ),
    description: z.optional(z.nullable(z.string())),
    tagIds: z.optional(z.nullable(z.array(Uuid))),
    authors: z.optional(z.nullable(z.array(z.string()))),
    source: z.optional(z.nullable(z.string())),
    customFields: z.optional(z.nullable(CustomFields)),
    asset: z.optional(z.nullable(HttpUrl)),
    assetAltText: z.optional(z.string()),
    detailAsset: z.optional(z.nullable(HttpUrl)),
    detailAssetAltText: z.optional(z.string()),
    ribbon: z.optional(z.nullable(z.string())),
    metaTitle: z.optional(z.string()),
    metaDescription: z.optional(z.string()),
    archived: z.optional(z.boolean()),
    relatedCourseGroupIds: z.optional(z.nullable(z.array(Uuid))),
  })
  .register(z.globalRegistry, { id: 'CourseGroupUpdate' });
export type CourseGroupUpdate = z.infer<typeof CourseGroupUpdate>;

export const CourseUpdate = z
  .strictObject({
    id: z.optional(Uuid),
    courseGroupId: z.optional(Uuid),
    title: z.optional(z.string()),
    kind: z.optional(CreateKind),
    priceInCents: z.optional(z.int()),
    freeWithRegistration: z.optional(z.boolean()),
    purchasable: z.optional(z.boolean()),
    status: z.optional(UpdateCourseStatus),
    customFields: z.optional(z.nullable(SessionCustomFields)).register(z.globalRegistry, {
      description: 'Session custom fields, replaced whole.',
    }),
    forceLinearProgress: z.optional(z.boolean()),
    showProgress: z.optional(z.boolean()),
    prerequisiteCourseIds: z.optional(z.nullable(z.array(Uuid))),
    prerequisiteLearningPathIds: z.optional(z.nullable(z.array(Uuid))),
  })
  .register(z.globalRegistry, { id: 'CourseUpdate' });
export type CourseUpdate = z.infer<typeof CourseUpdate>;

export const SectionUpdate = z
  .strictObject({
    id: z.optional(Uuid),
    courseId: z.optional(Uuid),
    title: z.optional(z.string()),
    releaseDate: z.optional(z.nullable(IsoDate)),
    displayOrder: z.optional(NonNegativeInt),
  })
  .register(z.globalRegistry, { id: 'SectionUpdate' });
export type SectionUpdate = z.infer<typeof SectionUpdate>;

export const LessonUpdate = z
  .strictObject({
    id: z.optional(Uuid),
    sectionId: z.optional(Uuid),
    title: z.optional(z.string()),
    openType: z.optional(OpenType),
  })
  .register(z.globalRegistry, { id: 'LessonUpdate' });
export type LessonUpdate = z.infer<typeof LessonUpdate>;

export const TopicUpdate = z
  .strictObject({
    id: z.optional(Uuid),
    lessonId: z.optional(Uuid),
    title: z.optional(z.string()),
    type: z.optional(TopicType),
    body: z.optional(z.nullable(z.string())),
    languages: z.optional(z.nullable(z.array(ArticlePageVariant))),
    preTextBlock: z.optional(z.nullable(z.string())),
    postTextBlock: z.optional(z.nullable(z.string())),
    width: z.optional(z.nullable(z.int().check(z.positive()))),
    height: z.optional(z.nullable(z.int().check(z.positive()))),
    embeddedEnabled: z.optional(z.boolean()),
    fullscreenEmbed: z.optional(z.boolean()),
    preventProgression: z.optional(z.boolean()),
    resetSessionAfterComplete: z.optional(z.boolean()),
    caption: z.optional(z.nullable(z.string())),
    searchDisabled: z.optional(z.boolean()),
    printDisabled: z.optional(z.boolean()),
    fileDownloadDisabled: z.optional(z.boolean()),
    scormUrl: z.optional(z.nullable(HttpUrl)),
    scoTitle: z.optional(z.nullable(z.string())),
    objectType: z.optional(z.nullable(z.string())),
    courseCompletionCriteria: z.optional(z.nullable(CompletionCriteria)),
    pdfUrl: z.optional(z.nullable(HttpUrl)),
    videoUrl: z.optional(z.nullable(HttpUrl)),
    videoAsset: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    assetType: z.optional(z.nullable(AssetType)),
    preAsset: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    postAsset: z.optional(z.nullable(z.string().check(z.minLength(1)))),
    posterImageAsset: z.optional(z.nullable(HttpUrl)),
    audioUrl: z.optional(z.nullable(HttpUrl)),
    restartProgress: z.optional(z.boolean()),
  })
  .register(z.globalRegistry, { id: 'TopicUpdate' });
export type TopicUpdate = z.infer<typeof TopicUpdate>;

export const UpdateCourseAttributes = z
  .strictObject({
    courseGroups: z.optional(z.array(CourseGroupUpdate)),
    courses: z.optional(z.array(CourseUpdate)),
    sections: z.optional(z.array(SectionUpdate)),
    lessons: z.optional(z.array(LessonUpdate)),
    topics: z.optional(z.array(TopicUpdate)),
  })
  .register(z.globalRegistry, { id: 'UpdateCourseAttributes' });
export type UpdateCourseAttributes = z.infer<typeof UpdateCourseAttributes>;

export const UPDATE_ARRAYS = ['courseGroups', 'courses', 'sections', 'lessons', 'topics'] as const;
export type UpdateArray = (typeof UPDATE_ARRAYS)[number];

export const UpdateCoursesRequest = z
  .object({ courseAttributes: UpdateCourseAttributes, secretKey: z.optional(z.string()) })
  .register(z.globalRegistry, { id: 'UpdateCoursesRequest' });
export type UpdateCoursesRequest = z.infer<typeof UpdateCoursesRequest>;

export const UpdateCoursesResponse = z
  .union([
    z.literal(true),
    z.strictObject({ success: z.literal(true), backgroundJob: BackgroundJob }),
  ])
  .register(z.globalRegistry, { id: 'UpdateCoursesResponse' });
export type UpdateCoursesResponse = z.infer<typeof UpdateCoursesResponse>;
