// The relay under sandbox fault injection (~20% of feed requests: 429, 500, connection resets) with the
// simulator at 10,000 events per minute. Shortened to 20 s here; bench/relay-soak.ts runs the full minute.
import { describe, expect, it } from 'vitest';
import { runRelaySoak } from './helpers/relay-soak.ts';

describe('relay under faults', () => {
  it('stores every event exactly once, never checkpoints past a missing event, and SSE resumes losslessly', async () => {
    const result = await runRelaySoak({
      durationMs: 20_000,
      eventsPerMinute: 10_000,
      faultRatePerType: 0.07,
      pollMs: 250,
      reconnectEveryMs: 6_000,
    });
    // Enough traffic, and the faults really happened.
    expect(result.sandboxEvents).toBeGreaterThan(2500);
    expect(result.statesSeen).toEqual(expect.arrayContaining(['ok', 'retrying', 'throttled']));
    // Every event exactly once.
    expect(result.relayEvents).toBe(result.sandboxEvents);
    expect(result.relayDistinctIds).toBe(result.relayEvents);
    expect(result.missingFromRelay).toBe(0);
    expect(result.unexpectedInRelay).toBe(0);
    // Checkpoints never skip an event, never go back.
    expect(result.checkpointAdvances).toBeGreaterThan(50);
    expect(result.checkpointViolations).toBe(0);
    expect(result.checkpointRegressions).toBe(0);
    // The SSE client that disconnected and resumed saw everything once, in order.
    expect(result.sseReconnects).toBeGreaterThanOrEqual(3);
    expect(result.sseReceived).toBe(result.relayEvents);
    expect(result.sseDuplicates).toBe(0);
    expect(result.sseMissing).toBe(0);
    expect(result.sseOutOfOrder).toBe(0);
    expect(result.leaks).toBe(0);
  }, 120_000);
});
