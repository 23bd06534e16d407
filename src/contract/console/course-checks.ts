// Course checks before publishing: the report on a course (structure, links and media, accessibility,
// catalog), its findings and the endpoint that answers it. The checks that need no network are pure
// TypeScript in the compiler (src/compiler/checks) and run on the console server for a saved course and
// in the browser for an unsaved draft; the links are fetched by the console server only.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';

export const CHECK_SEVERITIES = ['error', 'warning', 'note'] as const;
export const CheckSeverity = z.enum(CHECK_SEVERITIES).register(z.globalRegistry, {
  description:
    '`error`: learners meet something broken or missing (publishing asks first); `warning`: worth fixing; `note`: for information.',
});
export type CheckSeverity = z.infer<typeof CheckSeverity>;

export const CHECK_CATEGORIES = ['structure', 'links', 'accessibility', 'catalog'] as const;
export const CheckCategory = z.enum(CHECK_CATEGORIES);
export type CheckCategory = z.infer<typeof CheckCategory>;

/** Every rule, by category. The console words each one (lib/labels.ts); messages come with findings. */
export const CHECK_RULES = {
  structure: [
    'courseWithoutTopics',
    'emptySection',
    'emptyLesson',
    'duplicateTitle',
    'topicWithoutContent',
    'topicIsShell',
  ],
  links: [
    'linkBroken',
    'linkServerError',
    'linkTimeout',
    'linkUnresolved',
    'linkRedirectLoop',
    'linkTooManyRedirects',
    'linkUnreachable',
    'linkInternal',
    'linkRelative',
  ],
  accessibility: [
    'imageWithoutAlt',
    'assetWithoutAlt',
    'frameWithoutTitle',
    'vagueLinkText',
    'headingSkipsLevel',
  ],
  catalog: ['descriptionEmpty', 'descriptionTooLong', 'noThumbnail'],
} as const satisfies Record<CheckCategory, readonly string[]>;

export type CheckRule = (typeof CHECK_RULES)[CheckCategory][number];
const ALL_RULES = Object.values(CHECK_RULES).flat() as [CheckRule, ...CheckRule[]];
export const CheckRule = z.enum(ALL_RULES);

export const CHECK_ITEM_KINDS = ['course', 'section', 'lesson', 'topic'] as const;
export const CheckItemKind = z.enum(CHECK_ITEM_KINDS);
export type CheckItemKind = z.infer<typeof CheckItemKind>;

export const CheckItem = z.object({
  kind: CheckItemKind,
  id: z.string().register(z.globalRegistry, {
    description:
      "The item's id on the instance (the course id for the course itself); in a check of an unsaved draft, the draft's id for items not saved yet.",
  }),
  title: z.string(),
  place: z.string().register(z.globalRegistry, {
    description: 'Where it sits in the outline, in words: `Section 2, lesson 1, topic 3`.',
  }),
  topicType: z
    .optional(z.string())
    .register(z.globalRegistry, { description: "A topic's type (spec 2.4)." }),
});
export type CheckItem = z.infer<typeof CheckItem>;

export const CheckFinding = z.object({
  key: z.string().register(z.globalRegistry, {
    description: 'Stable while the finding stands: the same finding has the same key in every run.',
  }),
  rule: CheckRule,
  category: CheckCategory,
  severity: CheckSeverity,
  item: CheckItem,
  alsoIn: z.optional(z.array(CheckItem)).register(z.globalRegistry, {
    description:
      'Other items where the same thing occurs (a link used by several topics is fetched and reported once).',
  }),
  field: z.optional(z.string()).register(z.globalRegistry, {
    description: 'The field it is in: `body`, `languages.0.body`, `videoUrl`, `description`…',
  }),
  url: z.optional(z.string()),
  message: z.string().register(z.globalRegistry, { description: 'What is wrong, in a sentence.' }),
  fix: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'How to fix it, in a sentence.' }),
});
export type CheckFinding = z.infer<typeof CheckFinding>;

export const CheckCounts = z.object({
  error: z.int().check(z.gte(0)),
  warning: z.int().check(z.gte(0)),
  note: z.int().check(z.gte(0)),
});
export type CheckCounts = z.infer<typeof CheckCounts>;

