// The live event monitor page: connection state, relay status, filters (all in the URL), counters, the
// per-minute chart, the virtualized list with history behind it, and the detail drawer. The drawer and
// the exports, which a click opens, load after the first content; the relay's status, which shows once
// the feed has read it, as the page mounts, as do the feed's streaming and the list's rows
// (docs/decisions/loading-strategy.md, "The event monitor's first content").
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  lateComponent,
  lateModule,
  usePreloadAfterFirstContent,
} from '../../components/late-component.tsx';
import { useLateModule } from '../../components/late-module.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { plural } from '../../lib/format.ts';
import { useAfterFirstContent } from '../../lib/use-after-first-content.ts';
import { ConnectionIndicator } from './views/connection-indicator.tsx';
import { filterFromSearch, hasAnyFilter } from './filters/event-filters.ts';
import type { MonitorSearchInput, MonitorSearchParams } from './filters/monitor-search.ts';
import { EventList } from './views/event-list.tsx';
import type { StoredEvent } from './data/event-model.ts';
import { EventsChart } from './views/events-chart.tsx';
import type { ExportFormat } from './data/export-events.ts';
import { FilterBar } from './views/filter-bar.tsx';
import {
  eventStore,
  historyLoader,
  useHistoryState,
  useLiveFeed,
  useMonitorSnapshot,
} from './data/monitor-instance.ts';
import type { MonitorSnapshot } from './data/event-store.ts';
import './event-monitor.css';

const EventDrawer = lateComponent(() =>
  import('./views/event-drawer.tsx').then((module) => module.EventDrawer),
);
const exportCode = lateModule(() => import('./data/export-shown.ts'));
const relayPanelCode = lateModule(() => import('./views/relay-status-panel.tsx'));

export interface EventMonitorProps {
  /** The validated URL search params. */
  search: MonitorSearchParams;
  onSearchChange(patch: Partial<MonitorSearchInput>): void;
  /** Replaces every filter (the drawer's "all events for..." shortcuts, "Clear filters"). */
  onSearchReplace(search: Partial<MonitorSearchInput>): void;
  /** The saved views control of the filter bar (given by the route). */
  views?: ReactNode;
}

