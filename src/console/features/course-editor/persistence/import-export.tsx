// Export the draft as a versioned JSON file, and import one (the compiler's file format), so courses
// can be kept in version control.
import { useRef, useState } from 'react';
import { parseDraftFile, serializeDraft, type CourseDraft } from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';

export function ImportExport({
  draft,
  onImport,
}: {
  draft: CourseDraft;
  onImport(draft: CourseDraft): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const exportFile = () => {
    const blob = new Blob([serializeDraft(draft)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${(draft.attributes.title || 'course').replace(/[^\w-]+/g, '-')}.course.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
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
          if (parsed.ok) {
            setErrors([]);
            onImport(parsed.draft);
          } else setErrors(parsed.errors);
        }}
      />
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
