// Editors for the course's list and map fields: tags (from GET /tags, at most 10), lines of text
// (authors, ids) and custom fields. Each commits on change or blur as one undo step.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LIMITS } from '../../../../contract/limits.ts';
import { TagPage } from '../../../../contract/schemas/read-models.ts';
import { apiClient } from '../../../lib/api.ts';
import { API_BASE } from '../../../lib/content-api.ts';

const tagsQuery = {
  queryKey: ['tags', 'all'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiClient.request(`${API_BASE}/tags`, {
      query: { perPage: LIMITS.maxPerPage },
      schema: TagPage,
      signal,
    }),
  staleTime: 5 * 60_000,
};

export function TagPicker({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange(next: string[] | undefined): void;
}) {
  const { data, isPending, isError } = useQuery(tagsQuery);
  const full = value.length >= LIMITS.tagsPerCourse;
  return (
    <fieldset className="editor-fieldset">
      <legend>
        Tags ({value.length} of at most {LIMITS.tagsPerCourse})
      </legend>
      {isPending ? <p className="field__hint">Loading tags…</p> : null}
      {isError ? <p className="field__error">Tags could not be loaded.</p> : null}
      <div className="tag-grid">
        {(data?.tags ?? []).map((tag) => {
          const checked = value.includes(tag.id);
          return (
            <label key={tag.id} className="check">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={() => {
                  const next = checked ? value.filter((id) => id !== tag.id) : [...value, tag.id];
                  onChange(next.length > 0 ? next : undefined);
                }}
              />
              {tag.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** One entry per line; blank lines are dropped. */
export function LinesEditor({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: readonly string[] | undefined;
  onChange(next: string[] | undefined): void;
}) {
  const id = useId();
  const text = (value ?? []).join('\n');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        key={text}
        className="input"
        rows={3}
        defaultValue={text}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onBlur={(event) => {
          const lines = event.currentTarget.value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean);
          if (lines.join('\n') !== text) onChange(lines.length > 0 ? lines : undefined);
        }}
      />
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type CustomValue = string | string[] | null;

/** Custom fields: slug -> a string, a list (comma separated) or empty (null). */
export function CustomFieldsEditor({
  value,
  onChange,
}: {
  value: Record<string, CustomValue> | undefined;
  onChange(next: Record<string, CustomValue> | undefined): void;
}) {
  const entries = Object.entries(value ?? {});
  const [slug, setSlug] = useState('');
  const commit = (next: [string, CustomValue][]) =>
    onChange(next.length > 0 ? Object.fromEntries(next) : undefined);
  const show = (v: CustomValue) => (v === null ? '' : Array.isArray(v) ? v.join(', ') : v);
  const parse = (text: string): CustomValue =>
    text.trim() === '' ? null : text.includes(',') ? text.split(',').map((s) => s.trim()) : text;
  return (
    <fieldset className="editor-fieldset">
      <legend>Custom fields</legend>
      {entries.map(([key, v], index) => (
        <div className="custom-field" key={key}>
          <label className="field__label" htmlFor={`cf-${key}`}>
            {key}
          </label>
          <input
            id={`cf-${key}`}
            className="input"
            defaultValue={show(v)}
            onBlur={(event) => {
              const parsed = parse(event.currentTarget.value);
              if (JSON.stringify(parsed) !== JSON.stringify(v))
                commit(entries.map((e, i) => (i === index ? [key, parsed] : e)));
            }}
          />
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-label={`Remove custom field ${key}`}
            onClick={() => commit(entries.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <div className="custom-field">
        <label className="field__label" htmlFor="cf-new">
          New field slug
        </label>
        <input
          id="cf-new"
          className="input"
          value={slug}
          onChange={(event) => setSlug(event.currentTarget.value)}
        />
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={slug.trim() === '' || entries.some(([key]) => key === slug.trim())}
          onClick={() => {
            commit([...entries, [slug.trim(), null]]);
            setSlug('');
          }}
        >
          Add field
        </button>
      </div>
    </fieldset>
  );
}
