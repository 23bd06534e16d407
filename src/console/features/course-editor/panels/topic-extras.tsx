// A topic's article language variants and its completion criteria (spec 2.3, 2.5).
import { useContext, useState } from 'react';
import { COMPLETION_CRITERIA_TYPES, VALUE_COMPLETION_CRITERIA } from '#contract/enums.ts';
import { ArticlePageVariant, type CompletionCriteria } from '#contract/schemas/course-create.ts';
import { isTreeDraft, setNodeFields, type NodePatch, type TopicNode } from '#compiler/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { COMPLETION_CRITERIA_LABELS, fieldLabel } from '../../../lib/labels.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { ProblemsContext } from './problems-context.ts';

/** A problem at one of these editors' fields, once it was touched here or the user tried to apply. */
function useLocalProblems(nodeId: string) {
  const problems = useContext(ProblemsContext);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  return {
    touch: (field: string) =>
      setTouched((set) => (set.has(field) ? set : new Set([...set, field]))),
    errorOf: (field: string) =>
      problems.showAll || touched.has(field) ? problems.at(nodeId, field) : undefined,
  };
}

type Variant = Record<string, string>;

function patchTopic(store: EditorStore, id: string, patch: NodePatch, mergeKey?: string) {
  store.edit((d) => (isTreeDraft(d) ? setNodeFields(d, id, patch) : d), mergeKey ?? null);
}

export function LanguagesEditor({ store, node }: { store: EditorStore; node: TopicNode }) {
  const variants = (node.languages ?? []) as Variant[];
  const fields = Object.keys(ArticlePageVariant.shape);
  const { touch, errorOf } = useLocalProblems(node.clientId);
  const set = (next: Variant[]) =>
    patchTopic(store, node.clientId, { languages: next.length > 0 ? next : undefined });
  return (
    <fieldset className="editor-fieldset">
      <legend>Language variants ({variants.length})</legend>
      {variants.map((variant, index) => (
        <fieldset className="editor-fieldset editor-fieldset--nested" key={index}>
          <legend>Variant {variant.language || index + 1}</legend>
          {fields.map((field) => (
            <Field
              label={fieldLabel(field)}
              key={field}
              error={errorOf(`languages.${index}.${field}`)}
            >
              {(control) => (
                <input
                  {...control}
                  className="input"
                  defaultValue={variant[field] ?? ''}
                  key={`${node.clientId}-${variant[field] ?? ''}`}
                  onBlur={(event) => {
                    touch(`languages.${index}.${field}`);
                    const text = event.currentTarget.value;
                    if (text === (variant[field] ?? '')) return;
                    const { [field]: _old, ...rest } = variant;
                    void _old;
                    set(
                      variants.map((v, i) =>
                        i === index ? (text ? { ...rest, [field]: text } : rest) : v,
                      ),
                    );
                  }}
                />
              )}
            </Field>
          ))}
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => set(variants.filter((_, i) => i !== index))}
          >
            Remove variant {variant.language || index + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => set([...variants, {}])}
      >
        Add language variant
      </button>
    </fieldset>
  );
}

export function CompletionCriteriaEditor({ store, node }: { store: EditorStore; node: TopicNode }) {
  const criteria = node.courseCompletionCriteria;
  const valueField = (VALUE_COMPLETION_CRITERIA as readonly string[]).includes(criteria?.type ?? '')
    ? (criteria!.type as (typeof VALUE_COMPLETION_CRITERIA)[number])
    : null;
  const { touch, errorOf } = useLocalProblems(node.clientId);
  const problem = errorOf('courseCompletionCriteria');
  const set = (next: CompletionCriteria | undefined) => {
    touch('courseCompletionCriteria');
    patchTopic(store, node.clientId, { courseCompletionCriteria: next });
  };
  return (
    <fieldset className="editor-fieldset">
      <legend>Completion criteria</legend>
      <Field label="Criterion" error={valueField ? undefined : problem}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={criteria?.type ?? ''}
            onChange={(event) => {
              const type = event.currentTarget.value as CompletionCriteria['type'] | '';
              set(type === '' ? undefined : { type });
            }}
          >
            <option value="">(none)</option>
            {COMPLETION_CRITERIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {COMPLETION_CRITERIA_LABELS[type]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {valueField ? (
        <Field label={fieldLabel(valueField)} error={problem}>
          {(control) => (
            <input
              {...control}
              type="number"
              className="input"
              key={`${node.clientId}-${criteria?.[valueField] ?? ''}`}
              defaultValue={criteria?.[valueField] ?? ''}
              onBlur={(event) => {
                const text = event.currentTarget.value;
                const { [valueField]: _old, ...rest } = criteria!;
                void _old;
                set(text === '' ? rest : { ...rest, [valueField]: Number(text) });
              }}
            />
          )}
        </Field>
      ) : null}
    </fieldset>
  );
}
