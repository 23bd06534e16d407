// The course price in dollars and cents ("49.90"), kept in the draft as the API's `priceInCents`.
// What is typed stays in the box until it reads as an amount; until then the box says which rule it
// breaks, the draft keeps its last amount, and the text is kept by the editor store (`typed`, backed
// up with the draft) so that a reload brings it back with its problem.
import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Field } from '../../../components/ui/field.tsx';
import { readPrice } from './price-reading.ts';

const shown = (cents: unknown) =>
  typeof cents === 'number' && Number.isFinite(cents) ? (cents / 100).toFixed(2) : '';

export function PriceField<V extends FieldValues>({
  name,
  control,
  label,
  hint,
  error,
  typed,
  onTyped,
}: {
  name: Path<V>;
  control: Control<V, unknown, V>;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** What was typed that the draft cannot hold (kept across reloads), if anything. */
  typed?: string | undefined;
  /** Keeps (or, with null, forgets) such a text. */
  onTyped?: ((text: string | null) => void) | undefined;
}) {
  const { field } = useController({ name, control });
  const [typing, setTyping] = useState<string | null>(typed ?? null);
  // Changed elsewhere (undo, discard, another tab): the box follows; forgotten, it shows the
  // draft's amount again (React's "adjust state when a prop changes", without an effect).
  const [seen, setSeen] = useState(typed);
  if (seen !== typed) {
    setSeen(typed);
    setTyping(typed ?? (typing !== null && 'problem' in readPrice(typing) ? null : typing));
  }
  const reading = typing === null ? null : readPrice(typing);
  const problem = reading && 'problem' in reading ? reading.problem : undefined;
  return (
    <Field id={`f-${name}`} label={label} hint={hint} error={problem ?? error}>
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
            onFocus={() => setTyping((text) => text ?? shown(field.value))}
            onChange={(event) => {
              const text = event.currentTarget.value;
              setTyping(text);
              const next = readPrice(text);
              if ('problem' in next) onTyped?.(text);
              else {
                onTyped?.(null);
                field.onChange(next.cents);
              }
            }}
            onBlur={() => {
              if (!problem) setTyping(null);
              field.onBlur();
            }}
          />
        </span>
      )}
    </Field>
  );
}
