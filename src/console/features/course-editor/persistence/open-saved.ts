// Opening a saved course: its reads go out first, and the code that turns them into a draft (the
// compiler, the backup store) loads meanwhile instead of before them. On landing the reads were sent by
// the route's `landingData` (editor-landing.ts) before any of its chunks ran; they are checked here with
// the contract, and any that did not answer 2xx with a body that matches it is asked again through the
// API client, so its error shows as before (docs/decisions/loading-strategy.md).
import type { Baseline } from '#compiler/index.ts';
import { CourseGroup, CourseList, CourseStructure } from '#contract/schemas/read-models.ts';
import type { z } from '#contract/zod.ts';
import { getCourseGroup, getCourseStructure, listGroupCourses } from '../../../lib/content-api.ts';
import type { EditorLanding, LandedRead } from './editor-landing.ts';
import type { EditorInit } from './load-editor.ts';
import { loadBaseline, withListedCourse } from './load-course.ts';

/** A landed read checked with `schema`; else `read()`, the API client's. */
async function landedOr<T>(landed: LandedRead, schema: z.ZodMiniType<T>, read: () => Promise<T>) {
  const answer = await landed;
  const parsed = answer && schema.safeParse(answer.body);
  return parsed?.success ? parsed.data : read();
}

/** The course's baseline from the reads sent on landing, each asked again if it did not land well. */
export async function landedBaseline(courseId: string, landing: EditorLanding): Promise<Baseline> {
  const structure = await landedOr(landing.structure, CourseStructure, () =>
    getCourseStructure(courseId),
  );
  const groupId = structure.courseGroupId;
  // The landed group reads followed the raw answer's group: taken only if it is the checked one.
  const sameGroup = (await landing.groupId) === groupId;
  const none: LandedRead = Promise.resolve(null);
  const [courseGroup, list] = await Promise.all([
    landedOr(sameGroup ? landing.courseGroup : none, CourseGroup, () => getCourseGroup(groupId)),
    landedOr(sameGroup ? landing.courses : none, CourseList, () =>
      listGroupCourses(groupId, false),
    ),
  ]);
  return withListedCourse(courseId, structure, courseGroup, list);
}

export function openSavedCourse(
  courseId: string,
  userEmail: string,
  landing?: EditorLanding,
): Promise<EditorInit> {
  const reading = landing ? landedBaseline(courseId, landing) : loadBaseline(courseId);
  reading.catch(() => undefined); // Its failure is the opening's, through loadEditor below.
  return import('./load-editor.ts').then(({ loadEditor }) =>
    loadEditor(courseId, userEmail, reading),
  );
}
