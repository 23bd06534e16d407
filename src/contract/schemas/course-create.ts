// Create payloads (spec 2.2, 2.3, 2.5, 4.1).
import { z } from '../zod.ts';
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
    language: z.optional(z.string().check(z.minLength(1))),
    label: z.optional(z.string()),
    title: z.optional(z.string()),
    subtitle: z.optional(z.string()),
    body: z.optional(z.string()),
    copyright: z.optional(z.string()),
    externalUrl: z.optional(HttpUrl),
    externalUrlCallToAction: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'ArticlePageVariant' });
export type ArticlePageVariant = z.infer<typeof ArticlePageVariant>;

const percent = z.int().check(z.gte(1), z.lte(100));

export const CompletionCriteriaFields = z.strictObject({
  type: CompletionCriteriaType,
  coursePercentViewed: z.optional(percent),
  articlePercentViewed: z.optional(percent),
  videoPercentViewed: z.optional(percent),
  articleTimeViewedInSeconds: z.optional(z.int().check(z.gte(1))),
  videoTopicId: z.optional(Uuid).register(z.globalRegistry, {
    description:
      'Video topic of a videoPercentViewed criterion; defaults to the topic carrying it.',
  }),
  topicId: z.optional(Uuid).register(z.globalRegistry, {
    description:
      'Topic referenced by an event-style criterion; defaults to the topic carrying the criterion.',
  }),
});

export const CompletionCriteria = CompletionCriteriaFields.check(
  z.superRefine((criteria, ctx) => {
    for (const message of completionCriteriaIssues(criteria))
      ctx.addIssue({ code: 'custom', message });
  }),
).register(z.globalRegistry, { id: 'CompletionCriteria' });
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
  body: z.optional(z.string()),
  languages: z.optional(z.array(ArticlePageVariant)),
  preTextBlock: z.optional(z.string()),
  postTextBlock: z.optional(z.string()),
  width: z.optional(z.int().check(z.positive())),
  height: z.optional(z.int().check(z.positive())),
  embeddedEnabled: z.optional(z.boolean()),
  fullscreenEmbed: z.optional(z.boolean()),
  preventProgression: z.optional(z.boolean()),
  resetSessionAfterComplete: z.optional(z.boolean()),
  caption: z.optional(z.string()),
  searchDisabled: z.optional(z.boolean()),
  printDisabled: z.optional(z.boolean()),
  fileDownloadDisabled: z.optional(z.boolean()),
  scormUrl: z.optional(HttpUrl),
  scoTitle: z.optional(z.string()),
  objectType: z.optional(z.string()),
  courseCompletionCriteria: z.optional(CompletionCriteria),
  pdfUrl: z.optional(HttpUrl),
  videoUrl: z.optional(HttpUrl),
  videoAsset: z.optional(z.string().check(z.minLength(1))),
  assetType: z.optional(AssetType),
  preAsset: z.optional(z.string().check(z.minLength(1))),
  postAsset: z.optional(z.string().check(z.minLength(1))),
  posterImageAsset: z.optional(HttpUrl),
  audioUrl: z.optional(HttpUrl),
};
export const TOPIC_FIELD_NAMES = Object.keys(topicFields) as (keyof typeof topicFields)[];

export const Topic = z.strictObject(topicFields).register(z.globalRegistry, { id: 'Topic' });
export type Topic = z.infer<typeof Topic>;

export const Lesson = z
  .strictObject({ title: z.string(), openType: OpenType, topics: z.array(Topic) })
  .register(z.globalRegistry, { id: 'Lesson' });
export type Lesson = z.infer<typeof Lesson>;

export const Section = z
  .strictObject({ title: z.string(), releaseDate: z.optional(IsoDate), lessons: z.array(Lesson) })
  .register(z.globalRegistry, { id: 'Section' });
export type Section = z.infer<typeof Section>;

export const courseGroupFieldsOnCreate = {
  description: z.optional(z.string()),
  tagIds: z.optional(z.array(Uuid)),
  authors: z.optional(z.array(z.string())),
  source: z.optional(z.string()),
  customFields: z.optional(CustomFields),
  asset: z.optional(HttpUrl),
  assetAltText: z.optional(z.string()),
  detailAsset: z.optional(HttpUrl),
  detailAssetAltText: z.optional(z.string()),
  ribbon: z.optional(z.string().check(z.minLength(1))),
  metaTitle: z.optional(z.string()),
  metaDescription: z.optional(z.string()),
  contentType: z.optional(z.string().check(z.minLength(1))),
  relatedCourseGroupIds: z.optional(z.array(Uuid)),
};

export const CourseAttributes = z
  .strictObject({
    title: z.string(),
    kind: CreateKind,
    sku: z.optional(z.string().check(z.minLength(1))),
    isbn: z.optional(z.string()),
    discussionsEnabled: z.optional(z.boolean()),
    availableToPublic: z.optional(z.boolean()),
    enrollmentLimit: z.optional(z.int().check(z.positive())),
    enrollmentStartDate: z.optional(IsoDate),
    enrollmentEndDate: z.optional(IsoDate),
    courseStartDate: z.optional(IsoDate),
    courseEndDate: z.optional(IsoDate),
    gracePeriodEndDate: z.optional(IsoDate),
    priceInCents: z.optional(z.int()),
    freeWithRegistration: z.optional(z.boolean()),
    purchasable: z.optional(z.boolean()),
    status: z.optional(Status),
    futurePublishDate: z.optional(IsoDate),
    publishDate: z.optional(IsoDate),
    sessionCustomFields: z.optional(SessionCustomFields),
    forceLinearProgress: z.optional(z.boolean()),
    showProgress: z.optional(z.boolean()),
    prerequisiteCourseIds: z.optional(z.array(Uuid)),
    prerequisiteLearningPathIds: z.optional(z.array(Uuid)),
    ...courseGroupFieldsOnCreate,
    // Kind-specific structure.
    sections: z.optional(z.array(Section)),
    topics: z.optional(z.array(Topic)),
    articleVariant: z.optional(ArticlePageVariant),
    scormUrl: z.optional(HttpUrl),
    width: z.optional(z.int().check(z.positive())),
    height: z.optional(z.int().check(z.positive())),
    embeddedEnabled: z.optional(z.boolean()),
    resetSessionAfterComplete: z.optional(z.boolean()),
    videoUrl: z.optional(HttpUrl),
    videoAsset: z.optional(z.string().check(z.minLength(1))),
    assetType: z.optional(AssetType),
    preAsset: z.optional(z.string().check(z.minLength(1))),
    postAsset: z.optional(z.string().check(z.minLength(1))),
    posterImageAsset: z.optional(HttpUrl),
  })
  .register(z.globalRegistry, { id: 'CourseAttributes' });
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
    secretKey: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'CreateCoursesRequest' });
export type CreateCoursesRequest = z.infer<typeof CreateCoursesRequest>;

export const CreateCoursesResponse = z
  .strictObject({
    courseIds: z.array(Uuid),
    courseGroupIds: z.array(Uuid),
    backgroundJob: z.optional(BackgroundJob),
  })
  .register(z.globalRegistry, { id: 'CreateCoursesResponse' });
export type CreateCoursesResponse = z.infer<typeof CreateCoursesResponse>;
