// Content for scheduled-action and publish-request tests, made through the sandbox's own API, and waits
// for a schedule to reach a state and for a course's history versions.
import type { TestSandbox } from '../../helpers/sandbox.ts';
import type { ScanningClient } from './scanning-client.ts';

export interface TestGroup {
  groupId: string;
  courseIds: string[];
  title: string;
}

/** A course group with `courses` courses (the first made by create), all in `status`. */
export async function createGroup(
  sandbox: TestSandbox,
  title: string,
  options: { courses?: number; status?: 'draft' | 'published' } = {},
): Promise<TestGroup> {
  const status = options.status ?? 'draft';
  const created = await sandbox.api('POST', '/content/course/create', {
    courseAttributes: [
      {
        title,
        kind: 'courseGroup',
        status,
        sections: [
          { title: 'Basics', lessons: [{ title: 'Intro', openType: 'open', topics: [] }] },
        ],
      },
    ],
  });
  if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text}`);
  const groupId = created.body.courseGroupIds[0] as string;
  const courseIds = [created.body.courseIds[0] as string];
  for (let n = 2; n <= (options.courses ?? 1); n++) {
    const added = await sandbox.api('PUT', '/content/course/update', {
      courseAttributes: {
        courses: [{ courseGroupId: groupId, title: `${title} session ${n}`, kind: 'courseGroup' }],
      },
    });
    if (added.status !== 200) throw new Error(`add course: ${added.status} ${added.text}`);
    const list = await sandbox.api('GET', `/courseGroups/${groupId}/courses`);
    const ids = (list.body.courses as { id: string }[]).map((course) => course.id);
    const newId = ids.find((id) => !courseIds.includes(id))!;
    if (status === 'published')
      await sandbox.api('PUT', `/content/${newId}/releaseContent`, {
        kind: 'course',
        action: 'release',
      });
    courseIds.push(newId);
  }
  return { groupId, courseIds, title };
}

export async function courseStatuses(sandbox: TestSandbox, groupId: string) {
  const list = await sandbox.api('GET', `/courseGroups/${groupId}/courses`);
  return (list.body.courses as { id: string; status: string }[]).map((course) => course.status);
}

/** Polls the schedules list until `id` satisfies `ready`; returns it (or fails after `ms`). */
export async function waitForSchedule(
  http: ScanningClient,
  cookie: string,
  id: string,
  ready: (schedule: ScheduleBody) => boolean,
  ms = 10_000,
): Promise<ScheduleBody> {
  const deadline = Date.now() + ms;
  let last: ScheduleBody | undefined;
  for (;;) {
    for (const view of ['past', 'upcoming']) {
      const page = await http.get(`/api/schedules?view=${view}&limit=500`, { cookie });
      last = (page.body.schedules as ScheduleBody[]).find((schedule) => schedule.id === id) ?? last;
      if (last && ready(last)) return last;
    }
    if (Date.now() > deadline)
      throw new Error(`schedule ${id} did not get there: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A course's history versions, newest first, once there are `count` (or fails after `ms`). */
export async function waitForVersions(
  http: ScanningClient,
  cookie: string,
  courseId: string,
  count: number,
  ms = 10_000,
): Promise<ScheduleBody[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const page = await http.get(`/api/history/courses/${courseId}/versions?limit=50`, { cookie });
    const versions = (page.body.versions ?? []) as ScheduleBody[];
    if (versions.length >= count) return versions;
    if (Date.now() > deadline)
      throw new Error(`${courseId}: ${versions.length} versions, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ScheduleBody = Record<string, any>;

/** The release calls the sandbox handled for `id`. */
export const releasesOf = (sandbox: TestSandbox, id: string) =>
  sandbox.received.filter(
    (request) => request.method === 'PUT' && request.url.includes(`/content/${id}/releaseContent`),
  ).length;
