// "Restore this version": the editor opens with the old version as its draft, planned by the compiler
// from the course as it is now (history/restore-target.ts), so Apply shows the plan and checks for
// conflicts as for any edit. What the API cannot do is said above the editor, never faked.
import {
  restoreTarget,
  type Baseline,
  type CourseDraft,
  type RestoreNote,
} from '#compiler/index.ts';
import type { CourseVersionSummary } from '#contract/console/history.ts';
import { valueWords } from '../../lib/change-words.ts';
import { formatDateTime } from '../../lib/format.ts';
import { fieldLabel } from '../../lib/labels/fields.ts';
import { fetchVersion } from './history-api.ts';

/** What the editor opens with (the editor's own EditorInit has these and more). */
interface OpeningState {
  initial: CourseDraft;
  server: Baseline | null;
  baseline: Baseline | null;
  baselineKnown: boolean;
  /** Set when the user's unsaved draft of the course was restored from this browser. */
  restoredAt: number | null;
}

export interface RestoreInfo {
  version: Pick<CourseVersionSummary, 'number' | 'at' | 'userEmail'>;
  notes: RestoreNote[];
  /** The user's unsaved draft of this course wins: restoring waits until it is applied or discarded. */
  blockedByDraft: boolean;
}

/** The editor's opening state with version `number` as the draft (unless an unsaved draft exists). */
export async function withRestoredVersion<I extends OpeningState & { history?: unknown }>(
  init: I,
  courseId: string,
  number: number,
): Promise<I & { restore: RestoreInfo }> {
  const version = await fetchVersion(courseId, number);
  const summary = { number: version.number, at: version.at, userEmail: version.userEmail };
  if (init.restoredAt !== null || !init.server)
    return { ...init, restore: { version: summary, notes: [], blockedByDraft: true } };
  const { draft, notes } = restoreTarget(version.after, init.server);
  return {
    ...init,
    initial: draft,
    baseline: init.server,
    baselineKnown: true,
    history: undefined,
    restore: { version: summary, notes, blockedByDraft: false },
  };
}

const LEVELS = { section: 'section', lesson: 'lesson', topic: 'topic' } as const;

export function restoreNoteWords(note: RestoreNote): string {
  switch (note.kind) {
    case 'recreated':
      return `The ${LEVELS[note.level]} “${note.title}” was deleted since: it comes back as a new ${LEVELS[note.level]}.`;
    case 'setAside':
      return `The ${LEVELS[note.level]} “${note.title}” was added since and cannot be deleted: it is set aside in “Unused”, which learners never see.`;
    case 'hidden':
      return `The section “${note.title}” was added since and cannot be deleted: it is hidden from learners.`;
    case 'kept':
      return `The ${LEVELS[note.level]} “${note.title}” was added since and cannot be deleted: it stays, last.`;
    case 'field':
      return `${fieldLabel(note.field)} stays ${valueWords(note.field, note.current)} (the version had ${valueWords(note.field, note.version)}): restoring never changes it.`;
    case 'order':
      return `In “${note.parentTitle}”, the API cannot put the ${LEVELS[note.level]}s back in exactly the version's order: moved ones come after the others.`;
  }
}

export function RestoreBanner({ restore }: { restore: RestoreInfo }) {
  const { version } = restore;
  const when = formatDateTime(version.at);
  if (restore.blockedByDraft)
    return (
      <div className="banner banner--warning" role="status">
        You have unsaved changes to this course. Apply or discard them first, then restore version{' '}
        {version.number} ({when}) again from the History tab.
      </div>
    );
  return (
    <div className="banner banner--info" role="status">
      <p>
        <strong>Restoring version {version.number}</strong> ({when}, by{' '}
        {version.userEmail ?? 'an unknown user'}). Review the changes, then Apply: the course is
        checked for changes made since, as for any edit.
      </p>
      {restore.notes.length > 0 ? (
        <ul>
          {restore.notes.map((note, index) => (
            <li key={index}>{restoreNoteWords(note)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
