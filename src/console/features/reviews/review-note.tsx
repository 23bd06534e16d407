// The note to the reviewer, shared by the course's and the whole group's request: kept for the tab
// until it is sent (lib/use-session-draft), so a reload or a closed dialog does not lose it.
import { useState } from 'react';
import { Field } from '../../components/ui/field.tsx';
import { useSessionDraft } from '../../lib/use-session-draft.ts';

const NOTE_MISSING = 'Say what the reviewer should know.';

/** `draftName`: one draft per request target (`course.<id>`, `group.<id>`). */
export function useReviewNote(draftName: string) {
  const [note, setNote] = useSessionDraft(`review-note.${draftName}`, '');
  const [problem, setProblem] = useState<string | null>(null);
  return {
    note,
    problem,
    change(next: string) {
      setNote(next);
      setProblem(null);
    },
    /** The note to send, or null (and the field says why) when it is empty. */
    checked(): string | null {
      if (note.trim()) return note.trim();
      setProblem(NOTE_MISSING);
      return null;
    },
    clear: () => setNote(''),
  };
}

export function ReviewNoteField({
  note,
  rows,
}: {
  note: ReturnType<typeof useReviewNote>;
  rows: number;
}) {
  return (
    <Field label="Note for the reviewer" error={note.problem ?? undefined}>
      {(control) => (
        <textarea
          {...control}
          className="input"
          rows={rows}
          maxLength={2000}
          value={note.note}
          onChange={(event) => note.change(event.target.value)}
        />
      )}
    </Field>
  );
}
