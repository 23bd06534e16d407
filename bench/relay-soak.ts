// Relay soak (issue 4): the full minute of the relay test, the simulator at 10,000 events/minute while
// ~20% of feed requests fail (429, 500, connection resets) and an SSE client disconnects and resumes every
// 10 s. Prints the invariants: every event stored exactly once, checkpoints never skipping an event, the
// SSE client receiving everything once and in order.
import { runRelaySoak } from '../test/server/helpers/relay-soak.ts';

export async function run(): Promise<void> {
  const result = await runRelaySoak({
    durationMs: 60_000,
    eventsPerMinute: 10_000,
    faultRatePerType: 0.07,
    pollMs: 500,
    reconnectEveryMs: 10_000,
    log: (line) => console.log(line),
  });
  const verdict =
    result.relayEvents === result.sandboxEvents &&
    result.relayDistinctIds === result.relayEvents &&
    result.missingFromRelay === 0 &&
    result.unexpectedInRelay === 0 &&
    result.checkpointViolations === 0 &&
    result.checkpointRegressions === 0 &&
    result.sseDuplicates === 0 &&
    result.sseMissing === 0 &&
    result.sseOutOfOrder === 0 &&
    result.leaks === 0;
  console.log(
    `events produced ${result.sandboxEvents.toLocaleString('en')}, stored ${result.relayEvents.toLocaleString('en')} (distinct ${result.relayDistinctIds.toLocaleString('en')}), missing ${result.missingFromRelay}, unexpected ${result.unexpectedInRelay}`,
  );
  console.log(
    `feed requests ${result.feedRequests.toLocaleString('en')}; poller states seen: ${result.statesSeen.join(', ')}; caught up ${(result.catchUpMs / 1000).toFixed(1)} s after the simulator stopped`,
  );
  console.log(
    `checkpoint advances ${result.checkpointAdvances}, skipped events ${result.checkpointViolations}, regressions ${result.checkpointRegressions}`,
  );
  console.log(
    `SSE: ${result.sseReconnects} reconnects with Last-Event-ID, received ${result.sseReceived.toLocaleString('en')}, duplicates ${result.sseDuplicates}, missing ${result.sseMissing}, out of order ${result.sseOutOfOrder}`,
  );
  console.log(`verdict: ${verdict ? 'PASS' : 'FAIL'}`);
}
