// One control for a scalar contract field (text, URL, number, boolean, enum), registered with
// react-hook-form. Empty text and numbers become undefined, which the draft treats as "not set".
import { memo } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { optionLabel } from '../../../lib/labels.ts';
import { fieldKind, fieldLabel } from './field-kind.ts';
import type { z } from 'zod';

export const emptyToUndefined = (value: unknown) =>
  value === '' || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value;

export interface ScalarInputProps<V extends FieldValues> {
  name: Path<V>;
  schema: z.ZodType | undefined;
  register: UseFormRegister<V>;
  error?: string | undefined;
  hint?: string | undefined;
  label?: string;
  maxLength?: number;
  count?: number;
  multiline?: boolean;
}

function ScalarInputView<V extends FieldValues>({
  name,
  schema,
  register,
  error,
  hint,
  label,
  maxLength,
  count,
  multiline,
}: ScalarInputProps<V>) {
  const kind = fieldKind(schema);
  const id = `f-${name}`;
  const text = label ?? fieldLabel(name);
  const counter = maxLength !== undefined ? `${count ?? 0} / ${maxLength} characters` : undefined;
  const described =
    [hint && `${id}-hint`, counter && `${id}-count`, error && `${id}-error`]
      .filter(Boolean)
      .join(' ') || undefined;
  const common = { id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined };

  if (kind.type === 'boolean')
    return (
      <div className="field field--check">
        <label className="check" htmlFor={id}>
          <input type="checkbox" {...common} {...register(name)} />
          {text}
        </label>
        {error ? (
          <p className="field__error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );

  let control;
  if (kind.type === 'enum')
    control = (
      <select className="input" {...common} {...register(name, { setValueAs: emptyToUndefined })}>
        <option value="">(not set)</option>
        {kind.options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(name, option)}
          </option>
        ))}
      </select>
    );
  else if (kind.type === 'number')
    control = (
      <input
        type="number"
        inputMode="numeric"
        className="input"
        {...common}
        {...register(name, {
          setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)),
        })}
      />
    );
  else if (multiline)
    control = (
      <textarea
        className="input"
        rows={4}
        {...common}
        {...register(name, { setValueAs: emptyToUndefined })}
      />
    );
  else
    control = (
      <input
        type={kind.type === 'url' ? 'url' : 'text'}
        className="input"
        {...common}
        {...register(name, { setValueAs: emptyToUndefined })}
      />
    );

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {text}
      </label>
      {control}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {counter ? (
        <p
          className={`field__hint${(count ?? 0) > (maxLength ?? 0) ? ' field__error' : ''}`}
          id={`${id}-count`}
        >
          {counter}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Memoized: typing in one field re-renders that field, not the whole form. */
export const ScalarInput = memo(ScalarInputView) as typeof ScalarInputView;
