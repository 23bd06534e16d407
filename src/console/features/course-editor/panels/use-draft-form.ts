// A react-hook-form form over one part of the draft. Every change is committed to the draft (typing
// in one field merges into one undo step), and the form follows the draft when it changes from
// elsewhere (undo, redo, import). The form does not validate: the compiler validates the whole draft
// (compile/), and each field shows its problem from there, in words (problems-context.ts).
import { useEffect } from 'react';
import { useForm, type FieldValues, type Path, type PathValue } from 'react-hook-form';

export function useDraftForm<V extends FieldValues>(
  values: V,
  commit: (values: V, field: string) => void,
) {
  const form = useForm<V, unknown, V>({ defaultValues: values as never });
  // Follow the draft when it changes from elsewhere (undo, redo, import): only the fields that differ
  // are set, straight into their inputs. (A form reset would need every input to re-render, which
  // the memoized inputs do not; a change that came from this form already matches.)
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    const current = JSON.parse(valuesKey) as Record<string, unknown>;
    const now = cleaned(form.getValues()) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(now), ...Object.keys(current)]))
      if (normalized(now[key]) !== normalized(current[key]))
        form.setValue(key as Path<V>, current[key] as PathValue<V, Path<V>>);
  }, [form, valuesKey]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/incompatible-library -- watch is subscribed to in an effect.
    const subscription = form.watch((next, { name, type }) => {
      if (type !== 'change' || !name) return;
      commit(cleaned(next as V), name);
    });
    return () => subscription.unsubscribe();
  }, [form, commit]);
  return form;
}

/** Drop empty values so that "not set" is absent, as the draft and the API expect. */
export function cleaned<V extends FieldValues>(values: V): V {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== '' && !(typeof v === 'number' && Number.isNaN(v)),
    ),
  ) as V;
}

/** An unchecked box reads as false where the draft simply has no value. */
const normalized = (value: unknown) => (value === false ? undefined : JSON.stringify(value));
