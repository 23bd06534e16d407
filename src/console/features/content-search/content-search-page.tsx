// One search over every content search type of the spec (course groups, courses, bundles, discount
// groups, pickable groups, products, learning paths) with type facets; each result opens its page in
// the console or its content view.
import { Suspense } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { CONTENT_SORT_LABELS } from '../../lib/labels/search.ts';
import { useUrlText } from '../../lib/use-url-text.ts';
import { SearchResults } from './search-results.tsx';
import {
  pickedTypes,
  toContentSearch,
  typesParam,
  type ContentSearchParams,
} from './search-params.ts';
import { TypeFacets } from './type-facets.tsx';
import './content-search.css';

export interface ContentSearchPageProps {
  params: ContentSearchParams;
  onChange(patch: Partial<ContentSearchParams>): void;
}

export function ContentSearchPage({ params, onChange }: ContentSearchPageProps) {
  const [text, setText] = useUrlText(params.q, (q) => onChange({ q }));
  const search = toContentSearch(params);
  return (
    <div className="page page--fill content-search">
      <div className="page__header">
        <div>
          <h1 className="page__title">Search content</h1>
          <p className="page__lead">
            One search over every content type. Titles, slugs, descriptions and SKUs match.
          </p>
        </div>
      </div>
      <div className="content-search__layout">
        <div className="content-search__side">
          <form
            className="toolbar toolbar--stacked"
            role="search"
            onSubmit={(e) => e.preventDefault()}
          >
            <Field label="Search" className="toolbar__search">
              {(control) => (
                <input
                  {...control}
                  type="search"
                  className="input"
                  placeholder="Words, a slug or a SKU…"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              )}
            </Field>
            <Field label="Sort">
              {(control) => (
                <select
                  {...control}
                  className="select"
                  value={params.sort ?? ''}
                  onChange={(event) =>
                    onChange({
                      sort: (event.target.value || undefined) as ContentSearchParams['sort'],
                    })
                  }
                >
                  {Object.entries(CONTENT_SORT_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </form>
          <TypeFacets
            query={search.query}
            picked={pickedTypes(params)}
            onChange={(types: readonly ContentSearchType[]) =>
              onChange({ types: typesParam(types) })
            }
          />
        </div>
        <div className="content-search__results">
          <QueryBoundary resetKeys={[JSON.stringify(search)]} title="The search did not run">
            <Suspense fallback={<PendingState label="Searching" />}>
              <SearchResults search={search} />
            </Suspense>
          </QueryBoundary>
        </div>
      </div>
    </div>
  );
}
