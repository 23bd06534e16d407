// Every stored event of the learner, newest first, read page by page from the relay's history as the
// list scrolls (virtual rows: 10,000 events scroll like 30), filtered by kind and time in the URL, and
// exported whole as CSV (current titles looked up) or NDJSON.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { EVENT_KINDS, type EventKind } from '#contract/enums.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { VirtualRows } from '../../../components/virtual-rows.tsx';
import { formatCount, plural } from '../../../lib/format.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels.ts';
import { fromLocalInput, toLocalInput } from '../../../lib/local-time.ts';
import { useAfterFirstContent } from '../../../lib/use-after-first-content.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import type { StoredEvent } from '../data/event-model.ts';
import { describeAction } from '../data/event-summary.ts';
import { knownTitle, useTopicName } from '../data/names.ts';
import { formatEventTime } from '../views/event-row.tsx';
import { learnerQueries, type TimelineFilter } from './learner-data.ts';

// The export (its CSV and NDJSON writers, the file saving, the toasts) loads after the first content:
// the first paint needs none of it. Until then its buttons are look-alikes that do nothing
// (aria-disabled, so nothing moves or dims when the real ones come).
const TimelineExport = lazy(() =>
  import('./timeline-export.tsx').then((module) => ({ default: module.TimelineExport })),
);

function ExportLookAlike() {
  return (
    <div className="learner-timeline__export">
      <Button size="sm" aria-disabled>
        Export CSV
      </Button>
      <Button size="sm" aria-disabled>
        Export NDJSON
      </Button>
    </div>
  );
}

const COLUMNS = ['What', 'When', 'Kind'] as const;
const PHONE_ROW_HEIGHT = 76;

export interface LearnerTimelineProps {
  learnerId: string;
  learnerName: string;
  /** All stored events of the learner (the summary's count), when known. */
  total: number | null;
  filter: TimelineFilter;
  onFilterChange(patch: TimelineFilter): void;
}

export function LearnerTimeline({
  learnerId,
  learnerName,
  total,
  filter,
  onFilterChange,
}: LearnerTimelineProps) {
  const query = useInfiniteQuery(learnerQueries.timeline(learnerId, filter));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pages = query.data?.pages;
  const events = useMemo(() => pages?.flatMap((page) => page.events) ?? [], [pages]);
  const rejected = useMemo(
    () => pages?.reduce((sum, page) => sum + page.rejected, 0) ?? 0,
    [pages],
  );
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const pageError = isFetchNextPageError ? query.error : null;
  const phone = useMediaQuery(PHONE_QUERY);
  const filtered = Boolean(filter.kinds || filter.from || filter.to);
  const afterFirstContent = useAfterFirstContent();

  return (
    <section className="learner-section learner-timeline" aria-labelledby="learner-timeline">
      <h2 id="learner-timeline" className="learner-section__heading">
        Timeline
      </h2>
      <TimelineFilters filter={filter} onChange={onFilterChange} />
      <div className="learner-timeline__bar">
        <p className="learner-muted" role="status" data-testid="timeline-count">
          {query.isPending
            ? 'Loading events…'
            : `Showing ${formatCount(events.length)}${hasNextPage ? ' loaded' : ''} of ${
                filtered || total === null ? 'the matching events' : plural(total, 'event')
              }, newest first${hasNextPage ? ': more load as you scroll' : ''}.`}
          {rejected > 0
            ? ` ${formatCount(rejected)} did not match the expected event format and are not shown.`
            : ''}
        </p>
        {afterFirstContent ? (
          <Suspense fallback={<ExportLookAlike />}>
            <TimelineExport learnerId={learnerId} learnerName={learnerName} filter={filter} />
          </Suspense>
        ) : (
          <ExportLookAlike />
        )}
      </div>
      {query.isError ? (
        <ErrorState
          error={query.error}
          title="The timeline did not load"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <VirtualRows
          label={`Events of ${learnerName}, newest first`}
          className="vtable--learner-events vtable--stacks"
          count={events.length}
          totalCount={events.length}
          rowHeight={phone ? PHONE_ROW_HEIGHT : undefined}
          header={
            <div role="row" aria-rowindex={1} className="vtable__row vtable__row--head">
              {COLUMNS.map((column) => (
                <div key={column} role="columnheader" className="cell">
                  {column}
                </div>
              ))}
            </div>
          }
          renderRow={(index, start) => (
            <TimelineRow
              key={events[index]!.seq}
              item={events[index]!}
              index={index}
              start={start}
            />
          )}
          onNearEnd={loadMore}
          footer={
            query.isPending ? null : events.length === 0 && !hasNextPage ? (
              <p className="learner-muted list-footer">
                {filtered
                  ? 'No stored event of this learner matches these filters.'
                  : 'No stored events.'}
              </p>
            ) : (
              <ListFooter
                loaded={events.length}
                hasMore={hasNextPage}
                fetching={isFetchingNextPage}
                error={pageError}
                noun="events"
                onLoadMore={() => void fetchNextPage()}
              />
            )
          }
        />
      )}
    </section>
  );
}

function TimelineRow({ item, index, start }: { item: StoredEvent; index: number; start: number }) {
  const { event } = item;
  const topic = knownTitle(useTopicName(event).data);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="vtable__row"
      data-kind={event.kind}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div role="cell" className="cell learner-event__what">
        {/* The event itself, its facts and raw JSON: the monitor's drawer, found by the event's id. */}
        <Link to="/events" search={{ q: event.id }} title="Open in the event monitor">
          {describeAction(event, topic)}
        </Link>
      </div>
      <div role="cell" className="cell">
        <time dateTime={new Date(event.timestamp).toISOString()}>
          {formatEventTime(event.timestamp)}
        </time>
      </div>
      <div role="cell" className="cell">
        {EVENT_KIND_LABELS[event.kind]}
      </div>
    </div>
  );
}

function TimelineFilters({
  filter,
  onChange,
}: {
  filter: TimelineFilter;
  onChange(patch: TimelineFilter): void;
}) {
  const kind = filter.kinds?.includes(',') ? '' : (filter.kinds ?? '');
  return (
    <div className="learner-timeline__filters">
      <Field label="Kind">
        {(control) => (
          <select
            {...control}
            className="select"
            value={kind}
            onChange={(event) => onChange({ kinds: event.target.value || undefined })}
          >
            <option value="">Every kind</option>
            {EVENT_KINDS.map((value: EventKind) => (
              <option key={value} value={value}>
                {EVENT_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TimeField label="From" value={filter.from} onChange={(from) => onChange({ from })} />
      <TimeField label="Before" value={filter.to} onChange={(to) => onChange({ to })} />
      {filter.kinds || filter.from || filter.to ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange({ kinds: undefined, from: undefined, to: undefined })}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** A local date and time; applied when it is a whole, valid time (or emptied). */
function TimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(value: string | undefined): void;
}) {
  return (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          type="datetime-local"
          className="input"
          value={toLocalInput(value ?? null)}
          onChange={(event) => {
            if (event.target.value === '') return onChange(undefined);
            const iso = fromLocalInput(event.target.value);
            if (iso) onChange(iso);
          }}
        />
      )}
    </Field>
  );
}
