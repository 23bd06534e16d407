// The course price in dollars and cents ("49.90"), kept in the draft as the API's `priceInCents`.
// What is typed stays in the box until it reads as an amount; until then the box says why, and the
// draft keeps its last amount (nothing typed is thrown away on leaving the box).
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';

const shown = (cents: unknown) =>
  typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '';

/** Cents from what was typed: "49.9" -> 4990, "" -> undefined, "abc" -> NaN. */
export function centsOf(text: string): number | undefined {
  const trimmed = text.replace(/[$,\s]/g, '');
  if (trimmed === '') return undefined;
  if (!/^-?(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export function PriceField<V extends FieldValues>({
  name,
  control,
  label,
  hint,
  error,
}: {
  name: Path<V>;
  control: Control<V, unknown, V>;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const { field } = useController({ name, control });
  const [typing, setTyping] = useState<string | null>(null);
  const unreadable = typing !== null && Number.isNaN(centsOf(typing));
  return (
    <Field
      id={`f-${name}`}
      label={label}
      hint={hint}
      error={unreadable ? 'Enter the price as an amount in dollars, such as 49.90' : error}
    >
      {(control) => (
        <span className="price-input">
          <span className="price-input__unit" aria-hidden="true">
            $
          </span>
          <input
            {...control}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            name={field.name}
            ref={field.ref}
            value={typing ?? shown(field.value)}
            onFocus={() => setTyping(shown(field.value))}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setTyping(text);
              const cents = centsOf(text);
              if (!Number.isNaN(cents)) field.onChange(cents);
            }}
            onBlur={() => {
              if (!unreadable) setTyping(null);
              field.onBlur();
            }}
          />
        </span>
      )}
    </Field>
  );
}
