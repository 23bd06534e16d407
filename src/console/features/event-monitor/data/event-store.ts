// The monitor's event store, outside React state: events are held once, in relay order, deduplicated by
// (kind, id); live events are applied in batches (one per animation frame) and React reads immutable
// snapshots through useSyncExternalStore. The filtered view is maintained incrementally, so an incoming
// event costs one match, not a re-filter of 100,000 rows.
//
// History coverage: the list only shows events it knows to be complete for the filter. The live stream
// covers everything after the initial tail; below that, a "chain" of history pages per server-side
// filter extends coverage downwards (`floor`). Events below the floor (loaded by another filter's chain)
// stay hidden until this filter's own chain reaches them, so the list never shows a gap.
import type { EventKind } from '#contract/enums.ts';
import { EVENT_KINDS } from '#contract/enums.ts';
import {
  createMatcher,
  NO_FILTER,
  serverFilterKey,
  type MonitorFilter,
} from '../filters/event-filters.ts';
import { parseEvent, type StoredEvent } from './event-model.ts';
import { eventKey, Interner } from './interner.ts';
import { lowerBound, mergeSorted, upperBound } from './sorted-events.ts';

export const STORE_CAP = 150_000;
/** When the cap is exceeded the oldest events go, down to this many (they stay in the relay's history). */
export const STORE_KEEP = 120_000;

export type KindCounts = Readonly<Record<EventKind, number>>;

interface PerKindCounts {
  shown: Record<EventKind, number>;
  matching: Record<EventKind, number>;
  totals: Record<EventKind, number>;
}

export interface MonitorSnapshot {
  readonly version: number;
  /** Rows shown (newest first). */
  readonly count: number;
  /** Row `index` of the list, newest first (0 = newest). */
  at(index: number): StoredEvent;
  /** How many shown rows are newer than `seq` (= the row index of `seq` when it is shown). */
  newerThan(seq: number): number;
  readonly paused: boolean;
  /** Events that match the filter but arrived while paused (shown on resume). */
  readonly newWhilePaused: number;
  /** Shown events per kind (0 for kinds the filter leaves out). */
  readonly kindCounts: KindCounts;
  /** Loaded events per kind that the other filters (all but the kinds) let through. */
  readonly kindMatching: KindCounts;
  /** Loaded events per kind, filters aside (over the same stretch of history as the list). */
  readonly kindTotals: KindCounts;
  /** Everything held in memory, all filters aside. */
  readonly loaded: number;
  /** The filter's history has been read back to the relay's first stored event. */
  readonly historyComplete: boolean;
  /** Events that did not match the contract's event schema (not shown). */
  readonly rejected: number;
  readonly lastRejection: string | null;
  /** Oldest events dropped to stay under the memory cap. */
  readonly evicted: number;
  /** The list shows only what it knows is complete; false until the first page arrived. */
  readonly ready: boolean;
  /** The seq down to which the list is complete (0: the relay's first event; Infinity: not ready). */
  readonly floor: number;
  /** The filter the list shows (a new one is a new list, even with the same rows in view). */
  readonly filterKey: string;
}

export interface HistoryChain {
  /** Events with seq >= floor are all loaded for this filter (0: back to the beginning). */
  floor: number;
  /** Next page's cursor; null: (re)start from the newest event. */
  cursor: string | null;
  done: boolean;
}

export interface IncomingEvent {
  seq: number;
  event: unknown;
}

const ALL_KEY = serverFilterKey(NO_FILTER);
const zeroCounts = (): Record<EventKind, number> =>
  Object.fromEntries(EVENT_KINDS.map((kind) => [kind, 0])) as Record<EventKind, number>;

export interface EventStoreOptions {
  cap?: number;
  keep?: number;
  /** Schedules a flush of live events; defaults to the next animation frame (or 250 ms if hidden). */
  schedule?: (flush: () => void) => void;
}

export class EventStore {
  private all: StoredEvent[] = [];
  private readonly keys = new Set<string>();
  private readonly interner = new Interner();
  private incoming: StoredEvent[] = [];
  private flushScheduled = false;
  private readonly listeners = new Set<() => void>();
  private readonly chains = new Map<string, HistoryChain>();
  private readonly cap: number;
  private readonly keep: number;
  private readonly schedule: (flush: () => void) => void;

  private filter: MonitorFilter = NO_FILTER;
  private filterKey = JSON.stringify(NO_FILTER);
  private matcher = createMatcher(NO_FILTER);
  private floor = Infinity;
  private view: StoredEvent[] = [];
  private counts = zeroCounts();
  private matching = zeroCounts();
  private totals = zeroCounts();
  /** While paused: the newest seq shown, and the counts as they were then. */
  private pausedAt: number | null = null;
  private pausedCounts: PerKindCounts | null = null;
  private shownWhilePaused = 0;
  private rejected = 0;
  private lastRejection: string | null = null;
  private evicted = 0;
  private topSeq = 0;
  private snapshot: MonitorSnapshot;
  private version = 0;

