// One checkbox per content search type (spec 2.6), each with how many items match the search text.
// None checked searches every type. Types the instance has no items of say so instead of a count.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTENT_SEARCH_TYPES, type ContentSearchType } from '#contract/enums.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatCount } from '../../lib/format.ts';
import { CONTENT_TYPE_LABELS } from '../../lib/labels/search.ts';
import { contentQueries } from '../../lib/queries/content.ts';

export interface TypeFacetsProps {
  query: string;
  picked: readonly ContentSearchType[] | undefined;
  onChange(types: readonly ContentSearchType[]): void;
}

export function TypeFacets({ query, picked, onChange }: TypeFacetsProps) {
  // The URL holds the picked types, and it changes only once the router has navigated: until then a
  // click shows what was asked for (otherwise the box unticks itself for a moment on a busy machine).
  const fromUrl = (picked ?? []).join(',');
  const [asked, setAsked] = useState<{ fromUrl: string; types: readonly ContentSearchType[] }>();
  const chosen = new Set(asked && asked.fromUrl === fromUrl ? asked.types : (picked ?? []));
  const change = (types: readonly ContentSearchType[]) => {
    setAsked({ fromUrl, types });
    onChange(types);
  };
  const toggle = (type: ContentSearchType, on: boolean) =>
    change(CONTENT_SEARCH_TYPES.filter((t) => (t === type ? on : chosen.has(t))));
  return (
    <fieldset className="facets">
      <legend className="facets__title">Types</legend>
      <ul className="facets__list">
        {CONTENT_SEARCH_TYPES.map((type) => (
          <li key={type}>
            <label className="facet">
              <input
                type="checkbox"
                checked={chosen.has(type)}
                onChange={(event) => toggle(type, event.target.checked)}
              />
              <span className="facet__label">{CONTENT_TYPE_LABELS[type]}</span>
              <FacetCount type={type} query={query} />
            </label>
          </li>
        ))}
      </ul>
      <p className="facets__note">
        {chosen.size === 0 ? 'Searching every type.' : null}
        {chosen.size > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => change([])}>
            Search every type
          </Button>
        ) : null}
      </p>
    </fieldset>
  );
}

function FacetCount({ type, query }: { type: ContentSearchType; query: string }) {
  const count = useQuery(contentQueries.typeCount(type, query));
  if (count.isError) return <span className="facet__count facet__count--error">?</span>;
  if (count.data === undefined) return <span className="facet__count">…</span>;
  return (
    <span className="facet__count" data-testid={`facet-count-${type}`}>
      {formatCount(count.data)}
    </span>
  );
}
