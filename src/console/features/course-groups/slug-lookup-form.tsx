// Finds a course group by its slug (`GET /courseGroups/slug/{slug}`) and opens it.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';

export function SlugLookupForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [slug, setSlug] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = slug.trim();
    if (!value) {
      setError('Enter a slug, for example intro-to-sql.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const group = await queryClient.fetchQuery(courseGroupQueries.bySlug(value));
      queryClient.setQueryData(courseGroupQueries.detail(group.id).queryKey, group);
      setSlug('');
      await navigate({ to: '/course-groups/$groupId', params: { groupId: group.id } });
    } catch (failure) {
      setError(errorMessages(failure).join(' '));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="slug-lookup" onSubmit={submit} aria-label="Find a course group by slug">
      <Field label="Open by slug" error={error ?? undefined} announceError>
        {(control) => (
          <div className="slug-lookup__row">
            <input
              {...control}
              className="input input--mono"
              value={slug}
              onChange={(event) => setSlug(event.target.value)}
              placeholder="course-group-slug"
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" pending={pending}>
              Open
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
