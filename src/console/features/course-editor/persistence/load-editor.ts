// What the editor opens with: the course as read from the server (or an empty new draft), and the
// user's backup of an unsaved draft for it, which is restored with its undo history and with the
// course as it was when the draft was begun. A restored draft is planned against that version, not
// against the server's current one: otherwise the plan would silently set back whatever others
// changed since (the lost update). Apply compares it with the server first and shows the conflict.
import {
  draftFromBaseline,
  newCourseDraft,
  randomId,
  serverChanges,
  type Baseline,
  type CourseDraft,
} from '#compiler/index.ts';
import type { DraftHistory } from '../state/history.ts';
import { autosave, draftKey } from './editor-db.ts';
import { loadBaseline } from './load-course.ts';

export interface EditorInit {
  initial: CourseDraft;
  /** The draft of the course as it is on the server now (what "Discard it" goes back to). */
  saved: CourseDraft;
  /** The course as read from the server now (null for a new course). */
  server: Baseline | null;
  /** What the draft is planned against: the version it was begun from, else the server's. */
  baseline: Baseline | null;
  /**
   * Whether `baseline` is the version the draft was begun from. False for a restored backup that
   * did not store it: what changed on the server since is unknown, so apply asks about every
   * difference.
   */
  baselineKnown: boolean;
  history: DraftHistory | undefined;
  /** What was typed into fields the draft cannot hold, restored with the backup. */
  typed: Record<string, string>;
  draftKey: string;
  restoredAt: number | null;
  /** The restored draft was begun from an older version of the course (or an unknown one). */
  restoredFromOlderVersion: boolean;
}

/** `reading`: the course's reads, when the caller began them before this module had loaded. */
export async function loadEditor(
  courseId: string | null,
  userEmail: string,
  reading?: Promise<Baseline>,
): Promise<EditorInit> {
  const key = draftKey(userEmail, courseId);
  // The backup is read from this browser while the course is read from the server.
  const [server, backup] = await Promise.all([
    courseId ? (reading ?? loadBaseline(courseId)) : null,
    autosave.load(key).catch(() => undefined),
  ]);
  const saved = server ? draftFromBaseline(server) : newCourseDraft('courseGroup', '', randomId);
  const draft = backup?.entry.draft;
  const usable =
    draft && (courseId === null ? !draft.serverIds : draft.serverIds?.courseId === courseId);
  if (!usable)
    return {
      initial: saved,
      saved,
      server,
      baseline: server,
      baselineKnown: true,
      history: undefined,
      typed: {},
      draftKey: key,
      restoredAt: null,
      restoredFromOlderVersion: false,
    };
  const opened = server ? backup.baseline : null;
  return {
    initial: draft,
    saved,
    server,
    baseline: opened ?? server,
    baselineKnown: server === null || opened !== null,
    history: backup.entry.history,
    typed: backup.entry.typed ?? {},
    draftKey: key,
    restoredAt: backup.entry.savedAt,
    restoredFromOlderVersion: server !== null && serverChanges(opened, draft, server).length > 0,
  };
}
