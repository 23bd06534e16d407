// One period of the live feed's streaming, from acquire to the end of the grace period (live-feed.ts,
// which loads this module as the monitor mounts): the newest page of history, then the relay's SSE
// stream from exactly that point, shared with the other tabs.
import { RelayStatus } from '#contract/console/relay.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { NO_FILTER } from '../filters/event-filters.ts';
import type { EventStore, IncomingEvent } from './event-store.ts';
import type { FeedState } from './feed-state.ts';
import { fetchHistoryPage, fetchRelayStatus, streamUrl } from './relay-api.ts';
import {
  canShareAcrossTabs,
  joinTabs,
  type Leadership,
  type LinkState,
  type TabMessage,
} from './tab-leadership.ts';

/** The relay sends a status at least every 15 s; silence beyond this means a dead connection. */
const SILENCE_MS = 45_000;
const TAIL_SIZE = 500;
const TAB_ID = Math.random().toString(36).slice(2);

export class Run {
  private readonly abort = new AbortController();
  private source: EventSource | null = null;
  private leadership: Leadership | null = null;
  private leading = false;
  private ready = false;
  private readonly waitingHellos: { tab: string; after: number }[] = [];
  private outbox: IncomingEvent[] = [];
  private outboxTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private lastActivity = Date.now();
  private failures = 0;
  private link: LinkState = 'connecting';
  private detail: string | null = null;
  private status: RelayStatus | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly update: (patch: Partial<FeedState>) => void,
  ) {}

  async start(): Promise<void> {
    const { signal } = this.abort;
    // Join the other tabs before loading, so nothing they forward meanwhile is missed.
    if (canShareAcrossTabs())
      this.leadership = await joinTabs((message) => this.onTabMessage(message));
    if (signal.aborted) return this.leadership?.close();
    void fetchRelayStatus(signal).then(
      (status) => this.setStatus(status),
      () => undefined,
    );
    if (!(await this.loadTail())) return;
    this.ready = true;
    if (!this.leadership) {
      this.update({ role: 'solo' });
      return this.openStream();
    }
    if (this.leadership.startedAsFollower) {
      this.update({ role: 'follower' });
      this.leadership.post({ type: 'hello', tab: TAB_ID, after: this.store.newestSeq });
    }
    await this.leadership.leader;
    if (signal.aborted) return;
    this.leading = true;
    this.update({ role: 'leader' });
    for (const hello of this.waitingHellos.splice(0)) this.welcome(hello.tab, hello.after);
    this.openStream();
  }

  stop(): void {
    this.abort.abort();
    this.closeSource();
    clearTimeout(this.retryTimer);
    clearTimeout(this.outboxTimer);
    clearInterval(this.watchdog);
    this.leadership?.close();
  }

  /** The newest page of everything; retried until it arrives (the stream starts from its end). */
  private async loadTail(): Promise<boolean> {
    const { signal } = this.abort;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        const page = await fetchHistoryPage(NO_FILTER, null, signal, TAIL_SIZE);
        this.store.applyHistoryPage(NO_FILTER, page.items, page.pageInfo);
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        if (isApiError(error) && (error.kind === 'unauthenticated' || error.kind === 'no-access')) {
          this.setLink('offline', 'Your session has ended. Sign in again.');
          return false;
        }
        this.setLink('reconnecting', 'The console server could not be reached; retrying.');
        await sleep(backoff(attempt), signal);
      }
    }
    return false;
  }

  private openStream(): void {
    if (this.abort.signal.aborted) return;
    this.closeSource();
    const source = new EventSource(streamUrl(this.store.newestSeq));
    this.source = source;
    this.lastActivity = Date.now();
    source.onopen = () => {
      this.failures = 0;
      this.lastActivity = Date.now();
      this.setLink('live', null);
    };
    source.onmessage = (message: MessageEvent<string>) => {
      this.lastActivity = Date.now();
      const seq = Number(message.lastEventId);
      let event: unknown;
      try {
        event = JSON.parse(message.data);
      } catch {
        return;
      }
      this.receive([{ seq, event }]);
    };
    source.addEventListener('status', (message: MessageEvent<string>) => {
      this.lastActivity = Date.now();
      const parsed = RelayStatus.safeParse(safeJson(message.data));
      if (parsed.success) this.setStatus(parsed.data);
    });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) return void this.recover();
      this.setLink('reconnecting', 'The connection to the console server dropped; reconnecting.');
    };
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => {
      if (Date.now() - this.lastActivity > SILENCE_MS) {
        this.setLink('reconnecting', 'The event stream went silent; reconnecting.');
        this.openStream();
      }
    }, 5_000);
  }

  /** The browser gave up on the stream (an HTTP error): find out why, then reopen it later. */
  private async recover(): Promise<void> {
    this.closeSource();
    this.setLink('reconnecting', 'The event stream was refused; retrying.');
    try {
      this.setStatus(await fetchRelayStatus(this.abort.signal));
    } catch (error) {
      if (this.abort.signal.aborted) return;
      if (isApiError(error) && (error.kind === 'unauthenticated' || error.kind === 'no-access')) {
        return this.setLink('offline', 'Your session has ended. Sign in again.');
      }
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.openStream(), backoff(this.failures++));
  }

  private closeSource(): void {
    this.source?.close();
    this.source = null;
  }

  private receive(items: IncomingEvent[]): void {
    this.store.pushLive(items);
    if (!this.leadership) return;
    for (const item of items) this.outbox.push(item);
    this.outboxTimer ??= setTimeout(() => {
      this.outboxTimer = undefined;
      const batch = this.outbox;
      this.outbox = [];
      this.leadership?.post({ type: 'events', items: batch });
    }, 30);
  }

  private onTabMessage(message: TabMessage): void {
    switch (message.type) {
      case 'events':
        if (!this.leading) this.store.pushLive(message.items);
        return;
      case 'status':
        if (!this.leading) this.setStatus(message.status, false);
        return;
      case 'link':
        if (!this.leading) this.setLink(message.link, message.detail, false);
        return;
      case 'hello':
        if (!this.leading) return;
        if (this.ready) this.welcome(message.tab, message.after);
        else this.waitingHellos.push(message);
        return;
      case 'welcome':
        if (message.tab !== TAB_ID) return;
        this.store.pushLive(message.items);
        this.setLink(message.link, message.detail, false);
        if (message.status) this.setStatus(message.status, false);
    }
  }

  private welcome(tab: string, after: number): void {
    const items = this.store.eventsAfter(after).map(({ seq, event }) => ({ seq, event }));
    this.leadership?.post({
      type: 'welcome',
      tab,
      items,
      link: this.link,
      detail: this.detail,
      status: this.status,
    });
  }

  private setLink(link: LinkState, detail: string | null, forward = true): void {
    this.link = link;
    this.detail = detail;
    this.update({ link, detail });
    if (forward && this.leading) this.leadership?.post({ type: 'link', link, detail });
  }

  private setStatus(status: RelayStatus, forward = true): void {
    this.status = status;
    this.update({ status });
    if (forward && this.leading) this.leadership?.post({ type: 'status', status });
  }
}

/** Exponential backoff with full jitter, 1 s to 30 s. */
const backoff = (attempt: number) => 500 + Math.random() * Math.min(30_000, 1000 * 2 ** attempt);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
