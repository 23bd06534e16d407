// Find a learning path by id or by SKU: a UUID is looked up as an id, anything else as a SKU. The
// choice goes to the URL (`?id=` or `?sku=`), which the page reads.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { z } from '#contract/zod.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import type { LearningPathKey } from '../../lib/queries/learning-paths.ts';

/** A UUID is an id; any other text a SKU. */
export function lookupKey(text: string): LearningPathKey | null {
  const value = text.trim();
  if (value === '') return null;
  return z.uuid().safeParse(value).success ? { id: value.toLowerCase() } : { sku: value };
}

export function LearningPathLookup({ initial }: { initial: string }) {
  const navigate = useNavigate({ from: '/learning-paths' });
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = lookupKey(value);
    if (!key) {
      setError('Enter the id (a UUID) or the SKU of a learning path.');
      return;
    }
    setError(undefined);
    void navigate({ search: key });
  };
  return (
    <form className="card inline-form inline-form--card" onSubmit={submit} noValidate>
      <Field label="Learning path id or SKU" error={error}>
        {(control) => (
          <input
            {...control}
            className="input input--mono input--wide"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        )}
      </Field>
      <Button type="submit" variant="primary">
        Look up
      </Button>
    </form>
  );
}
