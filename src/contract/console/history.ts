// Course history: every change Lectern applies to a course is kept as a version (the course as read
// before, and as confirmed after), and any two versions compare side by side by stable ids, so a move
// reads as a move and a rename as a rename (docs/decisions/course-history.md).
import { z } from '../zod.ts';
import { Status } from '../enums.ts';
import { Course, CourseGroup, CourseStructure } from '../schemas/read-models.ts';
import { consoleEndpoint } from './endpoint.ts';
import { CursorParam, LimitParam, PageInfo } from './pages.ts';
import { VersionCounts } from './version-counts.ts';

export { VersionCounts };

/** What kind of change made a version; a version that gathers several calls may have several. */
export const HISTORY_CHANGE_KINDS = [
  'create',
  'edit',
  'status',
  'archive',
  'unarchive',
  'price',
  'criteria',
  'translation',
] as const;
export const HistoryChangeKind = z.enum(HISTORY_CHANGE_KINDS);
export type HistoryChangeKind = z.infer<typeof HistoryChangeKind>;

/**
 * A course as the API shows it: its group, its session and its structure (the compiler's baseline).
 * Built from the read models without their schema names, so this document inlines them.
 */
export const CourseSnapshot = z.object({
  courseGroup: z.extend(CourseGroup, {}),
  course: z.extend(Course, {}),
  structure: z.extend(CourseStructure, {}),
});
export type CourseSnapshot = z.infer<typeof CourseSnapshot>;

export const TranslationChange = z.object({
  language: z
    .string()
    .register(z.globalRegistry, { description: 'The target language of the uploaded file.' }),
  units: z
    .int()
    .register(z.globalRegistry, { description: 'Translation units in the uploaded file.' }),
  changed: z.int().register(z.globalRegistry, {
    description: 'Units whose stored translation was new or different before the upload.',
  }),
});
export type TranslationChange = z.infer<typeof TranslationChange>;

export const CourseVersionSummary = z.object({
  courseId: z.string(),
  courseGroupId: z.string(),
  number: z
    .int()
    .check(z.gte(1))
    .register(z.globalRegistry, { description: 'The version number, 1 for the first kept.' }),
  at: z.iso
    .datetime()
    .register(z.globalRegistry, { description: 'When the state after the change was read.' }),
  userEmail: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'Who made the change.' }),
  kinds: z.array(HistoryChangeKind),
  title: z
    .string()
    .register(z.globalRegistry, { description: 'The course title after the change.' }),
  status: Status.clone().register(z.globalRegistry, {
    description: 'The course status after the change.',
  }),
  counts: VersionCounts,
  translation: z.nullable(TranslationChange),
  drift: z.boolean().register(z.globalRegistry, {
    description:
      'The course as read before this change differed from the previous version: it was changed outside Lectern (or by another console server at the same moment) in between.',
  }),
  auditSeqs: z
    .array(z.int())
    .register(z.globalRegistry, { description: 'The audit records of the calls it gathers.' }),
  bytes: z
    .int()
    .register(z.globalRegistry, { description: 'What the version takes in the console database.' }),
});
export type CourseVersionSummary = z.infer<typeof CourseVersionSummary>;

export const CourseVersion = z.extend(CourseVersionSummary, {
  before: z.nullable(CourseSnapshot).register(z.globalRegistry, {
    description: 'The course as read before the change; null for the version that created it.',
  }),
  after: CourseSnapshot,
});
export type CourseVersion = z.infer<typeof CourseVersion>;

// ---- Comparing two versions --------------------------------------------------------------------

export const FieldChange = z.object({
  field: z
    .string()
    .register(z.globalRegistry, { description: 'The API field name (`priceInCents`, `body`…).' }),
  scope: z.enum(['group', 'course', 'node']).register(z.globalRegistry, {
    description: '`group` and `course`: a field of the course group or session.',
  }),
  before: z
    .optional(z.unknown())
    .register(z.globalRegistry, { description: 'The value before; absent when it had none.' }),
  after: z
    .optional(z.unknown())
    .register(z.globalRegistry, { description: 'The value after; absent when it has none.' }),
});
export type FieldChange = z.infer<typeof FieldChange>;

export const DiffNodeKind = z.enum(['section', 'lesson', 'topic']);
export type DiffNodeKind = z.infer<typeof DiffNodeKind>;

export const ParentRef = z.object({
  id: z.string(),
  kind: z.enum(['course', 'section', 'lesson']),
  title: z.string(),
});
export type ParentRef = z.infer<typeof ParentRef>;

