// The console's live stream (src/contract/console/live.ts): browsers follow topics, and each message is
// a topic's whole state, loaded from the database. Another service makes a kind of topic live with
// `addKind(kind, { channel, load })`: when a notification on `channel` names a key (from this server or
// another one sharing the database), the topic `kind:key` is loaded once and written to every stream
// that follows it. A notification only says "look again"; a lost one is repaired by the next, or by
// `onResync` (every followed topic is loaded again once the database link is back).
//
// Loads of one topic are coalesced: a burst of notifications costs one read per topic, not one per
// notification, and a topic nobody here follows costs nothing.
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { LiveKind } from '#contract/console/live.ts';
import type { Channel, Coordination } from '../storage/coordination.ts';
import { LiveConnection } from './live-connection.ts';

export interface LiveKindSource {
  /** The channel whose messages name the key that changed. */
  channel: Channel;
  load(key: string): Promise<unknown>;
}

export function createLiveService(deps: {
  coordination: Coordination;
  log: Logger;
  /** How often an idle stream gets a comment (keeps proxies from timing it out). */
  keepAliveMs: number;
}) {
  const { coordination, log } = deps;
  const kinds = new Map<string, LiveKindSource>();
  /** topic -> the open streams following it. */
  const followers = new Map<string, Set<LiveConnection>>();
  const connections = new Set<LiveConnection>();
  const loading = new Map<string, Promise<void>>();
  const dirty = new Set<string>();
  const unsubscribers: (() => void)[] = [];

  async function load(topic: string): Promise<unknown> {
    const colon = topic.indexOf(':');
    const source = kinds.get(topic.slice(0, colon));
    if (!source) throw new Error(`no live source for ${topic}`);
    return source.load(topic.slice(colon + 1));
  }

  /** Loads the topic once and writes it to its followers; a change during the load loads it again. */
  function refresh(topic: string): void {
    if (!followers.has(topic)) return;
    if (loading.has(topic)) {
      dirty.add(topic);
      return;
    }
    const run = (async () => {
      do {
        dirty.delete(topic);
        try {
          const state = await load(topic);
          for (const connection of followers.get(topic) ?? []) connection.send(topic, state);
        } catch (error) {
          log.warn(
            { err: error, topic },
            'live topic could not be read; its followers keep the last state',
          );
        }
      } while (dirty.has(topic) && followers.has(topic));
    })().finally(() => loading.delete(topic));
    loading.set(topic, run);
  }

  return {
    addKind(kind: LiveKind, source: LiveKindSource): void {
      kinds.set(kind, source);
      unsubscribers.push(
        coordination.subscribe(source.channel, (key) => refresh(`${kind}:${key}`)),
      );
    },

    /** Starts following `topics` on `res` (head written by the caller): each topic's state first. */
    open(res: ServerResponse, topics: readonly string[]): LiveConnection {
      const connection = new LiveConnection(res, deps.keepAliveMs);
      connections.add(connection);
      for (const topic of topics) {
        let set = followers.get(topic);
        if (!set) followers.set(topic, (set = new Set()));
        set.add(connection);
      }
      res.on('close', () => {
        connections.delete(connection);
        for (const topic of topics) {
          const set = followers.get(topic);
          set?.delete(connection);
          if (set?.size === 0) followers.delete(topic);
        }
      });
      connection.start();
      for (const topic of topics)
        void load(topic).then(
          (state) => connection.send(topic, state),
          (error: unknown) => {
            log.warn({ err: error, topic }, 'live topic could not be read for a new stream');
            connection.close();
          },
        );
      return connection;
    },

    start(): void {
      unsubscribers.push(
        coordination.onResync(() => {
          for (const topic of followers.keys()) refresh(topic);
        }),
      );
    },

    stop(): void {
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const connection of connections) connection.close();
      connections.clear();
      followers.clear();
    },

    get streamCount(): number {
      return connections.size;
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
