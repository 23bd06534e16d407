// Look up a learning path by id: the id goes to the URL (`?id=`), which the page reads.
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';

export function LearningPathLookup({ initial }: { initial: string }) {
  const navigate = useNavigate({ from: '/learning-paths' });
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = z.uuid().safeParse(value.trim());
    if (!parsed.success) {
      setError('Enter the UUID of a learning path.');
      return;
    }
    setError(undefined);
    void navigate({ search: { id: parsed.data } });
  };
  return (
    <form className="card inline-form inline-form--card" onSubmit={submit} noValidate>
      <Field label="Learning path id" error={error}>
        {(control) => (
          <input
            {...control}
            className="input input--mono input--wide"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" variant="primary">
        Look up
      </Button>
    </form>
  );
}
