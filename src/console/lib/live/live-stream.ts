// The console's live stream (src/contract/console/live.ts) in the browser: one EventSource per browser,
// held by a leader tab (tab-leader.ts) for the topics every tab follows, its messages forwarded to the
// other tabs over a BroadcastChannel. A tab follows a topic with `liveStream.follow(topic, listener)`:
// the listener gets the topic's whole state now (when one is known) and whenever it changes. When
// the leader tab closes, the next one leads: it asks every tab what it follows and opens the stream
// again, and each topic's state arrives once more. Any feature may follow a topic; a topic's kind is
// declared in the contract and loaded on the server (src/server/live/).
import { LiveEnvelope, streamLive } from '#contract/console/live.ts';
import { consoleUrl } from '../console-api.ts';
import { joinTabGroup, type TabGroup } from './tab-leader.ts';

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'reconnecting';

type Message =
  | { type: 'wants'; tab: string; topics: string[] }
  | { type: 'bye'; tab: string }
  | { type: 'roll-call' }
  | { type: 'state'; topic: string; data: unknown }
  | { type: 'status'; status: LiveStatus };

type Listener = (data: unknown) => void;

const GROUP = 'lectern-live';
/** Changes of what the tabs follow within this long reopen the stream once. */
const REOPEN_AFTER_MS = 30;
/** Tabs that crashed never said bye: what they followed is asked again now and then. */
const ROLL_CALL_MS = 60_000;
const TAB = Math.random().toString(36).slice(2);

/** Exponential backoff with full jitter, 1 s to 30 s. */
const backoff = (attempt: number) => 500 + Math.random() * Math.min(30_000, 1000 * 2 ** attempt);

export class LiveStream {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly latest = new Map<string, unknown>();
  private readonly statusListeners = new Set<() => void>();
  private group: TabGroup<Message> | null = null;
  private leader = false;
  /** Leader: what the other tabs follow. */
  private others = new Map<string, string[]>();
  private source: EventSource | null = null;
  private openKey = '';
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private current: LiveStatus = 'idle';

  constructor(
    private readonly open: (url: string) => EventSource = (url) => new EventSource(url),
    private readonly join: typeof joinTabGroup<Message> = joinTabGroup,
  ) {}

  /** Follows `topic`: `listener` gets its state now (if known) and on every change. */
  follow(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    if (this.latest.has(topic)) {
      const known = this.latest.get(topic);
      queueMicrotask(() => {
        if (set.has(listener)) listener(known);
      });
    }
    this.joinGroup();
    this.wantsChanged();
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(topic);
      this.latest.delete(topic);
      this.wantsChanged();
    };
  }

  get status(): LiveStatus {
    return this.current;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private get ownTopics(): string[] {
    return [...this.listeners.keys()];
  }

  private joinGroup(): void {
    if (this.group) return;
    const group = this.join(GROUP, (message) => this.onMessage(message));
    this.group = group;
    void group.leading.then(() => this.lead());
    addEventListener('pagehide', () => group.post({ type: 'bye', tab: TAB }));
  }

  private wantsChanged(): void {
    this.group?.post({ type: 'wants', tab: TAB, topics: this.ownTopics });
    if (this.leader) this.scheduleReopen();
  }

  private onMessage(message: Message): void {
    switch (message.type) {
      case 'wants':
        if (!this.leader) return;
        this.others.set(message.tab, message.topics);
        for (const topic of message.topics)
          if (this.latest.has(topic))
            this.group?.post({ type: 'state', topic, data: this.latest.get(topic) });
        this.scheduleReopen();
        return;
      case 'bye':
        if (!this.leader) return;
        this.others.delete(message.tab);
        this.scheduleReopen();
        return;
      case 'roll-call':
        this.group?.post({ type: 'wants', tab: TAB, topics: this.ownTopics });
        return;
      case 'state':
        if (!this.leader) this.deliver(message.topic, message.data);
        return;
      case 'status':
        if (!this.leader) this.setStatus(message.status);
    }
  }

  private lead(): void {
    this.leader = true;
    this.group?.post({ type: 'roll-call' });
    this.scheduleReopen();
    setInterval(() => {
      this.others = new Map();
      this.group?.post({ type: 'roll-call' });
      this.scheduleReopen();
    }, ROLL_CALL_MS);
  }

  private scheduleReopen(): void {
    clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => this.reopen(), REOPEN_AFTER_MS);
  }

  /** Opens the stream for every followed topic, unless it is open for exactly those already. */
  private reopen(force = false): void {
    const topics = new Set(this.ownTopics);
    for (const list of this.others.values()) for (const topic of list) topics.add(topic);
    const key = [...topics].sort().join(',');
    if (!force && key === this.openKey && this.source) return;
    this.source?.close();
    this.source = null;
    this.openKey = key;
    clearTimeout(this.retryTimer);
    if (key === '') return this.setStatus('idle');
    this.setStatus(this.failures > 0 ? 'reconnecting' : 'connecting');
    const source = this.open(consoleUrl(streamLive, { query: { topics: key } }));
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
      this.setStatus('live');
    };
    source.onmessage = (event: MessageEvent<string>) => {
      let envelope;
      try {
        envelope = LiveEnvelope.parse(JSON.parse(event.data));
      } catch {
        return;
      }
      this.deliver(envelope.topic, envelope.data);
      this.group?.post({ type: 'state', topic: envelope.topic, data: envelope.data });
    };
    source.onerror = () => {
      this.setStatus('reconnecting');
      // The browser reconnects by itself after a dropped connection; not after an HTTP error.
      if (source.readyState !== EventSource.CLOSED) return;
      this.retryTimer = setTimeout(() => this.reopen(true), backoff(this.failures++));
    };
  }

  private deliver(topic: string, data: unknown): void {
    const set = this.listeners.get(topic);
    if (!set) return;
    this.latest.set(topic, data);
    for (const listener of set) listener(data);
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.current) return;
    this.current = status;
    if (this.leader) this.group?.post({ type: 'status', status });
    for (const listener of this.statusListeners) listener();
  }
}

/** The console's one live stream. */
export const liveStream = new LiveStream();
