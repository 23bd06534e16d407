// The criterion to set: add a new one or change each course's existing one, its type (spec 2.5, in
// words), and the value a share or a time needs. Topics are chosen per course, in the course list.
import {
  TOPIC_COMPLETION_CRITERIA,
  VALUE_COMPLETION_CRITERIA,
  type CompletionCriteriaType,
} from '#contract/enums.ts';
import { Field } from '../../components/ui/field.tsx';
import { ChoiceGroup } from '../../components/ui/choice-group.tsx';
import { COMPLETION_CRITERIA_LABELS, CRITERION_VALUE_LABELS } from '../../lib/labels/criteria.ts';
import {
  criterionSentence,
  isValueType,
  topicField,
  valueProblem,
  type CriterionDraft,
} from './criterion-model.ts';

export type CriteriaMode = 'create' | 'update';

export function CriterionForm({
  mode,
  onModeChange,
  draft,
  onDraftChange,
  disabled,
}: {
  mode: CriteriaMode;
  onModeChange(mode: CriteriaMode): void;
  draft: CriterionDraft;
  onDraftChange(draft: CriterionDraft): void;
  disabled: boolean;
}) {
  const problem = draft.value.trim() === '' ? null : valueProblem(draft);
  const needs = topicField(draft.type);
  return (
    <section className="card criterion-form" aria-labelledby="criterion-heading">
      <h2 className="card__title" id="criterion-heading">
        Criterion
      </h2>
      <ChoiceGroup
        legend="For each course"
        name="criteria-mode"
        value={mode}
        choices={[
          { value: 'create', label: 'Add a new criterion' },
          { value: 'update', label: 'Change an existing criterion' },
        ]}
        onChange={onModeChange}
        disabled={disabled}
      />
      <Field label="Completes when">
        {(control) => (
          <select
            {...control}
            className="select"
            value={draft.type}
            disabled={disabled}
            onChange={(event) =>
              onDraftChange({ ...draft, type: event.target.value as CompletionCriteriaType })
            }
          >
            <optgroup label="A share or a time">
              {VALUE_COMPLETION_CRITERIA.map((type) => (
                <option key={type} value={type}>
                  {COMPLETION_CRITERIA_LABELS[type]}
                </option>
              ))}
            </optgroup>
            <optgroup label="Something happens on a topic">
              {TOPIC_COMPLETION_CRITERIA.map((type) => (
                <option key={type} value={type}>
                  {COMPLETION_CRITERIA_LABELS[type]}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      {isValueType(draft.type) ? (
        <Field
          label={CRITERION_VALUE_LABELS[draft.type]}
          hint={
            draft.type === 'articleTimeViewedInSeconds'
              ? 'Whole seconds, at least 1. The same for every course.'
              : 'A whole number from 1 to 100. The same for every course.'
          }
          error={problem ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              className="input input--narrow"
              inputMode="numeric"
              value={draft.value}
              disabled={disabled}
              onChange={(event) => onDraftChange({ ...draft, value: event.target.value })}
            />
          )}
        </Field>
      ) : null}
      {needs ? (
        <p className="field__hint">
          {needs === 'videoTopicId'
            ? 'Each course names the video it is about: choose it in the course list.'
            : 'Each course names the topic it is about: choose it in the course list. Topics of a fitting type are offered first.'}
        </p>
      ) : null}
      <p className="card__hint" data-testid="criterion-sentence">
        {criterionSentence(draft)}
      </p>
    </section>
  );
}
