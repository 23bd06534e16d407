// Titles for the ids events carry, looked up on the instance once and shared: answers are kept in the console's database (every user, every server) for a while, identical
// lookups in progress are joined (request collapsing), and every read goes through one upstream reader
// that bounds the reads in flight and waits out 429s (upstream/upstream-reader.ts).
//
// How each is asked: a course through `/courses/{id}/structure`, which names the course and all its
// topics in one read; a topic outside the course an event gave through `/topics/{id}`; a learning path
// through `/content/learningPaths/{id}`. 404 (or 410) means the item is gone: remembered as missing for a
// shorter while. Any other failure is not remembered: the answer is `unavailable`, or the stale title
// when one is stored.
import type { Logger } from 'pino';
import type { NamesConfig } from '../config.ts';
import type { NamesAnswer, ResolvedName, TopicRef } from '#contract/console/names.ts';
import type {
  NameCacheEntry,
  NameCacheRepository,
  NameType,
} from '../storage/name-cache-repository.ts';
import type { UpstreamReader } from '../upstream/upstream-reader.ts';

export interface NamesServiceDeps {
  repo: NameCacheRepository;
  reader: UpstreamReader;
  config: NamesConfig;
  now: () => number;
  log: Logger;
}

export interface NameRequest {
  courses?: readonly string[];
  learningPaths?: readonly string[];
  topics?: readonly TopicRef[];
}

/** What a lookup learned: entries to remember, and for keys it could not settle, why. */
interface Lookup {
  entries: NameCacheEntry[];
  failures: Map<string, string>;
}

const key = (type: NameType, id: string) => `${type}:${id}`;
const GONE = new Set([404, 410]);
const PURGE_EVERY_MS = 3_600_000;

/** A sentence for an answer that is neither a title nor "gone". */
export function failureMessage(status: number | null, error?: unknown): string {
  if (status === null)
    return `The instance could not be reached (${(error as Error | undefined)?.message ?? 'no answer'}).`;
  if (status === 429) return 'The instance is throttling the console; try again in a moment.';
  if (status === 401 || status === 403)
    return `The instance refused the console's key (${status}).`;
  return `The instance answered ${status}.`;
}

