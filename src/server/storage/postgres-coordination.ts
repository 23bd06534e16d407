// PostgreSQL side of coordination.ts: LISTEN/NOTIFY on a connection of its own (reconnected with backoff,
// followed by a resync), and the relay lease as a session advisory lock on another dedicated connection.
// A server killed outright closes its sockets, PostgreSQL ends its session and the lock is free at once;
// the other servers try to take it every `leaseCheckMs`. A leader whose lease connection stops answering
// steps down by itself; the connection asks PostgreSQL for short TCP keepalives, so a leader cut off by
// the network loses the lock within seconds too.
import pg from 'pg';
import {
  CHANNELS,
  LocalBus,
  type Channel,
  type Coordination,
  type CoordinationOptions,
  type Lease,
  type Leadership,
  type LeadershipHandlers,
} from './coordination.ts';

/** Each lease is a session advisory lock (scoped to the database, so test databases do not meet). */
export const LEASE_KEYS: Record<Lease, number> = { relay: 7_365_010, schedules: 7_365_023 };
const APPLICATION_PREFIX = 'lectern-relay:';

const pgChannel = (channel: Channel) => `lectern_${channel}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export async function createPostgresLink(
  postgres: { connection: pg.ClientConfig; pool: pg.Pool },
  options: CoordinationOptions,
): Promise<Coordination> {
  const { serverName, log, leaseCheckMs } = options;
  const bus = new LocalBus();
  const byPgChannel = new Map(CHANNELS.map((channel) => [pgChannel(channel), channel]));
  let listener: pg.Client | null = null;
  let closed = false;
  const campaigns = new Set<Leadership>();

  async function listen(): Promise<void> {
    const client = new pg.Client({
      ...postgres.connection,
      application_name: `lectern-listen:${serverName}`.slice(0, 63),
    });
    client.on('notification', (message) => {
      const channel = byPgChannel.get(message.channel);
      if (channel && message.payload !== undefined) bus.receive(channel, message.payload);
    });
    let established = false;
    const lost = (error?: Error) => {
      if (!established || listener !== client) return;
      listener = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error }, 'database notifications lost; reconnecting');
      void relisten();
    };
    // Listening before connecting: an 'error' without a listener would crash the process.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      for (const channel of CHANNELS) await client.query(`LISTEN ${pgChannel(channel)}`);
    } catch (error) {
      void client.end().catch(() => undefined);
      throw error;
    }
    established = true;
    listener = client;
  }

  async function relisten(): Promise<void> {
    for (let attempt = 0; !closed; attempt++) {
      await sleep(Math.min(5000, 250 * 2 ** attempt));
      if (closed) return;
      try {
        await listen();
        log.info('database notifications restored');
        bus.resync();
        return;
      } catch {
        // Still unreachable: try again.
      }
    }
  }

  await listen();

  return {
    serverName,
    publish(channel, message) {
      bus.deliver(channel, message);
      postgres.pool
        .query('SELECT pg_notify($1, $2)', [pgChannel(channel), bus.wire(message)])
        .catch((error: unknown) =>
          log.warn({ err: error, channel }, 'could not notify the other console servers'),
        );
    },
    subscribe: (channel, listener) => bus.on(channel, listener),
    onResync: (listener) => bus.on('resync', listener),
    campaign(handlers, lease = 'relay') {
      const leadership = new AdvisoryLease(
        postgres.connection,
        serverName,
        leaseCheckMs,
        handlers,
        LEASE_KEYS[lease],
        // A leader that stops (SIGTERM) gives its lease up: tell the others to try now, not at their
        // next check, so the next leader starts within a round trip.
        // Awaited by stop(), so the announcement is out before the pool closes behind it.
        () =>
          postgres.pool
            .query('SELECT pg_notify($1, $2)', [pgChannel('leases'), bus.wire(lease)])
            .then(
              () => undefined,
              (error: unknown) => log.warn({ err: error }, 'could not announce a lease given up'),
            ),
      );
      campaigns.add(leadership);
      const unsubscribe = bus.on('leases', (given) => {
        if (given === lease) leadership.wake();
      });
      leadership.run();
      return {
        get isLeader() {
          return leadership.isLeader;
        },
        get since() {
          return leadership.since;
        },
        async stop() {
          unsubscribe();
          campaigns.delete(leadership);
          await leadership.stop();
        },
      };
    },
    async leaderName(lease = 'relay') {
      const { rows } = await postgres.pool.query<{ application_name: string }>(
        `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1
           AND l.objsubid = 1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [LEASE_KEYS[lease]],
      );
      const name = rows[0]?.application_name;
      return name?.startsWith(APPLICATION_PREFIX) ? name.slice(APPLICATION_PREFIX.length) : null;
    },
    async close() {
      closed = true;
      await Promise.all([...campaigns].map((campaign) => campaign.stop()));
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

class AdvisoryLease implements Leadership {
  private client: pg.Client | null = null;
  private stopped = false;
  private leading: number | null = null;
  private loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly serverName: string,
    private readonly checkMs: number,
    private readonly handlers: LeadershipHandlers,
    private readonly key: number,
    private readonly released: () => Promise<void>,
  ) {}

  get isLeader(): boolean {
    return this.leading !== null;
  }

  get since(): number | null {
    return this.leading;
  }

  /** Another server gave the lease up: try now instead of at the next check. */
  wake(): void {
    // Not napping (a lock attempt in flight): the next nap is skipped instead, so the news is not lost.
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Waits `checkMs`, or less when woken. */
  private nap(): Promise<void> {
    // Stopping: stop() waits for the loop to end, so a nap begun after its wake-up call must not be taken.
    if (this.stopped) return Promise.resolve();
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, this.checkMs);
      timer.unref();
      this.wakeUp = done;
    });
  }

  run(): void {
    this.loop = this.campaign();
  }

  private async campaign(): Promise<void> {
    while (!this.stopped) {
      try {
        const client = await this.connect();
        while (!this.stopped && this.client === client) {
          if (this.leading === null) {
            const { rows } = await client.query<{ locked: boolean }>(
              'SELECT pg_try_advisory_lock($1) AS locked',
              [this.key],
            );
            if (rows[0]?.locked) {
              // Held even when stop() came meanwhile: stop() gives it up and tells the others.
              this.leading = Date.now();
              if (!this.stopped) this.handlers.elected();
            }
          } else {
            // The lease lives as long as this connection: check that it still answers.
            await client.query('SELECT 1');
          }
          await this.nap();
        }
      } catch {
        // The connection failed: whatever we held is gone with it.
      }
      // Stopping: the connection is stop()'s now. Closing it here would cut the unlock stop() sends on
      // it (pg destroys the socket under a query in flight), and the others would not hear the lease
      // is free until their next check.
      if (this.stopped) return;
      this.dropConnection();
      // A nap, not a sleep: stop() (and a lease given up) cut it short.
      await this.nap();
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      ...this.connection,
      application_name: `${APPLICATION_PREFIX}${this.serverName}`.slice(0, 63),
      // A check that does not answer in time means the lease may be gone: step down.
      query_timeout: Math.max(2000, this.checkMs * 2),
    });
    const lost = () => {
      if (this.client === client) this.dropConnection();
    };
    client.on('error', lost);
    client.on('end', lost);
    this.client = client;
    await client.connect();
    // Let PostgreSQL notice a leader cut off by the network within seconds, not hours.
    await client.query(
      'SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3',
    );
    return client;
  }

  private dropConnection(): void {
    const client = this.client;
    this.client = null;
    if (this.leading !== null) {
      this.leading = null;
      this.handlers.deposed();
    }
    if (client) {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    // Let the campaign finish the query it has in flight: the unlock must not race it.
    await this.loop;
    const client = this.client;
    this.client = null;
    if (client && this.leading !== null) {
      const unlocked = await client
        .query('SELECT pg_advisory_unlock($1)', [this.key])
        .then(() => true)
        .catch(() => false);
      if (unlocked) await this.released();
    }
    this.leading = null;
    if (client) {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
