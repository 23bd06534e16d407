// The coordination of the configured engine: PostgreSQL's link for several servers, or the one-process
// bus with SQLite (the one server leads the relay).
import type { ConsoleStore } from './database.ts';
import { LocalBus, type Coordination, type CoordinationOptions } from './coordination.ts';
import { createPostgresLink } from './postgres-coordination.ts';

export async function createCoordination(
  store: ConsoleStore,
  options: CoordinationOptions,
): Promise<Coordination> {
  return store.postgres
    ? createPostgresLink(store.postgres, options)
    : createLocalCoordination(options.serverName);
}

function createLocalCoordination(serverName: string): Coordination {
  const bus = new LocalBus();
  return {
    serverName,
    publish: (channel, message) => bus.deliver(channel, message),
    subscribe: (channel, listener) => bus.on(channel, listener),
    onResync: (listener) => bus.on('resync', listener),
    campaign(handlers) {
      const since = Date.now();
      let stopped = false;
      queueMicrotask(() => {
        if (!stopped) handlers.elected();
      });
      return {
        get isLeader() {
          return !stopped;
        },
        get since() {
          return stopped ? null : since;
        },
        async stop() {
          stopped = true;
        },
      };
    },
    leaderName: async () => serverName,
    close: async () => undefined,
  };
}
