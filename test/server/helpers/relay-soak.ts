// The relay under fire: the sandbox simulator produces events at a fixed rate while ~20% of feed requests
// fail (429, 500, connection resets), and an SSE client disconnects and resumes with Last-Event-ID.
// Afterwards every invariant is measured: each event stored exactly once, no checkpoint ever passed an
// event that was not yet stored, and the SSE client saw every event exactly once. Used by the unit test
// (short run) and by bench/relay-soak.ts (the full minute).
import {
  createCourses,
  createLearners,
  createLearningPath,
  learnerAccounts,
  putSettings,
} from '../../helpers/learner-fixtures.ts';
import { startHarness } from './console-harness.ts';
import { storedEventCount } from './relay-store.ts';
import { SseReader } from './sse-client.ts';

export interface SoakOptions {
  durationMs: number;
  eventsPerMinute: number;
  /** Rate of each of the three fault types; 0.07 each makes ~20% of feed requests fail. */
  faultRatePerType: number;
  pollMs: number;
  reconnectEveryMs: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  sandboxEvents: number;
  relayEvents: number;
  relayDistinctIds: number;
  missingFromRelay: number;
  unexpectedInRelay: number;
  checkpointAdvances: number;
  checkpointViolations: number;
  checkpointRegressions: number;
  sseReconnects: number;
  sseReceived: number;
  sseDuplicates: number;
  sseMissing: number;
  sseOutOfOrder: number;
  feedRequests: number;
  statesSeen: string[];
  catchUpMs: number;
  leaks: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runRelaySoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => {});
  const h = await startHarness({
    env: { LECTERN_RELAY_KINDS: 'all', LECTERN_RELAY_POLL_MS: String(options.pollMs) },
    configure: (config) => {
      config.relay.backoffBaseMs = 100;
      config.relay.backoffCapMs = 2000;
      config.relay.heartbeatMs = 1000;
    },
  });
  try {
    await createCourses(h.sandbox, 4);
    createLearningPath(h.sandbox);
    await createLearners(h.sandbox, learnerAccounts(12, 'soak'));

    const checkpoints: { kind: string; checkpoint: number; maxSeq: number }[] = [];
    h.server.relay.onCheckpoint((kind, checkpoint, maxSeq) =>
      checkpoints.push({ kind, checkpoint, maxSeq }),
    );
    const statesSeen = new Set<string>();
    const support = await h.sessionCookie('support@lectern.test', 'support');

    const received: { seq: number; eventId: string }[] = [];
    let reader = new SseReader(h.http);
    let consumed = 0;
    const drain = () => {
      for (const message of reader.events().slice(consumed))
        received.push({ seq: Number(message.id), eventId: JSON.parse(message.data).id });
      consumed = reader.events().length;
    };
    await reader.open('/api/events/stream', { cookie: support });
    let reconnects = 0;

    const fault = { route: '/events/*', rate: options.faultRatePerType };
    await putSettings(h.sandbox, {
      seed: 20240601,
      faults: [
        { ...fault, status: 429 },
        { ...fault, status: 500 },
        { ...fault, reset: true },
      ],
      activityPerMinute: options.eventsPerMinute,
    });
    const started = Date.now();
    let nextReconnect = started + options.reconnectEveryMs;
    log(`soak: ${options.eventsPerMinute}/min for ${options.durationMs / 1000}s under faults`);
    while (Date.now() - started < options.durationMs) {
      for (const kind of h.server.relay.status().kinds) statesSeen.add(kind.state);
      if (Date.now() >= nextReconnect) {
        drain();
        await reader.close();
        await sleep(300); // events keep arriving while the client is away
        const last = received.at(-1)?.seq ?? 0;
        reader = new SseReader(h.http);
        consumed = 0;
        await reader.open('/api/events/stream', { cookie: support, 'last-event-id': String(last) });
        reconnects += 1;
        nextReconnect = Date.now() + options.reconnectEveryMs;
      }
      await sleep(50);
    }

    await putSettings(h.sandbox, { activityPerMinute: 0, faults: [] });
    const stoppedAt = Date.now();
    const sandboxCount = () =>
      h.sandbox.sandbox.db.prepare('SELECT COUNT(*) FROM events').pluck().get() as number;
    const relayCount = () => storedEventCount(h.server.store.db);
    const caughtUp = async () =>
      (await relayCount()) === sandboxCount() &&
      h.server.relay.status().kinds.every((k) => k.state === 'ok' && k.lastSuccessAt! > stoppedAt);
    while (!(await caughtUp())) {
      if (Date.now() - stoppedAt > 60_000) break;
      await sleep(50);
    }
    const catchUpMs = Date.now() - stoppedAt;
    const total = await relayCount();
    const delivered = () => received.length + reader.events().length - consumed;
    await reader
      .waitFor(() => delivered() >= total, 10_000, 'SSE to deliver everything')
      .catch(() => undefined); // measured below as sseMissing
    await sleep(200);
    drain();
    await reader.close();

    // Ground truth: the sandbox's own events table.
    const truth = h.sandbox.sandbox.db
      .prepare('SELECT id, kind, timestamp FROM events ORDER BY timestamp')
      .all() as { id: string; kind: string; timestamp: number }[];
    const relayRows = await h.server.store.db
      .selectFrom('relay_events')
      .select(['seq', 'event_id as eventId', 'kind'])
      .execute();
    const relaySeq = new Map(relayRows.map((row) => [`${row.kind}/${row.eventId}`, row.seq]));
    const truthKeys = new Set(truth.map((event) => `${event.kind}/${event.id}`));

    // A checkpoint c for kind k, advanced when the store's max seq was m, is sound only if every event
    // of k with timestamp <= c was already stored with a seq <= m.
    let violations = 0;
    let regressions = 0;
    const lastCheckpoint = new Map<string, number>();
    for (const { kind, checkpoint, maxSeq } of checkpoints) {
      if (checkpoint < (lastCheckpoint.get(kind) ?? -Infinity)) regressions += 1;
      lastCheckpoint.set(kind, checkpoint);
      for (const event of truth) {
        if (event.timestamp > checkpoint) break;
        if (event.kind !== kind) continue;
        const seq = relaySeq.get(`${kind}/${event.id}`);
        if (seq === undefined || seq > maxSeq) violations += 1;
      }
    }

    const sseIds = received.map((item) => item.eventId);
    const sseSet = new Set(sseIds);
    let outOfOrder = 0;
    for (let i = 1; i < received.length; i++)
      if (received[i]!.seq <= received[i - 1]!.seq) outOfOrder += 1;
    const relayIds = new Set(relayRows.map((row) => row.eventId));

    return {
      sandboxEvents: truth.length,
      relayEvents: relayRows.length,
      relayDistinctIds: relayIds.size,
      missingFromRelay: [...truthKeys].filter((key) => !relaySeq.has(key)).length,
      unexpectedInRelay: [...relaySeq.keys()].filter((key) => !truthKeys.has(key)).length,
      checkpointAdvances: checkpoints.length,
      checkpointViolations: violations,
      checkpointRegressions: regressions,
      sseReconnects: reconnects,
      sseReceived: received.length,
      sseDuplicates: sseIds.length - sseSet.size,
      sseMissing: [...relayIds].filter((id) => !sseSet.has(id)).length,
      sseOutOfOrder: outOfOrder,
      feedRequests: h.upstreamRequests.filter((r) => r.url.startsWith('/incoming/v2/events/'))
        .length,
      statesSeen: [...statesSeen].sort(),
      catchUpMs,
      leaks: h.http.leaks.length + h.logLeaks.length,
    };
  } finally {
    await h.close();
  }
}
