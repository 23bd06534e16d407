// Update payload (spec 4.2). Items with `id` update only supplied fields; items without create.
import { z } from 'zod';
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
    id: Uuid.optional(),
    title: z.string().optional(),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase words joined by hyphens')
      .optional(),
    description: z.string().nullable().optional(),
    tagIds: z.array(Uuid).nullable().optional(),
    authors: z.array(z.string()).nullable().optional(),
    source: z.string().nullable().optional(),
    customFields: CustomFields.nullable().optional(),
    asset: HttpUrl.nullable().optional(),
    assetAltText: z.string().optional(),
    detailAsset: HttpUrl.nullable().optional(),
    detailAssetAltText: z.string().optional(),
    ribbon: z.string().nullable().optional(),
    metaTitle: z.string().optional(),
    metaDescription: z.string().optional(),
    archived: z.boolean().optional(),
    relatedCourseGroupIds: z.array(Uuid).nullable().optional(),
  })
  .meta({ id: 'CourseGroupUpdate' });
export type CourseGroupUpdate = z.infer<typeof CourseGroupUpdate>;

export const CourseUpdate = z
  .strictObject({
    id: Uuid.optional(),
    courseGroupId: Uuid.optional(),
    title: z.string().optional(),
    kind: CreateKind.optional(),
    priceInCents: z.int().optional(),
    freeWithRegistration: z.boolean().optional(),
    purchasable: z.boolean().optional(),
    status: UpdateCourseStatus.optional(),
    customFields: SessionCustomFields.nullable().optional().meta({
      description: 'Session custom fields, replaced whole.',
    }),
    forceLinearProgress: z.boolean().optional(),
    showProgress: z.boolean().optional(),
    prerequisiteCourseIds: z.array(Uuid).nullable().optional(),
    prerequisiteLearningPathIds: z.array(Uuid).nullable().optional(),
  })
  .meta({ id: 'CourseUpdate' });
export type CourseUpdate = z.infer<typeof CourseUpdate>;

export const SectionUpdate = z
  .strictObject({
    id: Uuid.optional(),
    courseId: Uuid.optional(),
    title: z.string().optional(),
    releaseDate: IsoDate.nullable().optional(),
    displayOrder: NonNegativeInt.optional(),
  })
  .meta({ id: 'SectionUpdate' });
export type SectionUpdate = z.infer<typeof SectionUpdate>;

export const LessonUpdate = z
  .strictObject({
    id: Uuid.optional(),
    sectionId: Uuid.optional(),
    title: z.string().optional(),
    openType: OpenType.optional(),
  })
  .meta({ id: 'LessonUpdate' });
export type LessonUpdate = z.infer<typeof LessonUpdate>;

export const TopicUpdate = z
  .strictObject({
    id: Uuid.optional(),
    lessonId: Uuid.optional(),
    title: z.string().optional(),
    type: TopicType.optional(),
    body: z.string().nullable().optional(),
    languages: z.array(ArticlePageVariant).nullable().optional(),
    preTextBlock: z.string().nullable().optional(),
    postTextBlock: z.string().nullable().optional(),
    width: z.int().positive().nullable().optional(),
    height: z.int().positive().nullable().optional(),
    embeddedEnabled: z.boolean().optional(),
    fullscreenEmbed: z.boolean().optional(),
    preventProgression: z.boolean().optional(),
    resetSessionAfterComplete: z.boolean().optional(),
    caption: z.string().nullable().optional(),
    searchDisabled: z.boolean().optional(),
    printDisabled: z.boolean().optional(),
    fileDownloadDisabled: z.boolean().optional(),
    scormUrl: HttpUrl.nullable().optional(),
    scoTitle: z.string().nullable().optional(),
    objectType: z.string().nullable().optional(),
    courseCompletionCriteria: CompletionCriteria.nullable().optional(),
    pdfUrl: HttpUrl.nullable().optional(),
    videoUrl: HttpUrl.nullable().optional(),
    videoAsset: z.string().min(1).nullable().optional(),
    assetType: AssetType.nullable().optional(),
    preAsset: z.string().min(1).nullable().optional(),
    postAsset: z.string().min(1).nullable().optional(),
    posterImageAsset: HttpUrl.nullable().optional(),
    audioUrl: HttpUrl.nullable().optional(),
    restartProgress: z.boolean().optional(),
  })
  .meta({ id: 'TopicUpdate' });
export type TopicUpdate = z.infer<typeof TopicUpdate>;

export const UpdateCourseAttributes = z
  .strictObject({
    courseGroups: z.array(CourseGroupUpdate).optional(),
    courses: z.array(CourseUpdate).optional(),
    sections: z.array(SectionUpdate).optional(),
    lessons: z.array(LessonUpdate).optional(),
    topics: z.array(TopicUpdate).optional(),
  })
  .meta({ id: 'UpdateCourseAttributes' });
export type UpdateCourseAttributes = z.infer<typeof UpdateCourseAttributes>;

export const UPDATE_ARRAYS = ['courseGroups', 'courses', 'sections', 'lessons', 'topics'] as const;
export type UpdateArray = (typeof UPDATE_ARRAYS)[number];

export const UpdateCoursesRequest = z
  .object({ courseAttributes: UpdateCourseAttributes, secretKey: z.string().optional() })
  .meta({ id: 'UpdateCoursesRequest' });
export type UpdateCoursesRequest = z.infer<typeof UpdateCoursesRequest>;

export const UpdateCoursesResponse = z
  .union([
    z.literal(true),
    z.strictObject({ success: z.literal(true), backgroundJob: BackgroundJob }),
  ])
  .meta({ id: 'UpdateCoursesResponse' });
export type UpdateCoursesResponse = z.infer<typeof UpdateCoursesResponse>;
