// The kind of a new course (spec 2.2 create kinds); changing it starts the draft's structure over.
import { newCourseDraft, randomId } from '#compiler/index.ts';
import { CREATE_KINDS, type CreateKind } from '#contract/enums.ts';
import { Field } from '../../../components/ui/field.tsx';
import { KIND_LABELS } from '../../../lib/labels.ts';
import { useEditorSlice, type EditorStore } from '../state/editor-store.ts';

export function KindPicker({ store }: { store: EditorStore }) {
  const kind = useEditorSlice(store, (s) => s.draft.kind);
  return (
    <Field label="Kind of course" className="course-editor__kind">
      {(control) => (
        <select
          {...control}
          className="input"
          value={kind}
          onChange={(event) => {
            const next = event.currentTarget.value as CreateKind;
            store.edit((d) => ({
              ...newCourseDraft(next, d.attributes.title, randomId),
              attributes: d.attributes,
            }));
          }}
        >
          {CREATE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
