// Create payloads (spec 2.2, 2.3, 2.5, 4.1).
import { z } from 'zod';
import {
  AssetType,
  CompletionCriteriaType,
  CreateKind,
  OpenType,
  Status,
  TopicType,
  VALUE_COMPLETION_CRITERIA,
} from '../enums.ts';
import { CustomFields, HttpUrl, IsoDate, SessionCustomFields, Uuid } from '../primitives.ts';
import { VIDEO_FIELDS } from '../topic-fields.ts';
import { BackgroundJob } from './background-job.ts';

export const ArticlePageVariant = z
  .strictObject({
    language: z.string().min(1).optional(),
    label: z.string().optional(),
    title: z.string().optional(),
    subtitle: z.string().optional(),
    body: z.string().optional(),
    copyright: z.string().optional(),
    externalUrl: HttpUrl.optional(),
    externalUrlCallToAction: z.string().optional(),
  })
  .meta({ id: 'ArticlePageVariant' });
export type ArticlePageVariant = z.infer<typeof ArticlePageVariant>;

const percent = z.int().min(1).max(100);

export const CompletionCriteriaFields = z.strictObject({
  type: CompletionCriteriaType,
  coursePercentViewed: percent.optional(),
  articlePercentViewed: percent.optional(),
  videoPercentViewed: percent.optional(),
  articleTimeViewedInSeconds: z.int().min(1).optional(),
  videoTopicId: Uuid.optional().meta({
    description:
      'Video topic of a videoPercentViewed criterion; defaults to the topic carrying it.',
  }),
  topicId: Uuid.optional().meta({
    description:
      'Topic referenced by an event-style criterion; defaults to the topic carrying the criterion.',
  }),
});

export const CompletionCriteria = CompletionCriteriaFields.superRefine((criteria, ctx) => {
  for (const message of completionCriteriaIssues(criteria))
    ctx.addIssue({ code: 'custom', message });
}).meta({ id: 'CompletionCriteria' });
export type CompletionCriteria = z.infer<typeof CompletionCriteria>;

/** Companion-field rules of spec 2.5. Shared with the editor's validation. */
export function completionCriteriaIssues(criteria: {
  type: string;
  [field: string]: unknown;
}): string[] {
  const { type } = criteria;
  if ((VALUE_COMPLETION_CRITERIA as readonly string[]).includes(type)) {
    if (criteria[type] === undefined)
      return [`courseCompletionCriteria of type '${type}' requires the companion field '${type}'`];
  }
  return [];
}

const topicFields = {
  title: z.string(),
  type: TopicType,
  body: z.string().optional(),
  languages: z.array(ArticlePageVariant).optional(),
  preTextBlock: z.string().optional(),
  postTextBlock: z.string().optional(),
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
  embeddedEnabled: z.boolean().optional(),
  fullscreenEmbed: z.boolean().optional(),
  preventProgression: z.boolean().optional(),
  resetSessionAfterComplete: z.boolean().optional(),
  caption: z.string().optional(),
  searchDisabled: z.boolean().optional(),
  printDisabled: z.boolean().optional(),
  fileDownloadDisabled: z.boolean().optional(),
  scormUrl: HttpUrl.optional(),
  scoTitle: z.string().optional(),
  objectType: z.string().optional(),
  courseCompletionCriteria: CompletionCriteria.optional(),
  pdfUrl: HttpUrl.optional(),
  videoUrl: HttpUrl.optional(),
  videoAsset: z.string().min(1).optional(),
  assetType: AssetType.optional(),
  preAsset: z.string().min(1).optional(),
  postAsset: z.string().min(1).optional(),
  posterImageAsset: HttpUrl.optional(),
  audioUrl: HttpUrl.optional(),
};
export const TOPIC_FIELD_NAMES = Object.keys(topicFields) as (keyof typeof topicFields)[];

export const Topic = z.strictObject(topicFields).meta({ id: 'Topic' });
export type Topic = z.infer<typeof Topic>;

export const Lesson = z
  .strictObject({ title: z.string(), openType: OpenType, topics: z.array(Topic) })
  .meta({ id: 'Lesson' });
