// The kind of a new course (spec 2.2 create kinds). Each kind has its own structure, so changing it
// starts the structure over: when that would drop outline nodes or the kind's own fields, it asks
// first and says how many (the change can also be undone).
import { useState } from 'react';
import {
  allNodes,
  isTreeDraft,
  newCourseDraft,
  randomId,
  type CourseDraft,
} from '#compiler/index.ts';
import { CREATE_KINDS, type CreateKind } from '#contract/enums.ts';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { KIND_LABELS } from '../../../lib/labels.ts';
import { useEditorSlice, type EditorStore } from '../state/editor-store.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The create kinds from the fullest structure to a single piece of content. */
const KIND_ORDER: readonly CreateKind[] = [
  'courseGroup',
  'microCourse',
  'article',
  'video',
  'shareableContentObject',
];

/** What changing the kind would drop, in words ("2 sections, 4 lessons and 12 topics"), or null. */
export function whatKindChangeDrops(draft: CourseDraft): string | null {
  const parts: string[] = [];
  if (isTreeDraft(draft)) {
    const nodes = allNodes(draft);
    for (const kind of ['section', 'lesson', 'topic'] as const) {
      const count = nodes.filter((node) => node.kind === kind).length;
      if (count > 0) parts.push(plural(count, kind));
    }
  } else {
    const root =
      draft.kind === 'article'
        ? draft.articleVariant
        : draft.kind === 'video'
          ? draft.video
          : draft.scorm;
    const count = Object.keys(root).length;
    if (count > 0) parts.push(`${plural(count, 'field')} of the ${KIND_LABELS[draft.kind]}`);
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

const changeKind = (store: EditorStore, next: CreateKind) =>
  store.edit((d) => ({
    ...newCourseDraft(next, d.attributes.title, randomId),
    attributes: d.attributes,
  }));

export function KindPicker({ store }: { store: EditorStore }) {
  const kind = useEditorSlice(store, (s) => s.draft.kind);
  const [asking, setAsking] = useState<{ next: CreateKind; drops: string } | null>(null);
  return (
    <>
      <Field
        label="Kind of course"
        className="course-editor__kind"
        hint="Sets the structure: sections, lessons and topics; topics only; or one article, video or SCORM package."
      >
        {(control) => (
          <select
            {...control}
            className="input"
            value={kind}
            onChange={(event) => {
              const next = event.currentTarget.value as CreateKind;
              const drops = whatKindChangeDrops(store.draft);
              if (drops) setAsking({ next, drops });
              else changeKind(store, next);
            }}
          >
            {KIND_ORDER.filter((k) => CREATE_KINDS.includes(k)).map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? `Change to ${KIND_LABELS[asking.next]}?` : ''}
        description={
          asking
            ? `The kind “${KIND_LABELS[asking.next]}” has a different structure, so this removes ${asking.drops} from the draft. The course details stay. Undo brings them back.`
            : ''
        }
        confirmLabel={asking ? `Change to ${KIND_LABELS[asking.next]}` : 'Change'}
        tone="danger"
        onConfirm={() => {
          if (asking) changeKind(store, asking.next);
        }}
      />
    </>
  );
}