export const NodeChange = z.object({
  id: z
    .string()
    .register(z.globalRegistry, { description: 'The server id, the same in both versions.' }),
  kind: DiffNodeKind,
  change: z.enum(['added', 'removed', 'kept']),
  title: z.string().register(z.globalRegistry, {
    description: 'Its title in the later version (the earlier if removed).',
  }),
  renamedFrom: z.nullable(z.string()),
  movedFrom: z
    .nullable(ParentRef)
    .register(z.globalRegistry, { description: 'Its parent before, when it moved.' }),
  movedTo: z.nullable(ParentRef),
  reordered: z.boolean().register(z.globalRegistry, {
    description: 'Same parent, another place among the siblings that stayed with it.',
  }),
  fields: z.array(FieldChange),
});
export type NodeChange = z.infer<typeof NodeChange>;

export const CriterionChange = z.object({
  id: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.nullable(z.record(z.string(), z.unknown())),
  after: z.nullable(z.record(z.string(), z.unknown())),
});
export type CriterionChange = z.infer<typeof CriterionChange>;

export const VersionDiff = z.object({
  course: z
    .array(FieldChange)
    .register(z.globalRegistry, { description: 'Fields of the course and its group.' }),
  nodes: z
    .array(NodeChange)
    .register(z.globalRegistry, { description: 'Changed nodes, in document order.' }),
  criteria: z.array(CriterionChange),
  counts: VersionCounts,
});
export type VersionDiff = z.infer<typeof VersionDiff>;

/** One line of the side-by-side outline: a node on either side or both, or unchanged ones folded. */
export const CompareRow = z.union([
  z.object({
    id: z.string(),
    kind: DiffNodeKind,
    depth: z.int().check(z.gte(0)),
    before: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'Its title on the left; null if added.' }),
    after: z
      .nullable(z.string())
      .register(z.globalRegistry, { description: 'Its title on the right; null if removed.' }),
    changed: z.boolean().register(z.globalRegistry, { description: 'Listed in `diff.nodes`.' }),
  }),
  z.object({
    same: z
      .int()
      .check(z.gte(1))
      .register(z.globalRegistry, { description: 'Unchanged nodes folded here.' }),
    depth: z.int().check(z.gte(0)),
  }),
]);
export type CompareRow = z.infer<typeof CompareRow>;

export const VersionComparison = z.object({
  from: CourseVersionSummary,
  to: CourseVersionSummary,
  diff: VersionDiff,
  rows: z.array(CompareRow),
});
export type VersionComparison = z.infer<typeof VersionComparison>;

// ---- Endpoints ---------------------------------------------------------------------------------

const CourseParams = z.object({ courseId: z.uuid('must be a course id') });
const VersionNumber = z.coerce
  .number({ error: 'must be a version number' })
  .check(z.int('must be a version number'), z.gte(1, 'must be a version number'));

export const HistoryPage = z.object({
  versions: z
    .array(CourseVersionSummary)
    .register(z.globalRegistry, { description: 'Newest first.' }),
  pageInfo: PageInfo,
});
export type HistoryPage = z.infer<typeof HistoryPage>;

export const listCourseVersions = consoleEndpoint({
  operationId: 'listCourseVersions',
  method: 'GET',
  path: '/api/history/courses/{courseId}/versions',
  summary: 'The versions of a course, newest first, in keyset pages.',
  access: 'role',
  params: CourseParams,
  query: z.object({ cursor: z.optional(CursorParam), limit: LimitParam }),
  response: HistoryPage,
});

export const getCourseVersion = consoleEndpoint({
  operationId: 'getCourseVersion',
  method: 'GET',
  path: '/api/history/courses/{courseId}/versions/{number}',
  summary: 'One version with the course as read before and after the change.',
  access: 'role',
  params: z.extend(CourseParams, { number: VersionNumber }),
  response: CourseVersion,
  errors: [{ status: 404, error: 'not_found', when: 'The course has no such version.' }],
});

export const compareCourseVersions = consoleEndpoint({
  operationId: 'compareCourseVersions',
  method: 'GET',
  path: '/api/history/courses/{courseId}/compare',
  summary: 'Two versions side by side: fields, and the outline by stable ids.',
  description:
    'Compares the state after `from` with the state after `to` (`to` may be the older one). With `from` equal to `to`, compares the state before that version with the state after it: what that change did. `context=all` lists every node of the outline; by default unchanged runs are folded.',
  access: 'role',
  params: CourseParams,
  query: z.object({
    from: VersionNumber,
    to: VersionNumber,
    context: z._default(z.enum(['changes', 'all']), 'changes'),
  }),
  response: VersionComparison,
  errors: [{ status: 404, error: 'not_found', when: 'The course has no such version.' }],
});

export const HISTORY_INTRO = [
  'Every change Lectern applies to a course (editor applies, status changes, archive and restore,',
  'prices, completion criteria, translations) keeps a version in the console database: the course as',
  'read before the change and as read once it was confirmed. Calls of one person on one course that',
  'follow each other closely (an editor apply is several calls) make one version.',
].join(' ');

export const HISTORY_ENDPOINTS = [
  listCourseVersions,
  getCourseVersion,
  compareCourseVersions,
] as const;
