// Editors for the course's list and map fields: tags (from GET /tags, at most 10), lines of text
// (authors, ids) and custom fields. Each commits on change or blur as one undo step.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIMITS } from '#contract/limits.ts';
import { TagPage } from '#contract/schemas/read-models.ts';
import { Field } from '../../../components/ui/field.tsx';
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
  error,
  onChange,
}: {
  value: readonly string[];
  error?: string | undefined;
  onChange(next: string[] | undefined): void;
}) {
  const { data, isPending, isError } = useQuery(tagsQuery);
  const full = value.length >= LIMITS.tagsPerCourse;
  return (
    <fieldset
      className={`editor-fieldset${error ? ' is-invalid' : ''}`}
      id="f-tagIds"
      tabIndex={-1}
      aria-describedby={error ? 'f-tagIds-error' : undefined}
    >
      <legend>
        Tags ({value.length} of at most {LIMITS.tagsPerCourse})
      </legend>
      {isPending ? <p className="field__hint">Loading tags…</p> : null}
      {isError ? <p className="field__error">Tags could not be loaded.</p> : null}
      {error ? (
        <p className="field__error" id="f-tagIds-error">
          {error}
        </p>
      ) : null}
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
  id,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  id?: string;
  hint?: string;
  error?: string | undefined;
  value: readonly string[] | undefined;
  onChange(next: string[] | undefined): void;
}) {
  const text = (value ?? []).join('\n');
  return (
    <Field label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <textarea
          {...control}
          key={text}
          className="input"
          rows={3}
          defaultValue={text}
          onBlur={(event) => {
            const lines = event.currentTarget.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean);
            if (lines.join('\n') !== text) onChange(lines.length > 0 ? lines : undefined);
          }}
        />
      )}
    </Field>
  );
}

/** How a custom field's value is typed in its text box and read back. */
export interface ValueFormat<V> {
  show(value: V): string;
  parse(text: string): V;
  /** The value of a field just added (and of an emptied box). */
  empty: V;
  hint: string;
}

/** Catalog custom fields (spec 2.2): a string, a list of strings or null. */
export const TEXT_OR_LIST: ValueFormat<string | string[] | null> = {
  show: (v) => (v === null ? '' : Array.isArray(v) ? v.join(', ') : v),
  parse: (text) =>
    text.trim() === '' ? null : text.includes(',') ? text.split(',').map((s) => s.trim()) : text,
  empty: null,
  hint: 'Text, or a list separated by commas; empty means null.',
};

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/**
 * Session custom fields take any JSON value. Text that is not JSON stays text; a string that would
 * read as JSON (or is blank) is shown quoted, so showing and reading back never changes a value.
 */
export const JSON_VALUE: ValueFormat<unknown> = {
  show: (v) =>
    v === null
      ? ''
      : typeof v === 'string' && v.trim() !== '' && !isJson(v)
        ? v
        : JSON.stringify(v),
  parse: (text) =>
    text.trim() === '' ? null : isJson(text) ? (JSON.parse(text) as unknown) : text,
  empty: null,
  hint: 'Text, or JSON for numbers, true/false, lists and objects (e.g. 3 or ["a","b"]); empty means null.',
};

export interface CustomFieldsEditorProps<V> {
  legend: string;
  /** One field, as buttons and labels name it ("custom field"). */
  itemLabel: string;
  /** Prefix of every id inside; the fieldset itself gets it, so a problem link can focus it. */
  idPrefix: string;
  hint: string;
  format: ValueFormat<V>;
  /** The draft's problem with the whole set, in words. */
  error?: string | undefined;
  value: Record<string, V> | undefined;
  onChange(next: Record<string, V> | undefined): void;
}

/** A map of slug -> value. Every change replaces the whole object, as the API does. */
export function CustomFieldsEditor<V>({
  legend,
  itemLabel,
  idPrefix,
  hint,
  format,
  error,
  value,
  onChange,
}: CustomFieldsEditorProps<V>) {
  const entries = Object.entries(value ?? {});
  const [slug, setSlug] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Focus follows the change: to a field just added, or to the slug box after a removal.
  const focusNext = useRef<{ key: string } | 'new' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    const index = target === 'new' ? -1 : entries.findIndex(([key]) => key === target.key);
    if (target !== 'new' && index < 0) return; // The added field is not rendered yet.
    focusNext.current = null;
    document.getElementById(index < 0 ? `${idPrefix}-new` : `${idPrefix}-${index}`)?.focus();
  });
  const commit = (next: [string, V][]) =>
    onChange(next.length > 0 ? Object.fromEntries(next) : undefined);
  const add = () => {
    const key = slug.trim();
    if (key === '') return setProblem(`Enter the slug of the new ${itemLabel}.`);
    if (entries.some(([existing]) => existing === key))
      return setProblem(`There is already a ${itemLabel} “${key}”.`);
    setProblem(null);
    setSlug('');
    focusNext.current = { key };
    commit([...entries, [key, format.empty]]);
  };
  const newId = `${idPrefix}-new`;
  return (
    <fieldset
      className={`editor-fieldset${error ? ' is-invalid' : ''}`}
      id={idPrefix}
      tabIndex={-1}
      aria-describedby={`${idPrefix}-hint${error ? ` ${idPrefix}-error` : ''}`}
    >
      <legend>{legend}</legend>
      <p className="field__hint" id={`${idPrefix}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={`${idPrefix}-error`}>
          {error}
        </p>
      ) : null}
      <p className="field__hint" id={`${idPrefix}-format`}>
        {format.hint}
      </p>
      {entries.map(([key, v], index) => {
        const shown = format.show(v);
        return (
          <div className="custom-field" key={key}>
            <label className="field__label" htmlFor={`${idPrefix}-${index}`}>
              {key}
            </label>
            <input
              // Remounted when the value changes elsewhere (undo, import).
              key={shown}
              id={`${idPrefix}-${index}`}
              className="input"
              defaultValue={shown}
              aria-describedby={`${idPrefix}-format`}
              onBlur={(event) => {
                // Compare the text, not the parsed value: leaving a box untouched changes nothing.
                const text = event.currentTarget.value;
                if (text !== shown)
                  commit(entries.map((e, i) => (i === index ? [key, format.parse(text)] : e)));
              }}
            />
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              aria-label={`Remove ${itemLabel} ${key}`}
              onClick={() => {
                focusNext.current = 'new';
                commit(entries.filter((_, i) => i !== index));
              }}
            >
              Remove
            </button>
          </div>
        );
      })}
      <Field
        label={`New ${itemLabel} slug`}
        id={newId}
        error={problem ?? undefined}
        announceError
        className="custom-field"
      >
        {(control) => (
          <>
            <input
              {...control}
              className="input"
              value={slug}
              onChange={(event) => {
                setSlug(event.currentTarget.value);
                setProblem(null);
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                add();
              }}
            />
            <button type="button" className="btn btn--secondary btn--sm" onClick={add}>
              Add {itemLabel}
            </button>
          </>
        )}
      </Field>
    </fieldset>
  );
}
