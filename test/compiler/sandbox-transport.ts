// The compiler's executor over real HTTP against the test sandbox (fetch through `api()`).
import type { Course, CourseGroup, CourseGroupListItem, CourseStructure } from '#contract/index.ts';
import { matchCreatedGroups, type Baseline, type Transport } from '#compiler/index.ts';
import type { TestSandbox } from '../helpers/sandbox.ts';

export function sandboxTransport(sandbox: TestSandbox): Transport {
  return {
    async send(request) {
      const response = await sandbox.api(request.method, request.path, request.body);
      return {
        status: response.status,
        body: response.json ?? response.text,
        retryAfter: response.headers.get('retry-after'),
      };
    },
    readStructure: (courseId) => readStructure(sandbox, courseId),
    async findCreated(step, sentAt) {
      const wanted = new Set(step.body.courseAttributes.map((c) => c.title));
      const candidates: CourseGroup[] = [];
      for (const item of await listGroups(sandbox))
        if (wanted.has(item.title))
          candidates.push(
            (await sandbox.api('GET', `/courseGroups/${item.id}`)).body as CourseGroup,
          );
      return matchCreatedGroups(step, sentAt, candidates);
    },
  };
}

async function listGroups(sandbox: TestSandbox): Promise<CourseGroupListItem[]> {
  const all: CourseGroupListItem[] = [];
  let cursor: string | undefined;
  do {
    const page = await sandbox.api(
      'GET',
      `/courseGroups?perPage=500${cursor ? `&cursor=${cursor}` : ''}`,
    );
    all.push(...(page.body.courseGroups as CourseGroupListItem[]));
    cursor = page.body.pageInfo.hasMore ? page.body.pageInfo.cursor : undefined;
  } while (cursor);
  return all;
}

export async function readStructure(
  sandbox: TestSandbox,
  courseId: string,
): Promise<CourseStructure> {
  const response = await sandbox.api('GET', `/courses/${courseId}/structure`);
  if (response.status !== 200)
    throw new Error(`structure ${courseId}: ${response.status} ${response.text}`);
  return response.body as CourseStructure;
}

export async function readBaseline(sandbox: TestSandbox, courseId: string): Promise<Baseline> {
  const structure = await readStructure(sandbox, courseId);
  const group = await sandbox.api('GET', `/courseGroups/${structure.courseGroupId}`);
  const courses = await sandbox.api('GET', `/courseGroups/${structure.courseGroupId}/courses`);
  const course = (courses.body as { courses: Course[] }).courses.find((c) => c.id === courseId);
  if (group.status !== 200 || !course) throw new Error(`baseline ${courseId}: ${group.status}`);
  return { courseGroup: group.body as CourseGroup, course, structure };
}
