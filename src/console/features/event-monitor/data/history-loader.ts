// Scrolling back beyond what is loaded: pages of the relay's history with the list's server-side filters,
// continuing the filter's chain in the store (which knows where the complete part of the list ends).
// The relay's endpoints are imported with the first load, which waits for the list's first page, so
// the live feed has loaded them already (feed-run.ts): none of it is a first content's code.
import type { EventStore } from './event-store.ts';
import { serverFilterKey } from '../filters/event-filters.ts';

/** Pages read in one go when they bring nothing new (re-read events are skipped by the dedup). */
const MAX_PAGES_PER_LOAD = 8;

export interface HistoryState {
  loading: boolean;
  error: unknown;
}

export class HistoryLoader {
  private state: HistoryState = { loading: false, error: null };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private loadingKey: string | null = null;

  constructor(private readonly store: EventStore) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): HistoryState => this.state;

  /** Loads older events for the current filter until the list reaches further back (or history ends). */
  async loadOlder(): Promise<void> {
    if (!this.store.hasOlder || !this.store.getSnapshot().ready) return;
    const filter = this.store.currentFilter;
    const key = serverFilterKey(filter);
    if (this.controller && this.loadingKey === key) return;
    // A load for another filter is no longer wanted.
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.loadingKey = key;
    this.set({ loading: true, error: null });
    let error: unknown = null;
    try {
      const { fetchHistoryPage } = await import('./relay-api.ts');
      for (let page = 0; page < MAX_PAGES_PER_LOAD; page++) {
        const chain = this.store.chainFor(filter);
        if (chain.done) break;
        const floorBefore = this.store.shownFloor;
        const result = await fetchHistoryPage(filter, chain.cursor, controller.signal);
        if (controller.signal.aborted) break;
        this.store.applyHistoryPage(filter, result.items, result.pageInfo);
        // Done when the list reaches further back; a page of events already loaded reads on.
        if (!result.pageInfo.hasMore || this.store.shownFloor < floorBefore) break;
      }
    } catch (failure) {
      if (!controller.signal.aborted) error = failure;
    }
    // A newer load owns the state now.
    if (this.controller !== controller) return;
    this.controller = null;
    this.loadingKey = null;
    this.set({ loading: false, error });
  }

  /** A new filter: a load for the old one is no longer wanted. */
  cancel(): void {
    this.controller?.abort();
    this.controller = null;
    this.loadingKey = null;
    if (this.state.loading || this.state.error) this.set({ loading: false, error: null });
  }

  private set(state: HistoryState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
