// Search box and filters. Every control writes to the URL (validated search params).
import type { ReactNode } from 'react';
import { COURSE_GROUP_KINDS } from '#contract/enums.ts';
import { LIMITS } from '#contract/limits.ts';
import { Field } from '../../components/ui/field.tsx';
import { KIND_LABELS } from '../../lib/labels/catalog.ts';
import { useUrlText } from '../../lib/use-url-text.ts';
import { PER_PAGE_CHOICES, type BrowserSearch } from './browser-search.ts';

type BooleanChoice = 'any' | 'true' | 'false';
const toChoice = (value: boolean | undefined): BooleanChoice =>
  value === undefined ? 'any' : value ? 'true' : 'false';
const fromChoice = (value: string): boolean | undefined =>
  value === 'any' ? undefined : value === 'true';

const SORT_LABELS = {
  '': 'Relevance',
  title: 'Title A–Z',
  '-title': 'Title Z–A',
  '-updatedAt': 'Recently updated',
  updatedAt: 'Least recently updated',
} as const;

export interface BrowserToolbarProps {
  search: BrowserSearch;
  onChange(patch: Partial<BrowserSearch>): void;
  onReset(): void;
  /** The saved views control (given by the route). */
  views?: ReactNode;
}

export function BrowserToolbar({ search, onChange, onReset, views }: BrowserToolbarProps) {
  const [text, setText] = useUrlText(search.q, (q) => onChange({ q }));
  const searching = Boolean(search.q);
  const filtered =
    search.kind !== undefined ||
    search.isTemplate !== undefined ||
    search.archived !== undefined ||
    search.perPage !== undefined ||
    searching;

  return (
    <form className="toolbar" role="search" onSubmit={(event) => event.preventDefault()}>
      <Field label="Search titles" className="toolbar__search">
        {(control) => (
          <input
            {...control}
            type="search"
            className="input"
            placeholder="Search course groups…"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <Field label="Kind">
        {(control) => (
          <select
            {...control}
            className="select"
            value={search.kind ?? ''}
            onChange={(event) =>
              onChange({ kind: (event.target.value || undefined) as BrowserSearch['kind'] })
            }
          >
            <option value="">All kinds</option>
            {COURSE_GROUP_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Template">
        {(control) => (
          <select
            {...control}
            className="select"
            value={toChoice(search.isTemplate)}
            onChange={(event) => onChange({ isTemplate: fromChoice(event.target.value) })}
          >
            <option value="any">Any</option>
            <option value="true">Templates only</option>
            <option value="false">Not templates</option>
          </select>
        )}
      </Field>
      <Field label="Archived">
        {(control) => (
          <select
            {...control}
            className="select"
            value={toChoice(search.archived)}
            onChange={(event) => onChange({ archived: fromChoice(event.target.value) })}
          >
            <option value="any">Any</option>
            <option value="true">Archived only</option>
            <option value="false">Not archived</option>
          </select>
        )}
      </Field>
      {searching ? (
        <Field label="Sort">
          {(control) => (
            <select
              {...control}
              className="select"
              value={search.sort ?? ''}
              onChange={(event) =>
                onChange({ sort: (event.target.value || undefined) as BrowserSearch['sort'] })
              }
            >
              {Object.entries(SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Per page">
        {(control) => (
          <select
            {...control}
            className="select"
            value={String(search.perPage ?? LIMITS.defaultPerPage)}
            onChange={(event) => {
              const value = Number(event.target.value);
              onChange({ perPage: value === LIMITS.defaultPerPage ? undefined : value });
            }}
          >
            {PER_PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="toolbar__end">
        {views}
        {filtered ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onReset}>
            Reset
          </button>
        ) : null}
      </div>
      {searching ? (
        <p className="toolbar__note" data-testid="search-note">
          The search API matches titles only.{' '}
          {search.kind !== undefined ||
          search.isTemplate !== undefined ||
          search.archived !== undefined
            ? 'Kind, Template and Archived are applied to the results loaded so far; more load as you scroll.'
            : 'Kind, Template and Archived, when chosen, are applied to the loaded results.'}
        </p>
      ) : null}
    </form>
  );
}
