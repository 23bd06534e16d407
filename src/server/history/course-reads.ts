// Reading courses from the instance for the history and the audit's old values: each course is its
// structure, its group and its session record (the compiler's baseline). Courses of one group share the
// group's two reads; reads run a few at a time (a 1,000-price call never opens 1,000 requests at once).
// A price change needs only the session records (`courses`): found in their group's list, the group
// known from an earlier read of the course (checked: the list must hold it) or from its structure.
import type { CourseSnapshot } from '#contract/console/history.ts';
import type { Course, CourseGroup, CourseStructure } from '#contract/index.ts';
import type { Upstream } from '../upstream/upstream-client.ts';

/** Upstream reads in flight at once for one capture. */
export const READ_CONCURRENCY = 4;

/** Courses whose group is remembered (the oldest forgotten first): some 100 bytes each. */
const GROUP_HINTS = 50_000;

export class ReadFailed extends Error {}

export interface CourseReader {
  /** GET a REST path as JSON; undefined on 404. */
  json<T>(path: string): Promise<T | undefined>;
  /** The courses, as the API shows them now; a course that cannot be read is left out. */
  snapshots(courseIds: readonly string[]): Promise<Map<string, CourseSnapshot>>;
  /** The courses' session records alone (no structure, no group record); unread ones left out. */
  courses(courseIds: readonly string[]): Promise<Map<string, Course>>;
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
      // Named, so the instance's logs (and the tests) tell the history's own reads from forwarded calls.
      headers: { authorization: upstream.authorization(), accept, 'x-lectern-read': 'history' },
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

  // The group each course was last read in. Only a hint: a course may be moved to another group
  // (update's `courseGroupId`), so its group's list must still hold it, else its structure is read.
  const groupHints = new Map<string, string>();
  const hint = (courseId: string, groupId: string) => {
    groupHints.delete(courseId);
    groupHints.set(courseId, groupId);
    if (groupHints.size > GROUP_HINTS) groupHints.delete(groupHints.keys().next().value!);
  };
  const structureOf = async (id: string) => {
    const structure = await json<CourseStructure>(`/courses/${encodeURIComponent(id)}/structure`);
    if (structure) hint(id, structure.courseGroupId);
    return structure;
  };
  const coursesOfGroup = async (groupId: string) => {
    const list = await json<{ courses: Course[] }>(
      `/courseGroups/${encodeURIComponent(groupId)}/courses`,
    );
    for (const course of list?.courses ?? []) hint(course.id, groupId);
    return list?.courses;
  };

  return {
    json,
    text: (path) => read(path, 'text/xml'),

    async snapshots(courseIds) {
      const structures = new Map<string, CourseStructure>();
      await eachLimited([...new Set(courseIds)], READ_CONCURRENCY, async (id) => {
        const structure = await structureOf(id);
        if (structure) structures.set(id, structure);
      });
      const groups = new Map<string, { group: CourseGroup; courses: Course[] }>();
      const groupIds = [...new Set([...structures.values()].map((s) => s.courseGroupId))];
      await eachLimited(groupIds, READ_CONCURRENCY, async (groupId) => {
        const path = `/courseGroups/${encodeURIComponent(groupId)}`;
        const [group, courses] = await Promise.all([
          json<CourseGroup>(path),
          coursesOfGroup(groupId),
        ]);
        if (group && courses) groups.set(groupId, { group, courses });
      });
      const out = new Map<string, CourseSnapshot>();
      for (const [id, structure] of structures) {
        const read = groups.get(structure.courseGroupId);
        const course = read?.courses.find((candidate) => candidate.id === id);
        if (read && course) out.set(id, { courseGroup: read.group, course, structure });
      }
      return out;
    },

    async courses(courseIds) {
      const out = new Map<string, Course>();
      // Each group's list is read once for the call, however many of its courses it changes.
      const lists = new Map<string, Promise<Map<string, Course>>>();
      const inGroup = async (groupId: string, courseId: string) => {
        let list = lists.get(groupId);
        if (!list) {
          list = coursesOfGroup(groupId).then(
            (courses) => new Map((courses ?? []).map((course) => [course.id, course])),
          );
          lists.set(groupId, list);
        }
        return (await list).get(courseId);
      };
      await eachLimited([...new Set(courseIds)], READ_CONCURRENCY, async (id) => {
        const hinted = groupHints.get(id);
        let course = hinted ? await inGroup(hinted, id) : undefined;
        if (!course) {
          const structure = await structureOf(id);
          if (structure && structure.courseGroupId !== hinted)
            course = await inGroup(structure.courseGroupId, id);
        }
        if (course) out.set(id, course);
      });
      return out;
    },

    async groupCourses(groupId) {
      return (await coursesOfGroup(groupId))?.map((course) => course.id) ?? [];
    },

    async courseOfNode(kind, id) {
      const record = await json<{ courseId?: string }>(NODE_PATHS[kind] + encodeURIComponent(id));
      return record?.courseId;
    },
  };
}
