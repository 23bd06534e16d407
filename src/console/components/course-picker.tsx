// Pick courses by searching their title or SKU (`GET /content?types[]=courses`): each result can be
// added, or all results at once. The picked courses are the caller's; this only offers them.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentSearchItem } from '#contract/schemas/read-models.ts';
import { contentQueries } from '../lib/queries/content.ts';
import { useDebouncedEffect } from '../lib/use-debounced-effect.ts';
import { plural } from '../lib/format.ts';
import { Button } from './ui/button.tsx';
import { Field } from './ui/field.tsx';

const RESULTS = 50;

export interface PickedCourse {
  id: string;
  title: string;
}

export function CoursePicker({
  picked,
  onAdd,
  disabled = false,
}: {
  picked: ReadonlySet<string>;
  onAdd(courses: readonly PickedCourse[]): void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useDebouncedEffect(text.trim(), 250, setQuery);
  const results = useQuery({
    ...contentQueries.firstPage({ query, types: ['courses'], sort: 'title', perPage: RESULTS }),
    enabled: query.length >= 2,
  });
  const items: readonly ContentSearchItem[] = results.data?.content ?? [];
  const addable = items.filter((item) => !picked.has(item.id));
  return (
    <div className="course-picker">
      <Field label="Find courses" hint="Type part of a title or a SKU, then add courses.">
        {(control) => (
          <input
            {...control}
            type="search"
            className="input input--wide"
            value={text}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      {results.isError ? <p className="field__error">The search did not run.</p> : null}
      {query.length >= 2 && results.data ? (
        <div className="course-picker__results">
          <p className="field__hint" role="status">
            {results.data.pageInfo.total === 0
              ? `No course matches “${query}”.`
              : `${plural(results.data.pageInfo.total, 'course')} match${results.data.pageInfo.total === 1 ? 'es' : ''}${results.data.pageInfo.total > RESULTS ? `; the first ${RESULTS} are listed` : ''}.`}
          </p>
          {addable.length > 1 ? (
            <Button size="sm" disabled={disabled} onClick={() => onAdd(addable)}>
              Add all {addable.length}
            </Button>
          ) : null}
          <ul className="course-picker__list" aria-label="Matching courses">
            {items.map((item) => (
              <li key={item.id}>
                <span className="course-picker__title">{item.title}</span>
                {item.sku ? <span className="mono muted">{item.sku}</span> : null}
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={disabled || picked.has(item.id)}
                  aria-label={`Add ${item.title}`}
                  onClick={() => onAdd([item])}
                >
                  {picked.has(item.id) ? 'Added' : 'Add'}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
