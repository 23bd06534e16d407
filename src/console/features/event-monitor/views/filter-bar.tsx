// The filters. Every value lives in the URL (shareable, back button walks through changes); typing is
// debounced into it. The kind checkboxes double as per-kind counters: while any filter is on, each kind
// shows how many loaded events the other filters let through, of how many loaded. "Only" (or Alt/Option
// and a click on a checkbox) keeps one kind.
import { useId, useState, type ReactNode } from 'react';
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import { lateModule } from '../../../components/late-component.tsx';
import { useLateModule } from '../../../components/late-module.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useDebouncedEffect } from '../../../lib/use-debounced-effect.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time.ts';
import { freeText, type MonitorFilter } from '../filters/event-filters.ts';
import type { MonitorSearchInput } from '../filters/monitor-search.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels/events.ts';
import type { KindCounts } from '../data/event-store.ts';
import { eventStore } from '../data/monitor-instance.ts';
import { COURSE_HINT, describeResource } from './course-hint.ts';

/**
 * The title of a course filter set by a link (no loaded event names it) is a lookup away in any case:
 * its code (names.ts, shared with the rows) loads with such a filter, and until then the field's hint
 * is the one it shows while the lookup is on its way.
 */
const lookedUpCode = lateModule(() => import('./looked-up-hint.tsx'));

export interface KindCountsView {
  /** Loaded events per kind that the filters other than the kinds let through. */
  matching: KindCounts;
  /** Loaded events per kind, filters aside. */
  totals: KindCounts;
}

export interface FilterBarProps {
  filter: MonitorFilter;
  counts: KindCountsView;
  onChange(patch: Partial<MonitorSearchInput>): void;
  onClear(): void;
  /** The saved views control, beside "Clear filters" (given by the route). */
  views?: ReactNode;
}

/**
 * A text control's draft: follows the URL when it changes from outside (back button, a shortcut), but
 * not when the change is the draft's own commit coming back, so typing is never interrupted.
 */
function useDraft(external: string) {
  const [draft, setDraft] = useState(external);
  const [seen, setSeen] = useState(external);
  const [committed, setCommitted] = useState(external);
  if (external !== seen) {
    setSeen(external);
    if (external !== committed) {
      setDraft(external);
      setCommitted(external);
    }
  }
  return { draft, setDraft, markCommitted: setCommitted, committed };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function FilterBar({ filter, counts, onChange, onClear, views }: FilterBarProps) {
  return (
    <section className="em-filters" aria-label="Filters">
      <KindFilter
        kinds={filter.kinds}
        counts={counts}
        filtering={isFiltering(filter)}
        onChange={(kinds) => onChange({ kinds })}
      />
      <div className="em-filters__fields">
        <DebouncedText
          label="Learner"
          hint="Email address, learner id, or part of the name"
          initial={filter.learner ?? ''}
          onCommit={(learner) => onChange({ learner })}
        />
        <CourseFilter course={filter.course} onChange={(course) => onChange({ course })} />
        <TimeField label="From" value={filter.from} onChange={(from) => onChange({ from })} />
        <TimeField label="Until" value={filter.to} onChange={(to) => onChange({ to })} />
        <DebouncedText
          label="Search all events"
          hint={
            'Whole words in names, titles, ids or data; "words in order"; \u2011word leaves a word out; a or b for either'
          }
          type="search"
          initial={filter.q ?? ''}
          error={freeText(filter.q).problem ?? undefined}
          onCommit={(q) => onChange({ q })}
        />
      </div>
      {views}
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear filters
      </Button>
    </section>
  );
}

const isFiltering = (filter: MonitorFilter) =>
  filter.kinds !== null ||
  Boolean(filter.learner || filter.course || filter.q) ||
  filter.from !== null ||
  filter.to !== null;

function KindFilter({
  kinds,
  counts,
  filtering,
  onChange,
}: {
  kinds: readonly EventKind[] | null;
  counts: KindCountsView;
  filtering: boolean;
  onChange(kinds: string | undefined): void;
}) {
  const id = useId();
  const selected = new Set<EventKind>(kinds ?? EVENT_KINDS);
  const toggle = (kind: EventKind, on: boolean) => {
    const next = EVENT_KINDS.filter((item) => (item === kind ? on : selected.has(item)));
    onChange(next.length === EVENT_KINDS.length || next.length === 0 ? undefined : next.join(','));
  };
  const only = (kind: EventKind) => onChange(kind);
  return (
    <fieldset className="em-kinds" aria-describedby={`${id}-hint`}>
      <legend>Kinds</legend>
      <p className="em-kinds__hint" id={`${id}-hint`}>
        “Only” keeps one kind; so does Alt-click (Option-click on a Mac) on its checkbox.
        {filtering ? ' Counts: loaded events that match the other filters / all loaded.' : null}
      </p>
      <ul className="em-kinds__list">
        {EVENT_KINDS.map((kind) => {
          const label = EVENT_KIND_LABELS[kind];
          const shown = selected.has(kind);
          return (
            <li
              key={kind}
              className={`em-kinds__item${shown ? '' : ' em-kinds__item--off'}`}
              data-kind={kind}
            >
              <input
                type="checkbox"
                id={`${id}-${kind}`}
                checked={shown}
                aria-describedby={`${id}-${kind}-count`}
                onChange={(event) =>
                  // Alt/Option-click: this kind alone. (React reports a checkbox's change from its
                  // click, so the click's modifier keys are on the native event.)
                  (event.nativeEvent as MouseEvent).altKey
                    ? only(kind)
                    : toggle(kind, event.target.checked)
                }
              />
              <label htmlFor={`${id}-${kind}`}>{label}</label>
              <span
                className="em-kinds__count"
                id={`${id}-${kind}-count`}
                data-testid={`count-${kind}`}
              >
                {filtering ? (
                  <>
                    {counts.matching[kind].toLocaleString('en')}
                    <span aria-hidden="true">/</span>
                    <span className="visually-hidden"> of </span>
                    {counts.totals[kind].toLocaleString('en')}
                    <span className="visually-hidden">
                      {' '}
                      loaded match{shown ? '' : ', not shown'}
                    </span>
                  </>
                ) : (
                  <>
                    {counts.totals[kind].toLocaleString('en')}
                    <span className="visually-hidden"> loaded</span>
                  </>
                )}
              </span>
              <button
                type="button"
                className="em-kinds__only"
                aria-label={`Only ${label}`}
                aria-pressed={kinds?.length === 1 && kinds[0] === kind}
                onClick={() => only(kind)}
              >
                Only
              </button>
            </li>
          );
        })}
      </ul>
      {kinds ? (
        <Button size="sm" variant="ghost" onClick={() => onChange(undefined)}>
          All kinds
        </Button>
      ) : null}
    </fieldset>
  );
}

function DebouncedText({
  label,
  hint,
  initial,
  type = 'text',
  error,
  onCommit,
}: {
  label: string;
  hint: string;
  initial: string;
  type?: 'text' | 'search';
  /** Why the committed value does not filter. */
  error?: string | undefined;
  onCommit(value: string | undefined): void;
}) {
  const { draft: value, setDraft: setValue, markCommitted, committed } = useDraft(initial);
  const commit = (current: string) => {
    const next = current.trim();
    if (next === committed) return;
    markCommitted(next);
    onCommit(next || undefined);
  };
  useDebouncedEffect(value, 350, commit);
  return (
    <Field label={label} hint={hint} error={error} className="em-field">
      {(control) => (
        <input
          {...control}
          type={type}
          className="input"
          value={value}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(value);
          }}
        />
      )}
    </Field>
  );
}

