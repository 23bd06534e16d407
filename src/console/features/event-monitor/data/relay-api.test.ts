// The monitor reads the relay's status with the contract's schema: nothing the server sends is lost on
// the way (the monitor's own copy of the schema once dropped `leader`).
import { afterEach, expect, it, vi } from 'vitest';
import { fetchRelayStatus, streamUrl } from './relay-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('keeps every field of the relay status, the leader included', async () => {
  const status = {
    kinds: [
      {
        kind: 'courseCompletion',
        state: 'ok',
        checkpoint: 1767268800000,
        lastSuccessAt: 1767268801234,
        lagMs: 850,
        error: null,
        errorAt: null,
        throttledUntil: null,
        nextPollAt: 1767268803234,
        storedTotal: 1200,
      },
    ],
    throttledUntil: null,
    leader: 'console-1',
  };
  vi.stubGlobal('fetch', async () => Response.json(status));
  expect(await fetchRelayStatus()).toEqual(status);
});

it('resumes the stream after the last event it holds', () => {
  expect(streamUrl(1234)).toBe('/api/events/stream?lastEventId=1234');
});
