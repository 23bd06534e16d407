// The relay's failover under load, on a running cluster: the sandbox produces events at a fixed rate
// while ~20% of feed requests fail (429, 500, connection resets), one SSE client ("a browser") watches
// each server, then the relay leader is killed with SIGKILL. The browser that was on it reconnects to
// the survivor with Last-Event-ID, as a browser behind the load balancer would. Measured: how long the
// feed went unpolled, whether two servers ever led at once, and whether every browser ended with every
// event exactly once. Used by the cluster test and bench/cluster-failover.ts.
import type { IncomingMessage } from 'node:http';
import type { Db } from '../../../src/server/storage/database.ts';
import { putSettings } from '../../helpers/learner-fixtures.ts';
import type { TestSandbox } from '../../helpers/sandbox.ts';
import { within, type ClusterNode } from './cluster.ts';
import { storedEventCount } from './relay-store.ts';
import { SseReader } from './sse-client.ts';

export interface FailoverOptions {
  sandbox: TestSandbox;
  nodes: [ClusterNode, ClusterNode];
  /** The cluster's database, read by the test for the ground truth of what was stored. */
  db: Db;
  /** A session valid on every node (support role). */
  cookie: string;
  eventsPerMinute: number;
  faultRatePerType: number;
  beforeKillMs: number;
  afterKillMs: number;
}

export interface BrowserResult {
  server: string;
  reconnectedTo: string | null;
  received: number;
  duplicates: number;
  missing: number;
  outOfOrder: number;
}

