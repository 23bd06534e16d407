// Fields of a section, lesson or topic, as a react-hook-form form; each control is chosen from the
// contract's schema for that level, and shows the draft's problem at it once touched. Only the
// fields given are shown; the rest of the node is kept as it is.
import { useCallback } from 'react';
import type { z } from '#contract/zod.ts';
import { setNodeFields, isTreeDraft, type TreeNode } from '#compiler/index.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { useFieldErrors } from './problems-context.ts';
import { ScalarInput } from './scalar-input.tsx';
import { useDraftForm } from './use-draft-form.ts';

type Fields = Record<string, unknown>;

export function NodeForm({
  store,
  node,
  schema,
  fields,
  multiline = [],
}: {
  store: EditorStore;
  node: TreeNode;
  schema: z.ZodMiniObject;
  fields: readonly string[];
  multiline?: readonly string[];
}) {
  const values = Object.fromEntries(
    fields.map((f) => [f, (node as unknown as Fields)[f]]).filter(([, v]) => v !== undefined),
  );
  const id = node.clientId;
  const commit = useCallback(
    (next: Fields, field: string) => {
      const patch = Object.fromEntries(fields.map((f) => [f, next[f]]));
      store.edit((d) => (isTreeDraft(d) ? setNodeFields(d, id, patch) : d), `node:${id}:${field}`);
    },
    [store, id, fields],
  );
  const form = useDraftForm<Fields>(values, commit);
  const errorOf = useFieldErrors(id, form.formState);
  const shape = schema.shape as Record<string, z.ZodMiniType>;
  return (
    <>
      {fields.map((name) => (
        <ScalarInput<Fields>
          key={name}
          name={name}
          schema={shape[name]}
          register={form.register}
          error={errorOf(name)}
          multiline={multiline.includes(name)}
        />
      ))}
    </>
  );
}