export function createNamesService(deps: NamesServiceDeps) {
  const { repo, reader, config, now, log } = deps;
  const flights = new Map<string, Promise<Lookup>>();
  let lastPurge = 0;

  const entry = (
    type: NameType,
    id: string,
    found: { title: string; detail?: Record<string, unknown> } | null,
  ): NameCacheEntry => {
    const at = now();
    return {
      type,
      id,
      state: found ? 'found' : 'missing',
      title: found?.title ?? null,
      detail: found?.detail ?? null,
      checkedAt: at,
      expiresAt: at + (found ? config.ttlMs : Math.ceil(config.ttlMs / 5)),
    };
  };

  /** Runs `work` once for `flightKey` at a time; later callers join it. Stores what it learned. */
  function flight(flightKey: string, work: () => Promise<Lookup>): Promise<Lookup> {
    const open = flights.get(flightKey);
    if (open) return open;
    const started = work()
      .then(async (lookup) => {
        if (lookup.entries.length > 0) await repo.save(lookup.entries);
        return lookup;
      })
      .finally(() => flights.delete(flightKey));
    flights.set(flightKey, started);
    return started;
  }

  const failed = (flightKey: string, message: string): Lookup => ({
    entries: [],
    failures: new Map([[flightKey, message]]),
  });

  async function ask(path: string) {
    try {
      return { answer: await reader.read(path), error: null };
    } catch (error) {
      return { answer: null, error };
    }
  }

  function course(id: string): Promise<Lookup> {
    return flight(key('course', id), async () => {
      const { answer, error } = await ask(`/courses/${id}/structure`);
      if (answer && GONE.has(answer.status))
        return { entries: [entry('course', id, null)], failures: new Map() };
      if (!answer || answer.status !== 200 || !isObject(answer.body))
        return failed(key('course', id), failureMessage(answer?.status ?? null, error));
      const body = answer.body;
      const entries = [entry('course', id, { title: text(body.title) })];
      for (const topic of topicsOf(body))
        entries.push(
          entry('topic', topic.id, {
            title: topic.title,
            detail: { courseId: id, type: topic.type },
          }),
        );
      return { entries, failures: new Map() };
    });
  }

  function single(type: 'topic' | 'learningPath', id: string): Promise<Lookup> {
    const path = type === 'topic' ? `/topics/${id}` : `/content/learningPaths/${id}`;
    return flight(key(type, id), async () => {
      const { answer, error } = await ask(path);
      if (answer && GONE.has(answer.status))
        return { entries: [entry(type, id, null)], failures: new Map() };
      if (!answer || answer.status !== 200 || !isObject(answer.body))
        return failed(key(type, id), failureMessage(answer?.status ?? null, error));
      const body = answer.body;
      const detail =
        type === 'topic' && typeof body.courseId === 'string' ? { courseId: body.courseId } : {};
      return {
        entries: [entry(type, id, { title: text(body.title), detail })],
        failures: new Map(),
      };
    });
  }

  async function purgeNowAndThen(): Promise<void> {
    if (now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now();
    // A day past expiry: stale rows still serve while the instance cannot be asked.
    await repo.purge(now() - 86_400_000).catch((error: unknown) => {
      log.warn({ err: error }, 'names: purging expired rows failed');
    });
  }

  return {
    async resolve(request: NameRequest): Promise<NamesAnswer> {
      void purgeNowAndThen();
      const wanted = {
        course: [...new Set(request.courses ?? [])],
        learningPath: [...new Set(request.learningPaths ?? [])],
        topic: [...new Map((request.topics ?? []).map((topic) => [topic.id, topic])).values()],
      };
      const stored = new Map<string, NameCacheEntry>();
      for (const [type, ids] of [
        ['course', wanted.course],
        ['learningPath', wanted.learningPath],
        ['topic', wanted.topic.map((topic) => topic.id)],
      ] as const)
        for (const row of await repo.find(type, ids)) stored.set(key(row.type, row.id), row);
      const fresh = (type: NameType, id: string) => {
        const row = stored.get(key(type, id));
        return row !== undefined && row.expiresAt > now();
      };

      const learned = new Map<string, NameCacheEntry>();
      const failures = new Map<string, string>();
      const absorb = (lookup: Lookup) => {
        for (const item of lookup.entries) learned.set(key(item.type, item.id), item);
        for (const [itemKey, message] of lookup.failures) failures.set(itemKey, message);
      };
      // Courses first: their structures name most topics asked with them.
      const courseIds = new Set(wanted.course.filter((id) => !fresh('course', id)));
      for (const topic of wanted.topic)
        if (!fresh('topic', topic.id) && topic.courseId) courseIds.add(topic.courseId);
      await Promise.all([
        ...[...courseIds].map((id) => course(id).then(absorb)),
        ...wanted.learningPath
          .filter((id) => !fresh('learningPath', id))
          .map((id) => single('learningPath', id).then(absorb)),
      ]);
      // Topics their course did not name (moved, deleted, or asked without a course).
      await Promise.all(
        wanted.topic
          .filter((topic) => !fresh('topic', topic.id) && !learned.has(key('topic', topic.id)))
          .filter((topic) => !topic.courseId || !failures.has(key('course', topic.courseId)))
          .map((topic) => single('topic', topic.id).then(absorb)),
      );

      // What was learned now, else what is stored (a stale title beats no title), else why not.
      const answer = (type: NameType, id: string, courseId: string | null): ResolvedName => {
        const itemKey = key(type, id);
        const row = learned.get(itemKey) ?? stored.get(itemKey);
        const name = { type: type as ResolvedName['type'], id };
        if (!row)
          return {
            ...name,
            state: 'unavailable',
            title: null,
            courseId: null,
            checkedAt: null,
            message:
              failures.get(itemKey) ??
              (courseId ? failures.get(key('course', courseId)) : undefined) ??
              'The instance did not say.',
          };
        return {
          ...name,
          state: row.state,
          title: row.title,
          courseId: typeof row.detail?.courseId === 'string' ? row.detail.courseId : null,
          checkedAt: row.checkedAt,
          message: null,
        };
      };
      return {
        names: [
          ...wanted.course.map((id) => answer('course', id, null)),
          ...wanted.learningPath.map((id) => answer('learningPath', id, null)),
          ...wanted.topic.map((topic) => answer('topic', topic.id, topic.courseId)),
        ],
      };
    },
    /** Lookups in progress (tests: request collapsing). */
    get inFlight() {
      return flights.size;
    },
  };
}
export type NamesService = ReturnType<typeof createNamesService>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === 'string' && value.trim() !== '' ? value : '(untitled)';

/** The topics of a course structure, read leniently (the spec does not show its fields). */
function topicsOf(structure: Record<string, unknown>) {
  const out: { id: string; title: string; type: string | null }[] = [];
  const sections = Array.isArray(structure.sections) ? structure.sections : [];
  for (const section of sections.filter(isObject))
    for (const lesson of (Array.isArray(section.lessons) ? section.lessons : []).filter(isObject))
      for (const topic of (Array.isArray(lesson.topics) ? lesson.topics : []).filter(isObject))
        if (typeof topic.id === 'string')
          out.push({
            id: topic.id.toLowerCase(),
            title: text(topic.title),
            type: typeof topic.type === 'string' ? topic.type : null,
          });
  return out;
}
