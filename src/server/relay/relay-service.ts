// The event relay: one poller per configured kind, the store, SSE subscribers and retention. Browsers
// never poll the feed themselves, so any number of them cost the feed's throttle nothing.
import type { Logger } from 'pino';
import type { RelayConfig } from '../config.ts';
import type { RelayRepo } from '../storage/relay-repo.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import { KindPoller, type KindStatus, type ThrottleGate } from './kind-poller.ts';
import type { SseConnection } from './sse-connection.ts';

const DAY_MS = 86_400_000;
const RETENTION_EVERY_MS = 3_600_000;

export interface RelayStatus {
  kinds: KindStatus[];
  /** Shared throttle: no kind polls before this time (epoch ms), or null. */
  throttledUntil: number | null;
}

export type CheckpointListener = (kind: string, checkpoint: number, maxSeq: number) => void;

export function createRelay(deps: {
  upstream: Upstream;
  repo: RelayRepo;
  config: RelayConfig;
  now: () => number;
  log: Logger;
  random?: () => number;
}) {
  const { repo, config, now, log } = deps;
  const gate: ThrottleGate = { until: 0 };
  const subscribers = new Set<SseConnection>();
  const checkpointListeners = new Set<CheckpointListener>();
  const significant = new Map<string, string>();
  let retentionTimer: NodeJS.Timeout | undefined;
  let started = false;

  const status = (): RelayStatus => ({
    kinds: pollers.map((poller) => poller.snapshot()),
    throttledUntil: gate.until > now() ? gate.until : null,
  });

  const pollers = config.kinds.map(
    (kind) =>
      new KindPoller(kind, {
        upstream: deps.upstream,
        repo,
        config,
        gate,
        now,
        random: deps.random ?? Math.random,
        log,
        initialStartDate: () => now() - config.retentionDays * DAY_MS,
        onStored: () => {
          for (const subscriber of subscribers) subscriber.notifyEvents();
        },
        onStatus: (kindStatus) => {
          // Subscribers hear about changes of state, error or throttle, not every successful poll.
          const signature = `${kindStatus.state}|${kindStatus.error}|${kindStatus.throttledUntil}`;
          if (significant.get(kindStatus.kind) === signature) return;
          significant.set(kindStatus.kind, signature);
          if (subscribers.size === 0) return;
          const snapshot = status();
          for (const subscriber of subscribers) subscriber.sendStatus(snapshot);
        },
        onCheckpoint: (kind, checkpoint, maxSeq) => {
          for (const listener of checkpointListeners) listener(kind, checkpoint, maxSeq);
        },
      }),
  );

  function applyRetention(): void {
    try {
      const deleted = repo.deleteOlderThan(now() - config.retentionDays * DAY_MS);
      if (deleted) log.info({ deleted }, 'relay retention removed old events');
    } catch (error) {
      log.error({ err: error }, 'relay retention failed');
    }
  }

  return {
    start(): void {
      if (started) return;
      started = true;
      applyRetention();
      retentionTimer = setInterval(applyRetention, RETENTION_EVERY_MS);
      retentionTimer.unref();
      for (const poller of pollers) poller.start();
    },
    async stop(): Promise<void> {
      clearInterval(retentionTimer);
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      await Promise.all(pollers.map((poller) => poller.stop()));
    },
    status,
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
