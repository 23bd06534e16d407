// Kind-specific course fields: the article's page variant, the video's fields, the SCORM package's.
import { useCallback } from 'react';
import type { z } from '#contract/zod.ts';
import { ScormFieldsSchema, VideoFieldsSchema, type CourseDraft } from '#compiler/index.ts';
import { ArticlePageVariant } from '#contract/schemas/course-create.ts';
import { useEditorSlice, type EditorStore } from '../state/editor-store.ts';
import { useFieldErrors } from './problems-context.ts';
import { ScalarInput } from './scalar-input.tsx';
import { useDraftForm } from './use-draft-form.ts';

type Fields = Record<string, unknown>;

/** The kind's root fields; `prefix` is where their problems are found (`articleVariant.title`). */
function rootOf(
  draft: CourseDraft,
): { schema: z.ZodMiniObject; values: Fields; legend: string; prefix: string } | null {
  if (draft.kind === 'article')
    return {
      schema: ArticlePageVariant,
      values: draft.articleVariant,
      legend: 'Article page',
      prefix: 'articleVariant.',
    };
  if (draft.kind === 'video')
    return { schema: VideoFieldsSchema, values: draft.video, legend: 'Video', prefix: '' };
  if (draft.kind === 'shareableContentObject')
    return { schema: ScormFieldsSchema, values: draft.scorm, legend: 'SCORM package', prefix: '' };
  return null;
}

function withRoot(draft: CourseDraft, values: Fields): CourseDraft {
  if (draft.kind === 'article') return { ...draft, articleVariant: values };
  if (draft.kind === 'video') return { ...draft, video: values };
  if (draft.kind === 'shareableContentObject') return { ...draft, scorm: values };
  return draft;
}

export function KindFields({ store }: { store: EditorStore }) {
  const kind = useEditorSlice(store, (s) => s.draft.kind);
  const values = useEditorSlice(store, (s) => rootOf(s.draft)?.values ?? null);
  if (!values) return null;
  return <KindForm key={kind} store={store} values={values} />;
}

function KindForm({ store, values }: { store: EditorStore; values: Fields }) {
  const root = rootOf(store.draft)!;
  const commit = useCallback(
    (next: Fields, field: string) => store.edit((d) => withRoot(d, next), `kind:${field}`),
    [store],
  );
  const form = useDraftForm<Fields>(values, commit);
  const errorOf = useFieldErrors(store.draft.clientId, form.formState);
  return (
    <fieldset className="editor-fieldset">
      <legend>{root.legend}</legend>
      {Object.entries(root.schema.shape).map(([name, schema]) => (
        <ScalarInput<Fields>
          key={name}
          name={name}
          schema={schema as z.ZodMiniType}
          register={form.register}
          error={errorOf(name, `${root.prefix}${name}`)}
          multiline={name === 'body'}
        />
      ))}
    </fieldset>
  );
}