function CourseFilter({
  course,
  onChange,
}: {
  course: string | null;
  onChange(id: string | undefined): void;
}) {
  const listId = useId();
  const { draft: value, setDraft: setValue, markCommitted } = useDraft(course ?? '');
  const [error, setError] = useState<string | undefined>();
  const [known, setKnown] = useState<ReturnType<typeof eventStore.knownResources>>([]);
  const lookedUp = useLateModule(lookedUpCode, course !== null);
  const current = known.find((item) => item.id === course);

  const apply = (id: string | undefined) => {
    setError(undefined);
    markCommitted(id ?? '');
    if (id !== (course ?? undefined)) onChange(id);
  };
  const commit = (raw: string) => {
    const text = raw.trim();
    if (text === '') return apply(undefined);
    if (UUID.test(text)) return apply(text.toLowerCase());
    const lower = text.toLowerCase();
    const byTitle = eventStore
      .knownResources()
      .filter((item) => item.title.toLowerCase() === lower);
    if (byTitle.length === 1) {
      setValue(byTitle[0]!.id);
      return apply(byTitle[0]!.id);
    }
    setError('Choose a course or learning path from the suggestions, or paste its id.');
  };

  return (
    <Field
      label="Course or learning path"
      hint={
        current ? (
          describeResource(current)
        ) : course !== null && lookedUp ? (
          <lookedUp.LookedUpHint id={course} />
        ) : (
          COURSE_HINT
        )
      }
      error={error}
      className="em-field"
    >
      {(control) => (
        <>
          <input
            {...control}
            className="input"
            list={listId}
            value={value}
            autoComplete="off"
            onFocus={() => setKnown(eventStore.knownResources())}
            onChange={(event) => {
              setValue(event.target.value);
              // A suggestion picked from the list is applied at once.
              if (UUID.test(event.target.value.trim())) commit(event.target.value);
            }}
            onBlur={() => commit(value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commit(value);
            }}
          />
          <datalist id={listId}>
            {known.map((item) => (
              <option key={item.id} value={item.id} label={item.title} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange(iso: string | undefined): void;
}) {
  const { draft, setDraft, markCommitted, committed } = useDraft(toLocalInput(value));
  // Applied when the control is left (or Enter): each segment typed would otherwise reload the list.
  const commit = () => {
    if (draft === committed) return;
    markCommitted(draft);
    onChange(fromLocalInput(draft));
  };
  return (
    <Field label={label} hint="Your local time" className="em-field">
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          className="input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      )}
    </Field>
  );
}
