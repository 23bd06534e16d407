// The connection indicator's words for each state of the feed.
import { describe, expect, it } from 'vitest';
import type { FeedState } from '../data/live-feed.ts';
import { connectionLabel } from './connection-label.ts';

describe('connection label', () => {
  const feed = (patch: Partial<FeedState>): FeedState => ({
    link: 'live',
    detail: null,
    status: null,
    skewMs: 0,
    role: 'solo',
    ...patch,
  });
  const kind = {
    kind: 'quizAttempt',
    state: 'ok' as const,
    checkpoint: 1,
    lastSuccessAt: 1,
    lagMs: 0,
    error: null,
    errorAt: null,
    throttledUntil: null,
    nextPollAt: null,
    storedTotal: 0,
  };

  it('says live, reconnecting, or throttled upstream with the time until the next poll', () => {
    expect(connectionLabel(feed({}), 0).label).toBe('Live');
    expect(connectionLabel(feed({ link: 'reconnecting' }), 0).label).toBe('Reconnecting');
    const throttled = connectionLabel(
      feed({ status: { kinds: [kind], throttledUntil: 42_500, leader: 'console-1' } }),
      10_000,
    );
    expect(throttled).toEqual({
      tone: 'warning',
      label: 'Throttled upstream',
      detail: 'The feed answered 429; next poll in 33 s',
    });
    // Once the time has passed it is live again, without waiting for a new status.
    expect(
      connectionLabel(
        feed({ status: { kinds: [kind], throttledUntil: 42_500, leader: 'console-1' } }),
        43_000,
      ).label,
    ).toBe('Live');
  });

  it('reports kinds whose polls fail', () => {
    const failing = {
      ...kind,
      state: 'retrying' as const,
      error: 'feed answered 500',
      nextPollAt: 5_000,
    };
    expect(
      connectionLabel(
        feed({ status: { kinds: [kind, failing], throttledUntil: null, leader: 'console-1' } }),
        1_000,
      ),
    ).toEqual({
      tone: 'warning',
      label: 'Live, upstream errors',
      detail: '1 of 2 kinds failing; next poll in 4 s',
    });
  });
});
