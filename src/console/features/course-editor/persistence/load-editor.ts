// What the editor opens with: the course as read from the server (or an empty new draft), and the
// user's backup of an unsaved draft for it, which is restored.
import {
  draftFromBaseline,
  newCourseDraft,
  randomId,
  type Baseline,
  type CourseDraft,
} from '#compiler/index.ts';
import { autosave, draftKey } from './editor-db.ts';
import { loadBaseline } from './load-course.ts';

export interface EditorInit {
  initial: CourseDraft;
  saved: CourseDraft;
  baseline: Baseline | null;
  draftKey: string;
  restoredAt: number | null;
  /** The backup was made against an older version of the course. */
  restoredFromOlderVersion: boolean;
}

export async function loadEditor(courseId: string | null, userEmail: string): Promise<EditorInit> {
  const key = draftKey(userEmail, courseId);
  const baseline = courseId ? await loadBaseline(courseId) : null;
  const saved = baseline
    ? draftFromBaseline(baseline)
    : newCourseDraft('courseGroup', '', randomId);
  const backup = await autosave.load(key).catch(() => undefined);
  const usable =
    backup &&
    (courseId === null ? !backup.draft.serverIds : backup.draft.serverIds?.courseId === courseId);
  return {
    initial: usable ? backup.draft : saved,
    saved,
    baseline,
    draftKey: key,
    restoredAt: usable ? backup.savedAt : null,
    restoredFromOlderVersion:
      !!usable && !!baseline && backup.baseVersion !== baseline.course.updatedAt,
  };
}