export function EventMonitor({
  search,
  onSearchChange,
  onSearchReplace,
  views,
}: EventMonitorProps) {
  useLiveFeed();
  const relayPanel = useLateModule(relayPanelCode, true);
  const { kinds, learner, course, from, to, q } = search;
  const filter = useMemo(
    () => filterFromSearch({ kinds, learner, course, from, to, q }),
    [kinds, learner, course, from, to, q],
  );
  useEffect(() => {
    historyLoader.cancel();
    eventStore.setFilter(filter);
  }, [filter]);

  const snapshot = useMonitorSnapshot();
  const [selected, setSelected] = useState<StoredEvent | null>(null);
  const onNearEnd = useCallback(() => void historyLoader.loadOlder(), []);
  // The drawer opens without a trigger button, so focus is given back to where it was by hand.
  const returnFocus = useRef<HTMLElement | null>(null);
  const onOpen = useCallback((item: StoredEvent) => {
    returnFocus.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSelected(item);
  }, []);
  useEffect(() => {
    const target = returnFocus.current;
    if (selected !== null || !target) return;
    returnFocus.current = null;
    // After the dialog's focus trap has gone.
    const frame = requestAnimationFrame(() => {
      if (target.isConnected) target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [selected]);

  usePreloadAfterFirstContent(exportCode);
  // Mounted (which loads its code) after the first content, or with a row opened before that: it
  // shows nothing until a row is opened.
  const drawerWanted = useAfterFirstContent() || selected !== null;
  // The events as shown at the click, even if more arrive while the code loads.
  const exportAs = async (format: ExportFormat) => {
    const events = eventStore.shownEvents();
    const { exportShown } = await exportCode.preload();
    await exportShown(events, format);
  };

  return (
    <div className="page em-page">
      <div className="page__header em-header">
        <div>
          <h1 className="page__title">Event monitor</h1>
          <p className="page__lead">Learner activity as the relay receives it, newest first.</p>
        </div>
        <ConnectionIndicator />
      </div>
      {relayPanel ? <relayPanel.RelayStatusPanel /> : null}
      <FilterBar
        filter={filter}
        counts={{ matching: snapshot.kindMatching, totals: snapshot.kindTotals }}
        onChange={onSearchChange}
        onClear={() => onSearchReplace({})}
        views={views}
      />
      <div className="em-toolbar">
        <p className="em-toolbar__counts" data-testid="monitor-counts">
          <ShownCount snapshot={snapshot} />
        </p>
        <div className="em-toolbar__actions">
          <Button
            variant={snapshot.paused ? 'primary' : 'secondary'}
            onClick={() => (snapshot.paused ? eventStore.resume() : eventStore.pause())}
          >
            {snapshot.paused
              ? `Resume (${snapshot.newWhilePaused.toLocaleString('en')} new)`
              : 'Pause'}
          </Button>
          <Button disabled={snapshot.count === 0} onClick={() => void exportAs('csv')}>
            Export CSV
          </Button>
          <Button disabled={snapshot.count === 0} onClick={() => void exportAs('ndjson')}>
            Export NDJSON
          </Button>
        </div>
      </div>
      <Notices snapshot={snapshot} />
      <EventsChart filter={filter} />
      <EventList
        snapshot={snapshot}
        label="Events, newest first"
        onOpen={onOpen}
        onNearEnd={onNearEnd}
        footer={
          <ListFooter
            snapshot={snapshot}
            filtered={hasAnyFilter(filter)}
            onClear={() => onSearchReplace({})}
          />
        }
      />
      {drawerWanted ? (
        <Suspense fallback={null}>
          <EventDrawer.Component
            item={selected}
            onClose={() => setSelected(null)}
            onShowLearner={(email) => {
              setSelected(null);
              onSearchReplace({ learner: email });
            }}
            onShowResource={(id) => {
              setSelected(null);
              onSearchReplace({ course: id });
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ShownCount({ snapshot }: { snapshot: MonitorSnapshot }) {
  return (
    <>
      Showing <strong data-testid="shown-count">{snapshot.count.toLocaleString('en')}</strong>{' '}
      {snapshot.count === 1 ? 'event' : 'events'}
      <span className="em-muted">
        {' '}
        · <span data-testid="loaded-count">{snapshot.loaded.toLocaleString('en')}</span> loaded in
        this tab
      </span>
      {snapshot.paused ? <strong className="em-paused"> · Paused</strong> : null}
    </>
  );
}

function Notices({ snapshot }: { snapshot: MonitorSnapshot }) {
  if (snapshot.rejected === 0 && snapshot.evicted === 0) return null;
  return (
    <ul className="em-notices">
      {snapshot.rejected > 0 ? (
        <li>
          {plural(snapshot.rejected, 'event')} did not match the expected event format and are not
          shown (last problem: {snapshot.lastRejection}).
        </li>
      ) : null}
      {snapshot.evicted > 0 ? (
        <li>
          The oldest {plural(snapshot.evicted, 'event')} were unloaded to save memory; scrolling to
          the end loads them again from the relay's history.
        </li>
      ) : null}
    </ul>
  );
}

function ListFooter({
  snapshot,
  filtered,
  onClear,
}: {
  snapshot: MonitorSnapshot;
  filtered: boolean;
  onClear(): void;
}) {
  const history = useHistoryState();
  if (!snapshot.ready || history.loading)
    return (
      <div className="em-list__footer">
        <Spinner size="sm" label="" />{' '}
        {snapshot.ready ? 'Loading older events…' : 'Loading events…'}
      </div>
    );
  if (history.error)
    return (
      <div className="em-list__footer">
        <ErrorState
          compact
          error={history.error}
          title="Older events did not load"
          onRetry={() => void historyLoader.loadOlder()}
        />
      </div>
    );
  if (snapshot.historyComplete)
    return (
      <div className="em-list__footer">
        {snapshot.count === 0 ? (
          <>
            {filtered
              ? 'No events match these filters.'
              : 'No events yet: they appear here as they happen.'}{' '}
            {filtered ? (
              <Button size="sm" variant="ghost" onClick={onClear}>
                Clear filters
              </Button>
            ) : null}
          </>
        ) : (
          "Start of the relay's stored history."
        )}
      </div>
    );
  return (
    <div className="em-list__footer">
      <Button size="sm" onClick={() => void historyLoader.loadOlder()}>
        Load older events
      </Button>
    </div>
  );
}
