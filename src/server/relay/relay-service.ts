// The event relay: the leader's pollers store the feed, every server streams the store to its own
// browsers and answers history pages from it. Browsers never poll the feed themselves, so any number of
// them cost the feed's throttle nothing.
//
// Several console servers share one relay: only the leader (the holder of the database lease, see
// storage/coordination.ts) polls and applies retention (poller-group.ts); followers show the state the
// leader stores (follower-view.ts). Every server streams every stored event to its own browsers: the
// store is followed by seq, and "new events" notifications reach every server.
import type { ServerResponse } from 'node:http';
import type { RelayLeadership } from '#contract/console/health.ts';
import { encodeCursor } from '#contract/console/pages.ts';
import type { EventHistoryPage, RelayStatus } from '#contract/console/relay.ts';
import type { Leadership } from '../storage/coordination.ts';
import type { HistoryFilter } from '../storage/relay-repository.ts';
import { createFollowerView } from './follower-view.ts';
import {
  createPollerGroup,
  type CheckpointListener,
  type PollerGroupDeps,
} from './poller-group.ts';
import { SseConnection } from './sse-connection.ts';

const FOLLOWER_REFRESH_MS = 1000;

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
  let leadership: Leadership | null = null;
  let refreshTimer: NodeJS.Timeout | undefined;
  // Bumped by every change of leadership, so a slow start that lost the lease meanwhile backs off.
  let term = 0;
  let transition: Promise<void> = Promise.resolve();
  let started = false;

  const leading = () => pollers.running;
  const refreshQuietly = () => follower.refreshQuietly(leading);

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

  async function lead(myTerm: number): Promise<void> {
    const rows = await repo.kindStates();
    if (myTerm !== term) return;
    pollers.start(rows);
    log.info({ server: coordination.serverName }, 'relay leadership taken: polling the feed');
    coordination.publish('relay', '');
  }

  async function follow(): Promise<void> {
    if (await pollers.stop()) log.warn('relay leadership lost: stopped polling');
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
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const subscriber of subscribers) subscriber.close();
      subscribers.clear();
      ++term;
      await transition;
      // Stop polling first, then give the lease up: the next leader never overlaps this one.
      await pollers.stop();
      await leadership?.stop();
      leadership = null;
    },
    status,
    leadership(): RelayLeadership {
      if (config.kinds.length === 0) return { role: 'off', leader: null, since: null };
      return leading()
        ? { role: 'leader', leader: coordination.serverName, since: leadership?.since ?? null }
        : { role: 'follower', leader: follower.leader, since: null };
    },
    /** Stored events, newest first: the ones before `cursor` (a seq) that match the filter. */
    async history(
      filter: HistoryFilter,
      cursor: number | undefined,
      limit: number,
    ): Promise<EventHistoryPage> {
      const rows = await repo.history(filter, cursor, limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      return {
        items: page.map((row) => ({
          seq: row.seq,
          receivedAt: new Date(row.received_at).toISOString(),
          event: JSON.parse(row.payload) as unknown,
        })),
        pageInfo: {
          hasMore,
          ...(hasMore ? { cursor: encodeCursor(page[page.length - 1]!.seq) } : {}),
        },
      };
    },
    /**
     * Streams the store to `res` from after `resumeFrom` (a seq), or live when there is none; an id
     * from a wiped store restarts from its end. The stream is started; close `res` to end it.
     */
    async openStream(
      res: ServerResponse,
      options: { kinds: readonly string[] | null; resumeFrom: string | undefined },
    ): Promise<SseConnection> {
      const maxSeq = await repo.maxSeq();
      const afterSeq =
        options.resumeFrom === undefined ? maxSeq : Math.min(Number(options.resumeFrom), maxSeq);
      return new SseConnection(res, {
        repo,
        kinds: options.kinds,
        afterSeq,
        heartbeatMs: config.heartbeatMs,
        status,
      });
    },
    subscribe(connection: SseConnection): () => void {
      subscribers.add(connection);
      return () => subscribers.delete(connection);
    },
    onCheckpoint(listener: CheckpointListener): () => void {
      checkpointListeners.add(listener);
      return () => checkpointListeners.delete(listener);
    },
    applyRetention: pollers.applyRetention,
    get subscriberCount() {
      return subscribers.size;
    },
  };
}
export type RelayService = ReturnType<typeof createRelayService>;