export type Lesson = z.infer<typeof Lesson>;

export const Section = z
  .strictObject({ title: z.string(), releaseDate: IsoDate.optional(), lessons: z.array(Lesson) })
  .meta({ id: 'Section' });
export type Section = z.infer<typeof Section>;

export const courseGroupFieldsOnCreate = {
  description: z.string().optional(),
  tagIds: z.array(Uuid).optional(),
  authors: z.array(z.string()).optional(),
  source: z.string().optional(),
  customFields: CustomFields.optional(),
  asset: HttpUrl.optional(),
  assetAltText: z.string().optional(),
  detailAsset: HttpUrl.optional(),
  detailAssetAltText: z.string().optional(),
  ribbon: z.string().min(1).optional(),
  metaTitle: z.string().optional(),
  metaDescription: z.string().optional(),
  contentType: z.string().min(1).optional(),
  relatedCourseGroupIds: z.array(Uuid).optional(),
};

export const CourseAttributes = z
  .strictObject({
    title: z.string(),
    kind: CreateKind,
    sku: z.string().min(1).optional(),
    isbn: z.string().optional(),
    discussionsEnabled: z.boolean().optional(),
    availableToPublic: z.boolean().optional(),
    enrollmentLimit: z.int().positive().optional(),
    enrollmentStartDate: IsoDate.optional(),
    enrollmentEndDate: IsoDate.optional(),
    courseStartDate: IsoDate.optional(),
    courseEndDate: IsoDate.optional(),
    gracePeriodEndDate: IsoDate.optional(),
    priceInCents: z.int().optional(),
    freeWithRegistration: z.boolean().optional(),
    purchasable: z.boolean().optional(),
    status: Status.optional(),
    futurePublishDate: IsoDate.optional(),
    publishDate: IsoDate.optional(),
    sessionCustomFields: SessionCustomFields.optional(),
    forceLinearProgress: z.boolean().optional(),
    showProgress: z.boolean().optional(),
    prerequisiteCourseIds: z.array(Uuid).optional(),
    prerequisiteLearningPathIds: z.array(Uuid).optional(),
    ...courseGroupFieldsOnCreate,
    // Kind-specific structure.
    sections: z.array(Section).optional(),
    topics: z.array(Topic).optional(),
    articleVariant: ArticlePageVariant.optional(),
    scormUrl: HttpUrl.optional(),
    width: z.int().positive().optional(),
    height: z.int().positive().optional(),
    embeddedEnabled: z.boolean().optional(),
    resetSessionAfterComplete: z.boolean().optional(),
    videoUrl: HttpUrl.optional(),
    videoAsset: z.string().min(1).optional(),
    assetType: AssetType.optional(),
    preAsset: z.string().min(1).optional(),
    postAsset: z.string().min(1).optional(),
    posterImageAsset: HttpUrl.optional(),
  })
  .meta({ id: 'CourseAttributes' });
export type CourseAttributes = z.infer<typeof CourseAttributes>;

/** Which kind-specific fields each create kind may carry (spec 2.2). */
export const KIND_SPECIFIC_FIELDS = {
  courseGroup: ['sections'],
  microCourse: ['topics'],
  article: ['articleVariant'],
  shareableContentObject: [
    'scormUrl',
    'width',
    'height',
    'embeddedEnabled',
    'resetSessionAfterComplete',
  ],
  video: VIDEO_FIELDS,
} as const satisfies Record<z.infer<typeof CreateKind>, readonly (keyof CourseAttributes)[]>;

export const CreateCoursesRequest = z
  .object({
    courseAttributes: z.array(CourseAttributes),
    secretKey: z.string().optional(),
  })
  .meta({ id: 'CreateCoursesRequest' });
export type CreateCoursesRequest = z.infer<typeof CreateCoursesRequest>;

export const CreateCoursesResponse = z
  .strictObject({
    courseIds: z.array(Uuid),
    courseGroupIds: z.array(Uuid),
    backgroundJob: BackgroundJob.optional(),
  })
  .meta({ id: 'CreateCoursesResponse' });
export type CreateCoursesResponse = z.infer<typeof CreateCoursesResponse>;
