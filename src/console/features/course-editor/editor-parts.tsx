// Small parts of the editor page: the kind picker of a new course, the course's own problems, and
// helpers for adding at the root and finding a node's ancestors.
import { isTreeDraft, locate, newCourseDraft, randomId, type Issue } from '#compiler/index.ts';
import { CREATE_KINDS, type CreateKind } from '#contract/enums.ts';
import { Field } from '../../components/ui/field.tsx';
import { KIND_LABELS } from '../../lib/labels.ts';
import { useEditorSlice, type EditorStore } from './editor-store.ts';
import { addChild } from './tree/tree-actions.ts';

export function rootAdd(store: EditorStore) {
  const draft = store.draft;
  if (!isTreeDraft(draft)) return { ok: false as const, message: 'This kind has no outline' };
  return addChild(draft, null, randomId);
}

export function ancestorsOf(draft: Parameters<typeof locate>[0], id: string): string[] {
  const out: string[] = [];
  let current = locate(draft, id);
  while (current?.parentId) {
    out.push(current.parentId);
    current = locate(draft, current.parentId);
  }
  return out;
}

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

/** Problems at the course itself, shown where its fields are edited. */
export function CourseIssues({ issues, courseId }: { issues: readonly Issue[]; courseId: string }) {
  const here = issues.filter((i) => i.nodeId === courseId && i.severity === 'error');
  if (here.length === 0) return null;
  return (
    <ul className="course-issues" aria-label="Problems with the course">
      {here.map((issue, index) => (
        <li key={index} className="field__error">
          {issue.field ? `${issue.field}: ` : ''}
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