  constructor(options: EventStoreOptions = {}) {
    this.cap = options.cap ?? STORE_CAP;
    this.keep = options.keep ?? STORE_KEEP;
    this.schedule = options.schedule ?? scheduleFrame;
    this.snapshot = this.makeSnapshot();
  }

  // --- React binding -------------------------------------------------------------------------------
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MonitorSnapshot => this.snapshot;

  /** Highest relay seq held: where a live stream resumes. */
  get newestSeq(): number {
    return this.topSeq;
  }

  // --- Input ---------------------------------------------------------------------------------------
  /** Live events: validated and deduplicated now, applied to the list on the next frame. */
  pushLive(items: readonly IncomingEvent[]): StoredEvent[] {
    const accepted = this.accept(items);
    if (accepted.length === 0) return accepted;
    for (const item of accepted) this.incoming.push(item);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.schedule(() => this.flush());
    }
    return accepted;
  }

  /** Applies pending live events now (tests and the scheduler call this). */
  flush(): void {
    this.flushScheduled = false;
    const batch = this.incoming;
    if (batch.length === 0) return;
    this.incoming = [];
    const lastHeld = this.all.length > 0 ? this.all[this.all.length - 1]!.seq : 0;
    const inOrder = batch.every(
      (item, index) => item.seq > (index === 0 ? lastHeld : batch[index - 1]!.seq),
    );
    this.all = mergeSorted(this.all, batch);
    if (inOrder && this.floor <= batch[0]!.seq) {
      for (const item of batch) this.addToView(item);
    } else {
      // A relay whose store was reset numbers events anew: rebuild rather than guess.
      this.rebuild();
    }
    this.evictIfNeeded();
    this.publish();
  }

  /** A page of history for `filter` (or the initial tail, with the empty filter). */
  applyHistoryPage(
    filter: MonitorFilter,
    items: readonly IncomingEvent[],
    pageInfo: { hasMore: boolean; cursor?: string | undefined },
  ): { added: number } {
    const accepted = this.accept(items);
    this.all = mergeSorted(this.all, accepted);
    const chain = this.chainFor(filter);
    let lowest = Infinity;
    for (const item of items) if (item.seq < lowest) lowest = item.seq;
    if (!pageInfo.hasMore) {
      chain.floor = 0;
      chain.done = true;
      chain.cursor = null;
    } else {
      if (lowest < chain.floor) chain.floor = lowest;
      chain.cursor = pageInfo.cursor ?? null;
    }
    this.rebuild();
    this.evictIfNeeded();
    this.publish();
    return { added: accepted.length };
  }

  private accept(items: readonly IncomingEvent[]): StoredEvent[] {
    const accepted: StoredEvent[] = [];
    for (const item of items) {
      const parsed = parseEvent(item.event, this.interner);
      if (!parsed.ok) {
        this.rejected += 1;
        this.lastRejection = parsed.reason;
        continue;
      }
      const key = eventKey(parsed.event);
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      accepted.push({ seq: item.seq, event: parsed.event });
      if (item.seq > this.topSeq) this.topSeq = item.seq;
    }
    return accepted;
  }

  // --- History chains ------------------------------------------------------------------------------
  /** The chain for a filter; a new one continues below the unfiltered chain's coverage. */
  chainFor(filter: MonitorFilter): HistoryChain {
    const key = serverFilterKey(filter);
    let chain = this.chains.get(key);
    if (!chain) {
      const all = this.chains.get(ALL_KEY);
      chain = { floor: Infinity, cursor: all && !all.done ? all.cursor : null, done: false };
      this.chains.set(key, chain);
    } else if (key !== ALL_KEY && !chain.done) {
      // Everything above the unfiltered chain's floor is loaded: jump there instead of re-reading it.
      const all = this.chains.get(ALL_KEY);
      if (all && !all.done && all.cursor !== null && all.floor < chain.floor)
        chain.cursor = all.cursor;
    }
    return chain;
  }

  /** Whether history below what is shown remains to be loaded for the current filter. */
  get hasOlder(): boolean {
    return this.floor > 0;
  }

  /** The seq down to which the current filter's list is complete (0: the beginning). */
  get shownFloor(): number {
    return this.floor;
  }

  get currentFilter(): MonitorFilter {
    return this.filter;
  }

  // --- View ----------------------------------------------------------------------------------------
  setFilter(filter: MonitorFilter): void {
    const key = JSON.stringify(filter);
    if (key === this.filterKey) return;
    this.filter = filter;
    this.filterKey = key;
    this.matcher = createMatcher(filter);
    this.rebuild();
    this.publish();
  }

  pause(): void {
    if (this.pausedAt !== null) return;
    this.flush();
    this.pausedAt = this.view.length > 0 ? this.view[this.view.length - 1]!.seq : this.topSeq;
    this.pausedCounts = this.countsNow();
    this.shownWhilePaused = this.view.length;
    this.publish();
  }

  resume(): void {
    if (this.pausedAt === null) return;
    this.pausedAt = null;
    this.pausedCounts = null;
    this.publish();
  }

  /** Every shown event matching the filter, newest first (what an export writes). */
  shownEvents(): StoredEvent[] {
    const count = this.shownCount();
    const out = new Array<StoredEvent>(count);
    for (let i = 0; i < count; i++) out[i] = this.view[count - 1 - i]!;
    return out;
  }

  /** Held events newer than `seq`, oldest first (what a tab that just joined is missing). */
  eventsAfter(seq: number): StoredEvent[] {
    this.flush();
    return this.all.slice(upperBound(this.all, seq));
  }

  /** Courses and learning paths seen in loaded events (for the filter's suggestions), newest first. */
  knownResources(limit = 300): { id: string; title: string; type: 'course' | 'learningPath' }[] {
    const seen = new Map<string, { id: string; title: string; type: 'course' | 'learningPath' }>();
    for (let i = this.all.length - 1; i >= 0 && seen.size < limit; i--) {
      const { course, learningPath } = this.all[i]!.event;
      const ref = course ?? learningPath;
      if (ref && !seen.has(ref.id))
        seen.set(ref.id, {
          id: ref.id,
          title: ref.title,
          type: course ? 'course' : 'learningPath',
        });
    }
    return [...seen.values()];
  }

  /** Forgets everything (a new stream that cannot resume where the old one ended). */
  reset(): void {
    this.all = [];
    this.keys.clear();
    this.incoming = [];
    this.chains.clear();
    this.topSeq = 0;
    this.rejected = 0;
    this.lastRejection = null;
    this.evicted = 0;
    this.pausedAt = null;
    this.pausedCounts = null;
    this.rebuild();
    this.publish();
  }

  private currentFloor(): number {
    const own = this.chains.get(serverFilterKey(this.filter))?.floor ?? Infinity;
    const all = this.chains.get(ALL_KEY)?.floor ?? Infinity;
    return Math.min(own, all);
  }

  private countsNow(): PerKindCounts {
    return {
      shown: { ...this.counts },
      matching: { ...this.matching },
      totals: { ...this.totals },
    };
  }

  private addToView(item: StoredEvent): void {
    const kind = item.event.kind;
    this.totals[kind] += 1;
    if (!this.matcher.base(item.event)) return;
    this.matching[kind] += 1;
    if (!this.matcher.kind(item.event)) return;
    this.counts[kind] += 1;
    this.view.push(item);
  }

  private rebuild(): void {
    this.floor = this.currentFloor();
    this.view = [];
    this.counts = zeroCounts();
    this.matching = zeroCounts();
    this.totals = zeroCounts();
    const paused =
      this.pausedAt === null
        ? null
        : { shown: zeroCounts(), matching: zeroCounts(), totals: zeroCounts() };
    const start = this.floor === Infinity ? this.all.length : lowerBound(this.all, this.floor);
    for (let i = start; i < this.all.length; i++) {
      const item = this.all[i]!;
      const kind = item.event.kind;
      const before = paused && item.seq <= this.pausedAt!;
      this.totals[kind] += 1;
      if (before) paused.totals[kind] += 1;
      if (!this.matcher.base(item.event)) continue;
      this.matching[kind] += 1;
      if (before) paused.matching[kind] += 1;
      if (!this.matcher.kind(item.event)) continue;
      this.counts[kind] += 1;
      if (before) paused.shown[kind] += 1;
      this.view.push(item);
    }
    if (paused) {
      this.pausedCounts = paused;
      this.shownWhilePaused = upperBound(this.view, this.pausedAt!);
    }
  }

  private evictIfNeeded(): void {
    if (this.all.length <= this.cap) return;
    const cut = this.all.length - this.keep;
    const boundary = this.all[cut]!.seq;
    for (let i = 0; i < cut; i++) this.keys.delete(eventKey(this.all[i]!.event));
    this.all = this.all.slice(cut);
    this.evicted += cut;
    // Cursors below the boundary would skip the dropped events: those chains restart from the top.
    for (const chain of this.chains.values()) {
      if (chain.floor >= boundary) continue;
      chain.floor = boundary;
      chain.cursor = null;
      chain.done = false;
    }
    this.rebuild();
  }

  private shownCount(): number {
    return this.pausedAt === null ? this.view.length : this.shownWhilePaused;
  }

  private publish(): void {
    this.version += 1;
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): MonitorSnapshot {
    const view = this.view;
    const count = this.shownCount();
    return {
      version: this.version,
      count,
      at: (index: number) => view[count - 1 - index]!,
      newerThan: (seq: number) => count - Math.min(count, upperBound(view, seq)),
      paused: this.pausedAt !== null,
      newWhilePaused: this.pausedAt === null ? 0 : view.length - count,
      kindCounts: { ...(this.pausedCounts?.shown ?? this.counts) },
      kindMatching: { ...(this.pausedCounts?.matching ?? this.matching) },
      kindTotals: { ...(this.pausedCounts?.totals ?? this.totals) },
      loaded: this.all.length,
      historyComplete: this.floor === 0,
      rejected: this.rejected,
      lastRejection: this.lastRejection,
      evicted: this.evicted,
      ready: this.floor !== Infinity,
      floor: this.floor,
      filterKey: this.filterKey,
    };
  }
}

/** Next animation frame; a hidden tab gets no frames, so a timer takes over there. */
function scheduleFrame(flush: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, 250);
}
