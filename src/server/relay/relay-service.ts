// The event relay: the leader's pollers store the feed, every server streams the store to its own
// browsers and answers history pages from it. Browsers never poll the feed themselves, so any number of
// them cost the feed's throttle nothing.
//
// Several console servers share one relay: only the leader (the holder of the database lease, see
// storage/coordination.ts, leader-election.ts) polls and applies retention (poller-group.ts); followers
// show the state the leader stores (follower-view.ts). Every server streams every stored event to its
// own browsers (event-reads.ts): the store is followed by seq, and "new events" notifications reach
// every server.
import type { RelayLeadership } from '#contract/console/health.ts';
import type { RelayStatus } from '#contract/console/relay.ts';
import { createLeaderDuties, type LeaderDuty } from '../storage/leader-duties.ts';
import { createEventReads } from './event-reads.ts';
import { createFollowerView } from './follower-view.ts';
import { createLeaderElection } from './leader-election.ts';
import {
  createPollerGroup,
  type CheckpointListener,
  type PollerGroupDeps,
} from './poller-group.ts';
import type { SseConnection } from './sse-connection.ts';

const FOLLOWER_REFRESH_MS = 1000;
/** How soon a browser whose stream this stopping server ended reconnects (to another server). */
export const SHUTDOWN_RETRY_MS = 1000;

export type RelayServiceDeps = Omit<PollerGroupDeps, 'random' | 'onCheckpoint'> & {
  random?: () => number;
};

export function createRelayService(deps: RelayServiceDeps) {
  const { repo, config, now, log, coordination } = deps;
  const subscribers = new Set<SseConnection>();
  const checkpointListeners = new Set<CheckpointListener>();
  const unsubscribers: (() => void)[] = [];
  const pollers = createPollerGroup({
    ...deps,
    random: deps.random ?? Math.random,
    onCheckpoint: (kind, checkpoint, maxSeq) => {
      for (const listener of checkpointListeners) listener(kind, checkpoint, maxSeq);
    },
  });
  const follower = createFollowerView({ repo, coordination, kinds: config.kinds, now, log });
  const leading = () => pollers.running;
  const duties = createLeaderDuties();
  const refreshQuietly = () => follower.refreshQuietly(leading);
  const election = createLeaderElection({
    coordination,
    repo,
    pollers,
    duties,
    log,
    onFollow: async () => {
      await refreshQuietly();
      broadcastStatus();
    },
  });
  let refreshTimer: NodeJS.Timeout | undefined;
  let started = false;

  const status = (): RelayStatus =>
    leading()
      ? {
          kinds: pollers.kinds(),
          throttledUntil: pollers.throttledUntil(),
          leader: coordination.serverName,
        }
      : {
          kinds: follower.kinds(),
          throttledUntil: follower.throttledUntil(),
          leader: follower.leader,
        };

  function broadcastStatus(): void {
    if (subscribers.size === 0) return;
    const snapshot = status();
    for (const subscriber of subscribers) subscriber.sendStatus(snapshot);
  }

  function wakeSubscribers(): void {
    for (const subscriber of subscribers) subscriber.notifyEvents();
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
      election.start();
    },
    async stop(): Promise<void> {
      started = false;
      clearInterval(refreshTimer);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const subscriber of subscribers) subscriber.closeForShutdown(SHUTDOWN_RETRY_MS);
      subscribers.clear();
      await election.stop();
    },
    status,
    leadership(): RelayLeadership {
      if (config.kinds.length === 0) return { role: 'off', leader: null, since: null };
      return leading()
        ? { role: 'leader', leader: coordination.serverName, since: election.since }
        : { role: 'follower', leader: follower.leader, since: null };
    },
    ...createEventReads(repo, { heartbeatMs: config.heartbeatMs, status }),
    subscribe(connection: SseConnection): () => void {
      subscribers.add(connection);
      return () => subscribers.delete(connection);
    },
    onCheckpoint(listener: CheckpointListener): () => void {
      checkpointListeners.add(listener);
      return () => checkpointListeners.delete(listener);
    },
    applyRetention: pollers.applyRetention,
    /**
     * Runs `duty` while this server leads the relay (started with the pollers, stopped before them);
     * returns its removal. The way for other work to run on the relay's leader only.
     */
    whileLeading: (duty: LeaderDuty): (() => Promise<void>) => duties.add(duty),
    get subscriberCount() {
      return subscribers.size;
    },
  };
}
export type RelayService = ReturnType<typeof createRelayService>;
