// The event relay: one poller per configured kind, the store, SSE subscribers and retention. Browsers
// never poll the feed themselves, so any number of them cost the feed's throttle nothing.
//
// Several console servers share one relay: only the leader (the holder of the database lease, see
// storage/coordination.ts) polls and applies retention; it starts from the stored checkpoints and the
// stored throttle, so a new leader carries on where the last one stopped. Every server streams every
// stored event to its own browsers: the store is followed by seq, and "new events" notifications reach
// every server. Followers read the pollers' state from the database (refreshed every second and on
// each change the leader announces).
import type { Logger } from 'pino';
import type { RelayConfig } from '../config.ts';
import type { Coordination, Leadership } from '../storage/coordination.ts';
import type { KindStateRow, RelayRepository } from '../storage/relay-repository.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import { KindPoller, type KindStatus, type PollerState, type ThrottleGate } from './kind-poller.ts';
import type { SseConnection } from './sse-connection.ts';

const DAY_MS = 86_400_000;
const RETENTION_EVERY_MS = 3_600_000;
const FOLLOWER_REFRESH_MS = 1000;

export interface RelayStatus {
  kinds: KindStatus[];
  /** Shared throttle: no kind polls before this time (epoch ms), or null. */
  throttledUntil: number | null;
  /** The console server whose relay polls the feed now, or null while none does. */
  leader: string | null;
}

export interface RelayLeadership {
  /** `off`: this server relays no kinds (LECTERN_RELAY_KINDS=none). */
  role: 'leader' | 'follower' | 'off';
  leader: string | null;
  /** When this server became the leader (epoch ms). */
  since: number | null;
}

export type CheckpointListener = (kind: string, checkpoint: number, maxSeq: number) => void;