export const LinkCheckFigures = z.object({
  distinct: z
    .int()
    .check(z.gte(0))
    .register(z.globalRegistry, { description: 'Distinct URLs in the course.' }),
  fetched: z.int().check(z.gte(0)).register(z.globalRegistry, {
    description: 'Of them, fetched in this run (not from the cache).',
  }),
  concurrency: z
    .int()
    .check(z.gte(1))
    .register(z.globalRegistry, { description: 'Requests in flight at most.' }),
  timeoutMs: z
    .int()
    .check(z.gte(1))
    .register(z.globalRegistry, { description: 'Time limit of each request.' }),
});

export const CourseCheckReport = z.object({
  state: z.literal('done'),
  courseId: z.string(),
  courseGroupId: z.string(),
  title: z.string(),
  version: z.string().register(z.globalRegistry, {
    description:
      'Fingerprint of the saved course that was checked: the same content gives the same version.',
  }),
  checkedAt: z.iso.datetime(),
  durationMs: z.int().check(z.gte(0)),
  counts: CheckCounts,
  links: LinkCheckFigures,
  findings: z
    .array(CheckFinding)
    .register(z.globalRegistry, { description: 'Errors first, then warnings, then notes.' }),
});
export type CourseCheckReport = z.infer<typeof CourseCheckReport>;

export const CourseCheckRunning = z.object({
  state: z.literal('running'),
  courseId: z.string(),
  version: z
    .string()
    .register(z.globalRegistry, { description: 'Pass it back as `version` while polling.' }),
  startedAt: z.iso.datetime(),
  links: z.object({
    distinct: z.int().check(z.gte(0)),
    done: z
      .int()
      .check(z.gte(0))
      .register(z.globalRegistry, { description: 'URLs whose answer is known so far.' }),
  }),
});
export type CourseCheckRunning = z.infer<typeof CourseCheckRunning>;

export const CourseChecksAnswer = z.discriminatedUnion('state', [
  CourseCheckRunning,
  CourseCheckReport,
]);
export type CourseChecksAnswer = z.infer<typeof CourseChecksAnswer>;

export const CourseChecksQuery = z.object({
  version: z.optional(z.string().check(z.maxLength(64))).register(z.globalRegistry, {
    description:
      'The version a running check was started for: while it runs, polling with it answers without reading the course again.',
  }),
  refresh: z
    .optional(
      z.pipe(
        z.enum(['true', 'false']),
        z.transform((value) => value === 'true'),
      ),
    )
    .register(z.globalRegistry, {
      description: '`true`: check again now, fetching again every link that failed last time.',
    }),
});

export const getCourseChecks = consoleEndpoint({
  operationId: 'getCourseChecks',
  method: 'GET',
  path: '/api/courses/{courseId}/checks',
  summary: 'The checks of a saved course: structure, links and media, accessibility, catalog.',
  description: [
    'Reads the course from the instance and answers its report. A report of the same version younger',
    'than `LECTERN_LINK_CHECK_CACHE_S` is answered as it is; otherwise a check starts and the answer is',
    '**`202`** with `state: running` and its progress (`Retry-After: 1`): poll again with the `version`',
    'it names until the answer is `200` with `state: done`. One check runs per course across every',
    'console server; links are fetched by the console server through the address guard (one request',
    'per distinct URL, `HEAD` then `GET` when refused, `LECTERN_LINK_CHECK_TIMEOUT_MS` each, at most',
    '`LECTERN_LINK_CHECK_CONCURRENCY` at once, redirects followed up to 5, answers cached for',
    '`LECTERN_LINK_CHECK_CACHE_S`).',
  ].join(' '),
  access: 'role',
  params: z.object({ courseId: z.uuid('must be a course id (UUID)') }),
  query: CourseChecksQuery,
  response: CourseChecksAnswer,
  errors: [
    { status: 404, error: 'not_found', when: 'No course has this id on the instance.' },
    {
      status: 502,
      error: 'upstream_unavailable',
      when: 'The course could not be read from the instance.',
    },
    { status: 504, error: 'upstream_timeout', when: 'The instance did not answer in time.' },
  ],
});

export const COURSE_CHECKS_INTRO =
  'A course is checked before it is published: empty sections and lessons, topics without the content their type needs, broken links and media, accessibility (alt text, frame titles, link texts, heading levels) and the catalog (description, thumbnail). The same checks of structure, accessibility and catalog run in the browser on unsaved drafts.';

export const COURSE_CHECKS_ENDPOINTS = [getCourseChecks] as const;
