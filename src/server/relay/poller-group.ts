// The leader's work: one poller per configured kind, all behind one throttle gate (the feed is
// throttled per API key, not per kind), and the hourly retention. Started from the stored checkpoints
// and throttle, so a new leader carries on where the last one stopped.
import type { Logger } from 'pino';
import type { KindStatus } from '#contract/console/relay.ts';
import type { RelayConfig } from '../config.ts';
import type { Coordination } from '../storage/coordination.ts';
import type { KindStateRow, RelayRepository } from '../storage/relay-repository.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import { KindPoller, type ThrottleGate } from './kind-poller.ts';

const DAY_MS = 86_400_000;
const RETENTION_EVERY_MS = 3_600_000;

export type CheckpointListener = (kind: string, checkpoint: number, maxSeq: number) => void;

export interface PollerGroupDeps {
  upstream: Upstream;
  repo: RelayRepository;
  config: RelayConfig;
  now: () => number;
  log: Logger;
  coordination: Coordination;
  random: () => number;
  onCheckpoint: CheckpointListener;
}

export function createPollerGroup(deps: PollerGroupDeps) {
  const { repo, config, now, log, coordination } = deps;
  const gate: ThrottleGate = { until: 0 };
  // The last state, error and throttle announced per kind: other servers hear of changes, not polls.
  const significant = new Map<string, string>();
  let pollers: KindPoller[] = [];
  let retentionTimer: NodeJS.Timeout | undefined;

  function makePoller(kind: string, row: KindStateRow): KindPoller {
    return new KindPoller(kind, row, {
      upstream: deps.upstream,
      repo,
      config,
      gate,
      now,
      random: deps.random,
      log,
      initialStartDate: () => now() - config.retentionDays * DAY_MS,
      onStored: () => coordination.publish('events', ''),
      onStatus: (kindStatus) => {
        const signature = `${kindStatus.state}|${kindStatus.error}|${kindStatus.throttledUntil}`;
        if (significant.get(kindStatus.kind) === signature) return;
        significant.set(kindStatus.kind, signature);
        coordination.publish('relay', '');
      },
      onCheckpoint: deps.onCheckpoint,
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
    get running(): boolean {
      return pollers.length > 0;
    },
    /** Starts polling every kind from its stored state (`rows`, one per configured kind). */
    start(rows: readonly KindStateRow[]): void {
      const byKind = new Map(rows.map((row) => [row.kind, row]));
      // A Retry-After the last leader was given still holds for this one: same key, same bucket.
      gate.until = Math.max(0, ...rows.map((row) => row.throttled_until ?? 0));
      significant.clear();
      pollers = config.kinds.map((kind) => makePoller(kind, byKind.get(kind)!));
      void applyRetention();
      retentionTimer = setInterval(() => void applyRetention(), RETENTION_EVERY_MS);
      retentionTimer.unref();
      for (const poller of pollers) poller.start();
    },
    /** Stops every poller (waiting for polls in flight); true when any was running. */
    async stop(): Promise<boolean> {
      clearInterval(retentionTimer);
      const stopping = pollers;
      pollers = [];
      await Promise.all(stopping.map((poller) => poller.stop()));
      return stopping.length > 0;
    },
    kinds: (): KindStatus[] => pollers.map((poller) => poller.snapshot()),
    throttledUntil: (): number | null => (gate.until > now() ? gate.until : null),
    applyRetention,
  };
}
export type PollerGroup = ReturnType<typeof createPollerGroup>;