export function createRelay(deps: {
  upstream: Upstream;
  repo: RelayRepository;
  config: RelayConfig;
  now: () => number;
  log: Logger;
  coordination: Coordination;
  random?: () => number;
}) {
  const { repo, config, now, log, coordination } = deps;
  const gate: ThrottleGate = { until: 0 };
  const subscribers = new Set<SseConnection>();
  const checkpointListeners = new Set<CheckpointListener>();
  const significant = new Map<string, string>();
  const unsubscribers: (() => void)[] = [];
  let pollers: KindPoller[] = [];
  let followerKinds: KindStatus[] = config.kinds.map((kind) => statusFromRow({ kind }, now()));
  let leaderName: string | null = null;
  let leadership: Leadership | null = null;
  let retentionTimer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  // Bumped by every change of leadership, so a slow start that lost the lease meanwhile backs off.
  let term = 0;
  let transition: Promise<void> = Promise.resolve();
  let started = false;

  const leading = () => pollers.length > 0;

  const status = (): RelayStatus => ({
    kinds: leading() ? pollers.map((poller) => poller.snapshot()) : followerKinds.map(withLag),
    throttledUntil: leading()
      ? gate.until > now()
        ? gate.until
        : null
      : maxOrNull(followerKinds.map((kind) => kind.throttledUntil).filter((t) => t! > now())),
    leader: leading() ? coordination.serverName : leaderName,
  });

  function withLag(kind: KindStatus): KindStatus {
    return {
      ...kind,
      lagMs: kind.lastSuccessAt === null ? null : Math.max(0, now() - kind.lastSuccessAt),
    };
  }

  function broadcastStatus(): void {
    if (subscribers.size === 0) return;
    const snapshot = status();
    for (const subscriber of subscribers) subscriber.sendStatus(snapshot);
  }

  function wakeSubscribers(): void {
    for (const subscriber of subscribers) subscriber.notifyEvents();
  }

  function makePoller(kind: string, row: KindStateRow): KindPoller {
    return new KindPoller(kind, row, {
      upstream: deps.upstream,
      repo,
      config,
      gate,
      now,
      random: deps.random ?? Math.random,
      log,
      initialStartDate: () => now() - config.retentionDays * DAY_MS,
      onStored: () => coordination.publish('events', ''),
      onStatus: (kindStatus) => {
        // Subscribers hear about changes of state, error or throttle, not every successful poll.
        const signature = `${kindStatus.state}|${kindStatus.error}|${kindStatus.throttledUntil}`;
        if (significant.get(kindStatus.kind) === signature) return;
        significant.set(kindStatus.kind, signature);
        coordination.publish('relay', '');
      },
      onCheckpoint: (kind, checkpoint, maxSeq) => {
        for (const listener of checkpointListeners) listener(kind, checkpoint, maxSeq);
      },
    });
  }

  async function refreshFromStore(): Promise<void> {
    if (leading()) return;
    const [rows, leader] = await Promise.all([repo.kindStates(), coordination.leaderName()]);
    if (leading()) return;
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    followerKinds = config.kinds.map((kind) => statusFromRow(byKind.get(kind) ?? { kind }, now()));
    leaderName = leader;
  }

  function refreshQuietly(): Promise<void> {
    return refreshFromStore().catch((error: unknown) =>
      log.debug({ err: error }, 'relay status refresh failed'),
    );
  }

  async function lead(myTerm: number): Promise<void> {
    const rows = await repo.kindStates();
    if (myTerm !== term) return;
    const byKind = new Map(rows.map((row) => [row.kind, row]));
    // A Retry-After the last leader was given still holds for this one: same key, same bucket.
    gate.until = Math.max(0, ...rows.map((row) => row.throttled_until ?? 0));
    significant.clear();
    pollers = config.kinds.map((kind) => makePoller(kind, byKind.get(kind)!));
    log.info({ server: coordination.serverName }, 'relay leadership taken: polling the feed');
    void applyRetention();
    retentionTimer = setInterval(() => void applyRetention(), RETENTION_EVERY_MS);
    retentionTimer.unref();
    for (const poller of pollers) poller.start();
    coordination.publish('relay', '');
  }

  async function follow(): Promise<void> {
    clearInterval(retentionTimer);
    const stopping = pollers;
    pollers = [];
    await Promise.all(stopping.map((poller) => poller.stop()));
    if (stopping.length) log.warn('relay leadership lost: stopped polling');
    await refreshQuietly();
    broadcastStatus();
  }

  function changeLeadership(step: () => Promise<void>): void {
    transition = transition.then(step).catch((error: unknown) => {
      log.error({ err: error }, 'relay leadership change failed');
      // Could not start polling (the database failed in between): let another server lead.
      if (leadership?.isLeader) void restartCampaign();
    });
  }

  async function restartCampaign(): Promise<void> {
    await leadership?.stop();
    if (started) campaign();
  }

  function campaign(): void {
    leadership = coordination.campaign({
      elected: () => {
        const myTerm = ++term;
        changeLeadership(() => lead(myTerm));
      },
      deposed: () => {
        ++term;
        changeLeadership(follow);
      },
    });
  }

  async function applyRetention(): Promise<void> {
    try {
      const deleted = await repo.deleteOlderThan(now() - config.retentionDays * DAY_MS);
      if (deleted) log.info({ deleted }, 'relay retention removed old events');
    } catch (error) {
      log.error({ err: error }, 'relay retention failed');
    }
  }

  return {
    /** Joins the cluster's relay: campaigns for the lease, follows the store meanwhile. */
    async start(): Promise<void> {
      if (started || config.kinds.length === 0) return;
      started = true;
      for (const kind of config.kinds) await repo.ensureKind(kind);
      unsubscribers.push(
        coordination.subscribe('events', wakeSubscribers),
        coordination.subscribe('relay', () => {
          if (leading()) return broadcastStatus();
          void refreshQuietly().then(broadcastStatus);
        }),
        coordination.onResync(() => {
          wakeSubscribers();
          void refreshQuietly().then(broadcastStatus);
        }),
      );
      await refreshQuietly();
      refreshTimer = setInterval(() => void refreshQuietly(), FOLLOWER_REFRESH_MS);
      refreshTimer.unref();
      campaign();
    },
    async stop(): Promise<void> {
      started = false;
      clearInterval(refreshTimer);
      clearInterval(retentionTimer);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      ++term;
      await transition;
      // Stop polling first, then give the lease up: the next leader never overlaps this one.
      await Promise.all(pollers.map((poller) => poller.stop()));
      pollers = [];
      await leadership?.stop();
      leadership = null;
    },
    status,
    leadership(): RelayLeadership {
      if (config.kinds.length === 0) return { role: 'off', leader: null, since: null };
      return leading()
        ? { role: 'leader', leader: coordination.serverName, since: leadership?.since ?? null }
        : { role: 'follower', leader: leaderName, since: null };
    },
    subscribe(connection: SseConnection): () => void {
      subscribers.add(connection);
      return () => subscribers.delete(connection);
    },
    onCheckpoint(listener: CheckpointListener): () => void {
      checkpointListeners.add(listener);
      return () => checkpointListeners.delete(listener);
    },
    applyRetention,
    get subscriberCount() {
      return subscribers.size;
    },
  };
}
export type Relay = ReturnType<typeof createRelay>;

function statusFromRow(row: Partial<KindStateRow> & { kind: string }, now: number): KindStatus {
  return {
    kind: row.kind,
    state: (row.state as PollerState | null) ?? 'starting',
    checkpoint: row.checkpoint ?? null,
    lastSuccessAt: row.last_success_at ?? null,
    lagMs: row.last_success_at == null ? null : Math.max(0, now - row.last_success_at),
    error: row.last_error ?? null,
    errorAt: row.last_error_at ?? null,
    throttledUntil: row.throttled_until ?? null,
    nextPollAt: row.next_poll_at ?? null,
    storedTotal: row.stored_total ?? 0,
  };
}

function maxOrNull(values: (number | null)[]): number | null {
  const numbers = values.filter((value): value is number => value !== null);
  return numbers.length ? Math.max(...numbers) : null;
}
