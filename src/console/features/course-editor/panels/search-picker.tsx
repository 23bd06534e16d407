// Picks course groups, courses or learning paths by searching the catalog (GET /content), for the
// prerequisite and related-group fields. Picked ids show with their titles when known.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { searchContent } from '../../../lib/content-api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type SearchType = 'courseGroups' | 'courses' | 'learningPaths';

export function SearchPicker({
  label,
  id: fixedId,
  type,
  error,
  value,
  onChange,
}: {
  label: string;
  /** The fieldset's id (the problem list focuses it). */
  id?: string;
  type: SearchType;
  error?: string | undefined;
  value: readonly string[] | undefined;
  onChange(next: string[] | undefined): void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [titles, setTitles] = useState<Record<string, string>>({});
  const query = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    queryKey: ['editor-search', type, query],
    queryFn: ({ signal }) => searchContent({ types: [type], query, perPage: 8 }, signal),
    enabled: query.length >= 2,
    staleTime: 30_000,
  });
  const picked = value ?? [];
  const set = (next: string[]) => onChange(next.length > 0 ? next : undefined);
  return (
    <fieldset
      className={`editor-fieldset${error ? ' is-invalid' : ''}`}
      id={fixedId}
      tabIndex={fixedId ? -1 : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{label}</legend>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {picked.length > 0 ? (
        <ul className="picked-list">
          {picked.map((pickedId) => (
            <li key={pickedId}>
              <span>{titles[pickedId] ?? <span className="mono">{pickedId}</span>}</span>{' '}
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                aria-label={`Remove ${titles[pickedId] ?? pickedId} from ${label}`}
                onClick={() => set(picked.filter((p) => p !== pickedId))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">None</p>
      )}
      <label className="field__label" htmlFor={id}>
        Search to add
      </label>
      <input
        id={id}
        type="search"
        className="input"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {results.data ? (
        <ul className="search-results" aria-label={`${label} matches`}>
          {results.data.content
            .filter((item) => !picked.includes(item.id))
            .map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => {
                    setTitles((t) => ({ ...t, [item.id]: item.title }));
                    set([...picked, item.id]);
                  }}
                >
                  Add {item.title}
                </button>
              </li>
            ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