export interface FailoverResult {
  killed: string;
  survivor: string;
  /** From the SIGKILL to the first feed request of the new leader. */
  feedGapMs: number;
  /** From the SIGKILL to the survivor reporting itself leader. */
  electedMs: number;
  /** Samples (every 100 ms) in which both servers said they led. */
  twoLeaderSamples: number;
  sandboxEvents: number;
  storedEvents: number;
  storedDistinct: number;
  missingFromStore: number;
  browsers: BrowserResult[];
  catchUpMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Browser {
  private reader: SseReader;
  private consumed = 0;
  readonly received: { seq: number; id: string }[] = [];
  reconnectedTo: string | null = null;

  constructor(
    readonly server: ClusterNode,
    private readonly cookie: string,
  ) {
    this.reader = new SseReader(server.http);
  }

  async open(): Promise<void> {
    await this.reader.open('/api/events/stream?lastEventId=0', { cookie: this.cookie });
    if (this.reader.status !== 200)
      throw new Error(`SSE on ${this.server.name}: ${this.reader.status}`);
    // A killed server ends the stream with a socket error: expected here, not a test failure.
    this.reader.ended.catch(() => undefined);
  }

  drain(): void {
    const messages = this.reader.events();
    for (const message of messages.slice(this.consumed))
      this.received.push({ seq: Number(message.id), id: JSON.parse(message.data).id as string });
    this.consumed = messages.length;
  }

  get count(): number {
    return this.received.length + this.reader.events().length - this.consumed;
  }

  /** EventSource's reconnection, through the balancer to another server, from the last id seen. */
  async reconnect(to: ClusterNode): Promise<void> {
    this.drain();
    await this.reader.close();
    this.reconnectedTo = to.name;
    this.reader = new SseReader(to.http);
    this.consumed = 0;
    const last = this.received.at(-1)?.seq ?? 0;
    await this.reader.open('/api/events/stream', {
      cookie: this.cookie,
      'last-event-id': String(last),
    });
    this.reader.ended.catch(() => undefined);
  }

  async close(): Promise<void> {
    this.drain();
    await this.reader.close();
  }
}

const storedCount = (db: Db) => storedEventCount(db);

export async function runFailover(options: FailoverOptions): Promise<FailoverResult> {
  const { sandbox, nodes, db, cookie } = options;
  const feedRequests: number[] = [];
  const onRequest = (request: IncomingMessage) => {
    if (request.url?.startsWith('/incoming/v2/events/')) feedRequests.push(Date.now());
  };
  sandbox.sandbox.app.server.on('request', onRequest);
  const browsers = nodes.map((node) => new Browser(node, cookie));
  try {
    for (const browser of browsers) await browser.open();
    // Exactly one leader, and everyone agrees who.
    let leader: ClusterNode | undefined;
    await within(
      async () => {
        const roles = await Promise.all(
          nodes.map(async (node) => (await node.health()).body.relay),
        );
        leader = nodes.find((_, i) => roles[i]!.role === 'leader');
        return (
          roles.filter((role) => role.role === 'leader').length === 1 &&
          roles.every((role) => role.leader === leader!.name)
        );
      },
      10_000,
      'one relay leader',
      50,
    );
    const killed = leader!;
    const survivor = nodes.find((node) => node !== killed)!;

    const fault = { route: '/events/*', rate: options.faultRatePerType };
    await putSettings(sandbox, {
      seed: 20240601,
      faults: [
        { ...fault, status: 429 },
        { ...fault, status: 500 },
        { ...fault, reset: true },
      ],
      activityPerMinute: options.eventsPerMinute,
    });

    let twoLeaderSamples = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const alive = nodes.filter(
          (node) => node.child.exitCode === null && !node.child.signalCode,
        );
        const roles = await Promise.all(
          alive.map((node) =>
            node.health().then(
              (h) => h.body.relay.role,
              () => 'down',
            ),
          ),
        );
        if (roles.filter((role) => role === 'leader').length > 1) twoLeaderSamples += 1;
        await sleep(100);
      }
    })();

    await sleep(options.beforeKillMs);
    const killedAt = Date.now();
    await killed.kill();
    const electedMs = await within(
      async () => (await survivor.health()).body.relay.role === 'leader',
      15_000,
      'the survivor to take the lease',
    );
    const browserOnKilled = browsers.find((browser) => browser.server === killed)!;
    await browserOnKilled.reconnect(survivor);
    await within(
      () => feedRequests.some((at) => at > killedAt),
      15_000,
      'the feed to be polled again',
    );
    const feedGapMs = feedRequests.find((at) => at > killedAt)! - killedAt;
    await sleep(options.afterKillMs);

    await putSettings(sandbox, { activityPerMinute: 0, faults: [] });
    const stoppedAt = Date.now();
    const sandboxCount = () =>
      sandbox.sandbox.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
    await within(
      async () => (await storedCount(db)) === sandboxCount(),
      60_000,
      'the relay to store every event',
      100,
    );
    const catchUpMs = Date.now() - stoppedAt;
    sampling = false;
    await sampler;
    const total = await storedCount(db);
    await within(
      () => browsers.every((browser) => browser.count >= total),
      15_000,
      'every browser to receive every event',
      50,
    ).catch(() => undefined); // reported below as missing
    await sleep(300);
    for (const browser of browsers) await browser.close();

    const truth = sandbox.sandbox.db.prepare('SELECT id FROM events').pluck().all() as string[];
    const truthSet = new Set(truth);
    const stored = await db.selectFrom('relay_events').select('event_id').execute();
    const storedSet = new Set(stored.map((row) => row.event_id));
    return {
      killed: killed.name,
      survivor: survivor.name,
      feedGapMs,
      electedMs,
      twoLeaderSamples,
      sandboxEvents: truth.length,
      storedEvents: stored.length,
      storedDistinct: storedSet.size,
      missingFromStore: truth.filter((id) => !storedSet.has(id)).length,
      catchUpMs,
      browsers: browsers.map((browser) => {
        const ids = browser.received.map((item) => item.id);
        const seen = new Set(ids);
        let outOfOrder = 0;
        for (let i = 1; i < browser.received.length; i++)
          if (browser.received[i]!.seq <= browser.received[i - 1]!.seq) outOfOrder += 1;
        return {
          server: browser.server.name,
          reconnectedTo: browser.reconnectedTo,
          received: ids.length,
          duplicates: ids.length - seen.size,
          missing: [...truthSet].filter((id) => !seen.has(id)).length,
          outOfOrder,
        };
      }),
    };
  } finally {
    sandbox.sandbox.app.server.off('request', onRequest);
  }
}
