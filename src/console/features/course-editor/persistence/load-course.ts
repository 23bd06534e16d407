// Reading a saved course as the compiler's baseline (group, session and structure), and comparing two
// reads to detect that someone changed the course while it was open in the editor.
import type { Baseline } from '#compiler/index.ts';
import { getCourseGroup, getCourseStructure, listGroupCourses } from '../../../lib/content-api.ts';

export async function loadBaseline(courseId: string, signal?: AbortSignal): Promise<Baseline> {
  const structure = await getCourseStructure(courseId, signal);
  const [courseGroup, { courses }] = await Promise.all([
    getCourseGroup(structure.courseGroupId, signal),
    listGroupCourses(structure.courseGroupId, false, signal),
  ]);
  const course = courses.find((c) => c.id === courseId);
  if (!course) throw new Error(`Course ${courseId} is not listed in its group`);
  return { courseGroup, course, structure };
}

export interface Difference {
  where: string;
  before: string;
  after: string;
}

const show = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

function diffRecords(where: string, a: object, b: object, skip: readonly string[]): Difference[] {
  const out: Difference[] = [];
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
    if (skip.includes(key)) continue;
    if (JSON.stringify(left[key]) !== JSON.stringify(right[key]))
      out.push({ where: `${where}.${key}`, before: show(left[key]), after: show(right[key]) });
  }
  return out;
}

/** What changed on the server between two reads (timestamps aside), as readable lines. */
export function baselineDifferences(opened: Baseline, now: Baseline): Difference[] {
  const skip = ['updatedAt', 'createdAt', 'sections'];
  const out = [
    ...diffRecords('group', opened.courseGroup, now.courseGroup, skip),
    ...diffRecords('course', opened.course, now.course, skip),
  ];
  const outline = (b: Baseline) =>
    b.structure.sections.flatMap((s) => [
      `section ${s.title}`,
      ...s.lessons.flatMap((l) => [
        `  lesson ${l.title}`,
        ...l.topics.map((t) => `    topic ${t.title} (${t.type})`),
      ]),
    ]);
  const before = outline(opened);
  const after = outline(now);
  const removed = before.filter((line) => !after.includes(line));
  const added = after.filter((line) => !before.includes(line));
  for (const line of removed) out.push({ where: 'structure', before: line.trim(), after: '—' });
  for (const line of added) out.push({ where: 'structure', before: '—', after: line.trim() });
  if (out.length === 0 && JSON.stringify(opened.structure) !== JSON.stringify(now.structure))
    out.push({ where: 'structure', before: 'previous order or content', after: 'changed' });
  return out;
}
