// Shared helpers of the compileUpdate unit tests.
import {
  compileUpdate,
  previewRequest,
  sequentialIds,
  type CourseGroupDraft,
  type Plan,
  type UpdateStep,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '../test-drafts.ts';

export const ids = sequentialIds('new_');
export const updates = (plan: Plan) =>
  plan.steps.filter((s): s is UpdateStep => s.kind === 'update');
export const bodies = (plan: Plan) => updates(plan).map((s) => previewRequest(s).courseAttributes);
export const errorsOf = (result: ReturnType<typeof compileUpdate>) =>
  result.issues.filter((i) => i.severity === 'error');

export function saved(sections = 2, lessons = 2, topics = 2) {
  const { baseline, saved } = saveDraft(gridDraft(sections, lessons, topics));
  return { baseline, draft: saved };
}
export const sid = (d: CourseGroupDraft, s: number) => d.sections[s]!;
export const lid = (d: CourseGroupDraft, s: number, l: number) => d.sections[s]!.lessons[l]!;
export const tid = (d: CourseGroupDraft, s: number, l: number, t: number) =>
  d.sections[s]!.lessons[l]!.topics[t]!;
