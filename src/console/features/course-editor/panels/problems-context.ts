// The draft's problems where its fields are edited: each field shows the first problem found at it,
// in words, once the field has been touched or the user has tried to apply (not before: a new
// course's empty title is not an error to greet anyone with).
import { createContext, useContext } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';

export interface FieldProblems {
  /** The first problem at a node's field (a nested field's problems count for its top field too). */
  at(nodeId: string, field: string): string | undefined;
  /** The user tried to apply: every problem shows, touched or not. */
  showAll: boolean;
}

export const ProblemsContext = createContext<FieldProblems>({
  at: () => undefined,
  showAll: false,
});

/**
 * `errorOf(field)`: the problem to show under a form's field once it has been touched (list editors,
 * which the form does not track, once the user has tried to apply). `at`: where the draft keeps the
 * field, when the form names it differently (an article's `title` is `articleVariant.title`).
 */
export function useFieldErrors<V extends FieldValues>(
  nodeId: string,
  formState: Pick<FormState<V>, 'touchedFields' | 'dirtyFields'>,
) {
  const problems = useContext(ProblemsContext);
  const touched = formState.touchedFields as Record<string, unknown>;
  const dirty = formState.dirtyFields as Record<string, unknown>;
  return (field: string, at: string = field): string | undefined =>
    problems.showAll || touched[field] || dirty[field] ? problems.at(nodeId, at) : undefined;
}
