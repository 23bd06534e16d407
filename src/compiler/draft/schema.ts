// The course draft: what the editor edits and the compiler turns into API requests. Every node has a
// stable client id; nodes that exist on the server also carry their server id. Shapes are built from
// the contract's schemas so a draft field is exactly an API field.
import { z } from '#contract/zod.ts';
import {
  ArticlePageVariant,
  CourseAttributes,
  CourseGroupUpdate,
  KIND_SPECIFIC_FIELDS,
  Lesson,
  Section,
  Topic,
  Uuid,
} from '#contract/index.ts';

const nodeIds = {
  clientId: z.string().check(z.minLength(1)),
  /** Set once the node exists on the server. */
  serverId: z.optional(Uuid),
};

export const TopicNodeSchema = z.extend(Topic, { kind: z.literal('topic'), ...nodeIds });
export type TopicNode = z.infer<typeof TopicNodeSchema>;

export const LessonNodeSchema = z.extend(z.omit(Lesson, { topics: true }), {
  kind: z.literal('lesson'),
  ...nodeIds,
  topics: z.array(TopicNodeSchema),
});
export type LessonNode = z.infer<typeof LessonNodeSchema>;

export const SectionNodeSchema = z.extend(z.omit(Section, { lessons: true }), {
  kind: z.literal('section'),
  ...nodeIds,
  lessons: z.array(LessonNodeSchema),
});
export type SectionNode = z.infer<typeof SectionNodeSchema>;

export type TreeNode = SectionNode | LessonNode | TopicNode;
export type NodeKind = TreeNode['kind'];

const mask = <K extends string>(fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, true as const])) as Record<K, true>;

/** Fields of 2.2 that describe the kind's structure: the draft keeps them in its root, not attributes. */
const structureMask = mask([
  'kind',
  ...Object.values(KIND_SPECIFIC_FIELDS).flat(),
] as const satisfies readonly (keyof typeof CourseAttributes.shape)[]);

/**
 * Course attributes of spec 2.2 (session and catalog fields) plus the two group fields only update
 * can set (`slug`, `archived`), which matter once the course exists.
 */
export const DraftAttributesSchema = z.extend(z.omit(CourseAttributes, structureMask), {
  slug: CourseGroupUpdate.shape.slug,
  archived: z.optional(z.boolean()),
});
export type DraftAttributes = z.infer<typeof DraftAttributesSchema>;

export const VideoFieldsSchema = z.pick(CourseAttributes, mask(KIND_SPECIFIC_FIELDS.video));
export type VideoFields = z.infer<typeof VideoFieldsSchema>;

export const ScormFieldsSchema = z.pick(
  CourseAttributes,
  mask(KIND_SPECIFIC_FIELDS.shareableContentObject),
);
export type ScormFields = z.infer<typeof ScormFieldsSchema>;

/** Server ids of a saved course, including the containers the API creates implicitly. */
export const ServerIdsSchema = z.strictObject({
  courseGroupId: Uuid,
  courseId: Uuid,
  /** microCourse / article / video: the implicit section and lesson holding the topics. */
  implicitSectionId: z.optional(Uuid),
  implicitLessonId: z.optional(Uuid),
  /** article / video: the one topic created for the course. */
  implicitTopicId: z.optional(Uuid),
});
export type ServerIds = z.infer<typeof ServerIdsSchema>;

const common = {
  clientId: z.string().check(z.minLength(1)),
  serverIds: z.optional(ServerIdsSchema),
  attributes: DraftAttributesSchema,
};

export const CourseGroupDraftSchema = z.strictObject({
  ...common,
  kind: z.literal('courseGroup'),
  sections: z.array(SectionNodeSchema),
});
export const MicroCourseDraftSchema = z.strictObject({
  ...common,
  kind: z.literal('microCourse'),
  topics: z.array(TopicNodeSchema),
});
export const ArticleDraftSchema = z.strictObject({
  ...common,
  kind: z.literal('article'),
  articleVariant: ArticlePageVariant,
});
export const VideoDraftSchema = z.strictObject({
  ...common,
  kind: z.literal('video'),
  video: VideoFieldsSchema,
});
export const ScormDraftSchema = z.strictObject({
  ...common,
  kind: z.literal('shareableContentObject'),
  scorm: ScormFieldsSchema,
});

export const CourseDraftSchema = z.discriminatedUnion('kind', [
  CourseGroupDraftSchema,
  MicroCourseDraftSchema,
  ArticleDraftSchema,
  VideoDraftSchema,
  ScormDraftSchema,
]);
export type CourseDraft = z.infer<typeof CourseDraftSchema>;
export type CourseGroupDraft = z.infer<typeof CourseGroupDraftSchema>;
export type MicroCourseDraft = z.infer<typeof MicroCourseDraftSchema>;

/** Kinds whose drafts hold a tree the editor can drag nodes in. */
export type TreeDraft = CourseGroupDraft | MicroCourseDraft;
export const isTreeDraft = (draft: CourseDraft): draft is TreeDraft =>
  draft.kind === 'courseGroup' || draft.kind === 'microCourse';
