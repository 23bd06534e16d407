// Export the draft as a versioned JSON file, and import one (the compiler's file format), so courses
// can be kept in version control. A file exported from a saved course imports into "New course" as a
// copy: its server ids are dropped (and the user is told), so applying creates a new course rather
// than being refused as one that already exists. Into a saved course, only that course's files.
import { useRef, useState } from 'react';
import {
  childrenOf,
  cloneFresh,
  isTreeDraft,
  parseDraftFile,
  randomId,
  serializeDraft,
  type CourseDraft,
  type TreeNode,
} from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { saveFile } from '../../../lib/save-file.ts';

/** The draft as a new course: no server ids anywhere (nodes get fresh client ids too). */
export function asNewCourse(draft: CourseDraft): CourseDraft {
  const { serverIds: _dropped, ...rest } = draft;
  void _dropped;
  if (!isTreeDraft(draft)) return rest as CourseDraft;
  const children = childrenOf(draft).map((node) => cloneFresh(node as TreeNode, randomId));
  return (
    draft.kind === 'courseGroup' ? { ...rest, sections: children } : { ...rest, topics: children }
  ) as CourseDraft;
}

export function ImportExport({
  draft,
  courseId,
  onImport,
}: {
  draft: CourseDraft;
  /** The saved course being edited; null in "New course". */
  courseId: string | null;
  onImport(draft: CourseDraft): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const exportFile = () =>
    saveFile(
      `${(draft.attributes.title || 'course').replace(/[^\w-]+/g, '-')}.course.json`,
      serializeDraft(draft),
      'application/json',
    );
  const importDraft = (imported: CourseDraft) => {
    const from = imported.serverIds?.courseId;
    if (courseId === null && from) {
      onImport(asNewCourse(imported));
      setNote(
        `Imported “${imported.attributes.title}” as a new course: the file was exported from a saved course, so its server ids were dropped. Creating it makes a copy; the original is not changed.`,
      );
    } else if (courseId !== null && from !== courseId) {
      setErrors([
        from
          ? 'This file belongs to another saved course. To copy it, import it into New course.'
          : 'This file is a new course. To create it, import it into New course.',
      ]);
    } else {
      onImport(imported);
      setNote(`Imported “${imported.attributes.title}”. Undo takes the import back.`);
    }
  };
  return (
    <div className="import-export">
      <Button size="sm" onClick={exportFile}>
        Export JSON
      </Button>
      <Button size="sm" onClick={() => input.current?.click()}>
        Import JSON
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        aria-label="Draft file to import"
        tabIndex={-1}
        onChange={async (event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          const parsed = parseDraftFile(await file.text());
          setNote(null);
          if (parsed.ok) {
            setErrors([]);
            importDraft(parsed.draft);
          } else setErrors(parsed.errors);
        }}
      />
      {note ? (
        <p role="status" className="import-export__note">
          {note}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <div role="alert" className="field__error">
          The file was not imported:
          <ul>
            {errors.slice(0, 5).map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
