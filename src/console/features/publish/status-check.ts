// Reads the current status of what a publish action will touch, right before it is confirmed: each
// group (its status and whether it is archived) and each of its courses. A group whose status cannot
// be read is reported with the API's message and is never sent.
import type { Status } from '#contract/enums.ts';
import { errorMessages, isApiError } from '../../lib/api-error.ts';
import { forEachBounded } from '../../lib/bulk/bulk-runner.ts';
import { getCourseGroup, listGroupCourses } from '../../lib/content-api.ts';

export interface CheckedCourse {
  id: string;
  title: string;
  status: Status;
  futurePublishDate: string | null;
  isDisplayCourse: boolean;
}

export interface CheckedGroup {
  id: string;
  title: string;
  status: Status;
  archived: boolean;
  courses: readonly CheckedCourse[];
}

export type GroupCheck =
  | { ok: true; group: CheckedGroup }
  | {
      ok: false;
      id: string;
      title: string;
      messages: readonly string[];
      httpStatus: number | null;
    };

export interface StatusReads {
  group(id: string, signal: AbortSignal): Promise<Omit<CheckedGroup, 'courses'>>;
  courses(id: string, signal: AbortSignal): Promise<CheckedCourse[]>;
}

export const contentApiReads: StatusReads = {
  group: (id, signal) => getCourseGroup(id, signal),
  courses: async (id, signal) => (await listGroupCourses(id, false, signal)).courses,
};

/** Reads a group and its courses; throws the API's error. */
export async function readGroup(
  id: string,
  signal: AbortSignal,
  reads: StatusReads = contentApiReads,
): Promise<CheckedGroup> {
  const [group, courses] = await Promise.all([reads.group(id, signal), reads.courses(id, signal)]);
  return {
    id: group.id,
    title: group.title,
    status: group.status,
    archived: group.archived,
    courses: courses.map(({ id, title, status, futurePublishDate, isDisplayCourse }) => ({
      id,
      title,
      status,
      futurePublishDate,
      isDisplayCourse,
    })),
  };
}

/** Like readGroup, but a failure becomes part of the answer (with the API's messages). */
export async function checkGroup(
  target: { id: string; title: string },
  signal: AbortSignal,
  reads: StatusReads = contentApiReads,
): Promise<GroupCheck> {
  try {
    return { ok: true, group: await readGroup(target.id, signal, reads) };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      ok: false,
      id: target.id,
      title: target.title,
      messages: errorMessages(error),
      httpStatus: isApiError(error) ? error.status : null,
    };
  }
}

/** Checks every group, a few at a time, in the order given. */
export async function checkGroups(
  targets: readonly { id: string; title: string }[],
  options: {
    signal: AbortSignal;
    onChecked?(done: number): void;
    concurrency?: number;
    reads?: StatusReads;
  },
): Promise<GroupCheck[]> {
  const checks = new Map<string, GroupCheck>();
  await forEachBounded(
    targets,
    options.concurrency ?? 4,
    async (target) => {
      checks.set(target.id, await checkGroup(target, options.signal, options.reads));
      options.onChecked?.(checks.size);
    },
    () => options.signal.aborted,
  );
  return targets.flatMap((target) => {
    const check = checks.get(target.id);
    return check ? [check] : [];
  });
}
