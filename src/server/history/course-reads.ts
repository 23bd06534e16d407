// Reading courses from the instance for the history and the audit's old values: each course is its
// structure, its group and its session record (the compiler's baseline). Courses of one group share the
// group's two reads; reads run a few at a time (a 1,000-price call never opens 1,000 requests at once).
import type { CourseSnapshot } from '#contract/console/history.ts';
import type { Course, CourseGroup, CourseStructure } from '#contract/index.ts';
import type { Upstream } from '../upstream/upstream-client.ts';

/** Upstream reads in flight at once for one capture. */
export const READ_CONCURRENCY = 4;

export class ReadFailed extends Error {}

export interface CourseReader {
  /** GET a REST path as JSON; undefined on 404. */
  json<T>(path: string): Promise<T | undefined>;
  /** The courses, as the API shows them now; a course that cannot be read is left out. */
  snapshots(courseIds: readonly string[]): Promise<Map<string, CourseSnapshot>>;
  /** The ids of a group's courses. */
  groupCourses(groupId: string): Promise<string[]>;
  /** The course of a section, lesson or topic (undefined when unknown). */
  courseOfNode(kind: 'section' | 'lesson' | 'topic', id: string): Promise<string | undefined>;
  /** A raw text read (a translation file). */
  text(path: string): Promise<string | undefined>;
}

/** Runs `task` over `items`, at most `limit` at once. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const NODE_PATHS = { section: '/sections/', lesson: '/lessons/', topic: '/topics/' } as const;

export function createCourseReader(upstream: Upstream): CourseReader {
  async function read(path: string, accept: string): Promise<string | undefined> {
    const response = await upstream.pool.request({
      method: 'GET',
      path: upstream.restPath(path),
      headers: { authorization: upstream.authorization(), accept },
      headersTimeout: upstream.timeoutMs,
      bodyTimeout: upstream.timeoutMs,
    });
    const text = await response.body.text();
    if (response.statusCode === 404) return undefined;
    if (response.statusCode !== 200)
      throw new ReadFailed(`GET ${path} answered ${response.statusCode}`);
    return text;
  }
  const json = async <T>(path: string) => {
    const text = await read(path, 'application/json');
    return text === undefined ? undefined : (JSON.parse(text) as T);
  };

  return {
    json,
    text: (path) => read(path, 'text/xml'),

    async snapshots(courseIds) {
      const structures = new Map<string, CourseStructure>();
      await eachLimited([...new Set(courseIds)], READ_CONCURRENCY, async (id) => {
        const structure = await json<CourseStructure>(
          `/courses/${encodeURIComponent(id)}/structure`,
        );
        if (structure) structures.set(id, structure);
      });
      const groups = new Map<string, { group: CourseGroup; courses: Course[] }>();
      const groupIds = [...new Set([...structures.values()].map((s) => s.courseGroupId))];
      await eachLimited(groupIds, READ_CONCURRENCY, async (groupId) => {
        const path = `/courseGroups/${encodeURIComponent(groupId)}`;
        const [group, list] = await Promise.all([
          json<CourseGroup>(path),
          json<{ courses: Course[] }>(`${path}/courses`),
        ]);
        if (group && list) groups.set(groupId, { group, courses: list.courses });
      });
      const out = new Map<string, CourseSnapshot>();
      for (const [id, structure] of structures) {
        const read = groups.get(structure.courseGroupId);
        const course = read?.courses.find((candidate) => candidate.id === id);
        if (read && course) out.set(id, { courseGroup: read.group, course, structure });
      }
      return out;
    },

    async groupCourses(groupId) {
      const list = await json<{ courses: Course[] }>(
        `/courseGroups/${encodeURIComponent(groupId)}/courses`,
      );
      return list?.courses.map((course) => course.id) ?? [];
    },

    async courseOfNode(kind, id) {
      const record = await json<{ courseId?: string }>(NODE_PATHS[kind] + encodeURIComponent(id));
      return record?.courseId;
    },
  };
}
