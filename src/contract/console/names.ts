// Titles for the ids events carry: courses, topics and learning paths, looked up on the instance by the
// console server and kept in its database for every user and every server (a title is asked of the
// instance once per `LECTERN_NAMES_TTL_S`, not once per user), so every event view can show names.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';

/** Ids per call, all three lists together. */
export const NAMES_PER_CALL = 100;

export const NameType = z.enum(['course', 'topic', 'learningPath']);
export type NameType = z.infer<typeof NameType>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A comma-separated list of entries, each checked by `entry`, without repeats. */
const listOf = <T>(what: string, entry: (value: string) => T | null) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const out = new Map<string, T>();
      for (const raw of value.split(',')) {
        const item = raw.trim();
        if (item === '') continue;
        const parsed = entry(item.toLowerCase());
        if (parsed === null) {
          ctx.issues.push({ code: 'custom', message: `${item} is not ${what}`, input: value });
          return z.NEVER;
        }
        out.set(item.toLowerCase(), parsed);
      }
      return [...out.values()];
    }),
  );

export interface TopicRef {
  id: string;
  /** The course an event placed the topic in: its structure names every topic of the course at once. */
  courseId: string | null;
}

export const NamesQuery = z
  .object({
    courses: z
      .optional(listOf('a course id', (item) => (UUID.test(item) ? item : null)))
      .register(z.globalRegistry, { description: 'Course ids, comma-separated.' }),
    learningPaths: z
      .optional(listOf('a learning path id', (item) => (UUID.test(item) ? item : null)))
      .register(z.globalRegistry, { description: 'Learning path ids, comma-separated.' }),
    topics: z
      .optional(
        listOf('a topic id, or a topic id:course id', (item): TopicRef | null => {
          const [id, courseId, extra] = item.split(':');
          if (extra !== undefined || !UUID.test(id!)) return null;
          if (courseId !== undefined && !UUID.test(courseId)) return null;
          return { id: id!, courseId: courseId ?? null };
        }),
      )
      .register(z.globalRegistry, {
        description:
          'Topic ids, comma-separated, each best with the course the event placed it in (`topicId:courseId`): one read of that course names all its topics.',
      }),
  })
  .check(
    z.refine(
      (query) =>
        (query.courses?.length ?? 0) +
          (query.learningPaths?.length ?? 0) +
          (query.topics?.length ?? 0) <=
        NAMES_PER_CALL,
      { message: `at most ${NAMES_PER_CALL} ids per call` },
    ),
  );

export const NameState = z.enum(['found', 'missing', 'unavailable']).register(z.globalRegistry, {
  description:
    '`found`: the title is known. `missing`: the instance says there is no such item (deleted, or never there). `unavailable`: it could not be asked now (unreachable, throttled for longer than the console waits, or it refused the console); `message` says which. A stale title is answered `found` rather than `unavailable`.',
});
export type NameState = z.infer<typeof NameState>;

export const ResolvedName = z.object({
  type: NameType,
  id: z.string(),
  state: NameState,
  title: z.nullable(z.string()),
  courseId: z.nullable(z.string()).register(z.globalRegistry, {
    description: 'Topics: the course that holds the topic now, when known.',
  }),
  checkedAt: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'When the instance gave this answer (epoch ms); null if never.',
  }),
  message: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'Why a name is unavailable.' }),
});
export type ResolvedName = z.infer<typeof ResolvedName>;

export const NamesAnswer = z.object({
  names: z
    .array(ResolvedName)
    .register(z.globalRegistry, { description: 'One per id asked, in no particular order.' }),
});
export type NamesAnswer = z.infer<typeof NamesAnswer>;

export const resolveNames = consoleEndpoint({
  operationId: 'resolveNames',
  method: 'GET',
  path: '/api/names',
  summary: 'Titles of courses, topics and learning paths, by id.',
  description: [
    'Answered from the shared cache when it holds a fresh answer; otherwise the console server asks the',
    'instance (a course through its structure, which also names its topics; a learning path through',
    '`/content/learningPaths/{id}`; a topic outside the course given through `/topics/{id}`), with',
    'identical lookups in progress joined, a bounded number of reads in flight and 429s waited out. Found',
    'titles are kept `LECTERN_NAMES_TTL_S`, missing items a fifth of that.',
  ].join(' '),
  access: 'role',
  query: NamesQuery,
  response: NamesAnswer,
});

export const NAMES_INTRO = [
  'Events carry ids; these endpoints turn them into the words every event view shows. The answers are',
  "kept in the console's database, shared by every user and every console server.",
].join(' ');

export const NAMES_ENDPOINTS = [resolveNames] as const;
