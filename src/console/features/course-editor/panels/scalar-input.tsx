// One control for a scalar contract field (text, URL, number, boolean, enum), registered with
// react-hook-form. Empty text and numbers become undefined, which the draft treats as "not set".
import { memo } from 'react';
import {
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { z } from '#contract/zod.ts';
import { Field } from '../../../components/ui/field.tsx';
import { LocalDateTime } from '../../../components/ui/local-date-time.tsx';
import { fieldLabel, optionLabel } from '../../../lib/labels.ts';
import { fieldKind } from './field-kind.ts';
import { PriceField } from './price-input.tsx';

export const emptyToUndefined = (value: unknown) =>
  value === '' || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value;

export interface ScalarInputProps<V extends FieldValues> {
  name: Path<V>;
  schema: z.ZodMiniType | undefined;
  register: UseFormRegister<V>;
  /** Needed by the price field (dollars in the box, cents in the draft). */
  control?: Control<V, unknown, V>;
  error?: string | undefined;
  hint?: string | undefined;
  label?: string;
  maxLength?: number;
  count?: number;
  multiline?: boolean;
  /** A date field: what it seems to contradict (another date), said at the field as a warning. */
  warning?: string | undefined;
  /** The price field: what was typed that the draft cannot hold, and how to keep it. */
  typed?: string | undefined;
  onTyped?: ((text: string | null) => void) | undefined;
}

function ScalarInputView<V extends FieldValues>({
  name,
  schema,
  register,
  control,
  error,
  hint,
  label,
  maxLength,
  count,
  multiline,
  warning,
  typed,
  onTyped,
}: ScalarInputProps<V>) {
  const kind = fieldKind(schema);
  if (name === 'priceInCents' && control)
    return (
      <PriceField
        name={name}
        control={control}
        label={label ?? fieldLabel(name)}
        hint={hint}
        error={error}
        typed={typed}
        onTyped={onTyped}
      />
    );
  const field = {
    // A fixed id: the problem list focuses a course field by it.
    id: `f-${name}`,
    label: label ?? fieldLabel(name),
    hint,
    error,
    warning,
    counter: maxLength !== undefined ? { count: count ?? 0, max: maxLength } : undefined,
  };

  if (kind.type === 'boolean')
    return (
      <Field {...field} layout="check">
        {(control) => <input type="checkbox" {...control} {...register(name)} />}
      </Field>
    );

  const input = (
    <Field {...field}>
      {(control) => {
        if (kind.type === 'enum')
          return (
            <select
              className="input"
              {...control}
              {...register(name, { setValueAs: emptyToUndefined })}
            >
              <option value="">(not set)</option>
              {kind.options.map((option) => (
                <option key={option} value={option}>
                  {optionLabel(name, option)}
                </option>
              ))}
            </select>
          );
        if (kind.type === 'number')
          return (
            <input
              type="number"
              inputMode="numeric"
              className="input"
              {...control}
              {...register(name, {
                setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)),
              })}
            />
          );
        if (multiline)
          return (
            <textarea
              className="input"
              rows={4}
              {...control}
              {...register(name, { setValueAs: emptyToUndefined })}
            />
          );
        return (
          <input
            type={kind.type === 'url' ? 'url' : 'text'}
            className="input"
            {...control}
            {...register(name, { setValueAs: emptyToUndefined })}
          />
        );
      }}
    </Field>
  );
  return name.endsWith('Date') && control ? (
    <div>
      {input}
      <DateReading name={name} control={control} />
    </div>
  ) : (
    input
  );
}

/** Under a date field: the value as a local date and time (the exact value in its tooltip). */
function DateReading<V extends FieldValues>({
  name,
  control,
}: {
  name: Path<V>;
  control: Control<V, unknown, V>;
}) {
  const value: unknown = useWatch({ control, name });
  if (typeof value !== 'string' || value === '' || Number.isNaN(Date.parse(value))) return null;
  return (
    <p className="field__hint date-reading">
      Your time: <LocalDateTime value={value} />
    </p>
  );
}

/** Memoized: typing in one field re-renders that field, not the whole form. */
export const ScalarInput = memo(ScalarInputView) as typeof ScalarInputView;
