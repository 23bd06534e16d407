// The monitor's long-lived objects, one per tab, and the hooks React reads them through. They live outside
// React state so 10,000 events a minute never re-render more than once per animation frame.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { EventStore, type MonitorSnapshot } from './event-store.ts';
import { HistoryLoader, type HistoryState } from './history-loader.ts';
import { LiveFeed, type FeedState } from './live-feed.ts';

export const eventStore = new EventStore();
export const liveFeed = new LiveFeed(eventStore);
export const historyLoader = new HistoryLoader(eventStore);

export type TimeSpan = { newest: number; oldest: number } | null;

/** Time span of the list rows in view, for the chart's band. */
export const visibleRange = (() => {
  let span: TimeSpan = null;
  const listeners = new Set<() => void>();
  return {
    set(next: TimeSpan) {
      if (span?.newest === next?.newest && span?.oldest === next?.oldest) return;
      span = next;
      for (const listener of listeners) listener();
    },
    get: () => span,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

export const useVisibleRange = (): TimeSpan =>
  useSyncExternalStore(visibleRange.subscribe, visibleRange.get);

export const useMonitorSnapshot = (): MonitorSnapshot =>
  useSyncExternalStore(eventStore.subscribe, eventStore.getSnapshot);

export const useFeedState = (): FeedState =>
  useSyncExternalStore(liveFeed.subscribe, liveFeed.getSnapshot);

export const useHistoryState = (): HistoryState =>
  useSyncExternalStore(historyLoader.subscribe, historyLoader.getSnapshot);

/** Keeps the live feed running while the calling component is mounted. */
export function useLiveFeed(): void {
  useEffect(() => liveFeed.acquire(), []);
}

/** The current time, refreshed every `intervalMs` (countdowns, lag). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The snapshot, but at most once per `intervalMs`: for views that need not follow every frame. */
export function useThrottledSnapshot(intervalMs: number): MonitorSnapshot {
  const [snapshot, setSnapshot] = useState(eventStore.getSnapshot);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const update = () => {
      timer = undefined;
      last = Date.now();
      setSnapshot(eventStore.getSnapshot());
    };
    const unsubscribe = eventStore.subscribe(() => {
      if (timer !== undefined) return;
      timer = setTimeout(update, Math.max(0, last + intervalMs - Date.now()));
    });
    update();
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [intervalMs]);
  return snapshot;
}
