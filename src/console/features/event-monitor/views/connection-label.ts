// What the connection indicator says: the browser's link to the relay first (live, reconnecting), then
// the relay's own link to the feed (throttled upstream, with the time until it polls again).
import type { KindStatus } from '#contract/console/relay.ts';
import type { FeedState } from '../data/live-feed.ts';

export type ConnectionTone = 'live' | 'warning' | 'danger' | 'pending';

export interface ConnectionLabel {
  tone: ConnectionTone;
  /** Short state, announced to screen readers when it changes. */
  label: string;
  /** Changes every second (a countdown): shown, never announced. */
  detail: string | null;
}

export const formatSeconds = (ms: number): string => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
};

/** Kinds whose last poll failed and that are waiting to retry (not a 429). */
export const failingKinds = (kinds: readonly KindStatus[]): KindStatus[] =>
  kinds.filter((kind) => kind.state === 'retrying' || kind.state === 'error');

export function connectionLabel(feed: FeedState, now: number): ConnectionLabel {
  if (feed.link === 'offline') return { tone: 'danger', label: 'Offline', detail: feed.detail };
  if (feed.link === 'reconnecting')
    return { tone: 'warning', label: 'Reconnecting', detail: feed.detail };
  if (feed.link === 'connecting') return { tone: 'pending', label: 'Connecting', detail: null };
  const serverNow = now + feed.skewMs;
  const status = feed.status;
  const throttledUntil = status?.throttledUntil ?? null;
  if (throttledUntil !== null && throttledUntil > serverNow) {
    return {
      tone: 'warning',
      label: 'Throttled upstream',
      detail: `The feed answered 429; next poll in ${formatSeconds(throttledUntil - serverNow)}`,
    };
  }
  const failing = status ? failingKinds(status.kinds) : [];
  if (failing.length > 0) {
    const next = Math.min(...failing.map((kind) => kind.nextPollAt ?? Infinity));
    const retry = Number.isFinite(next) ? `; next poll in ${formatSeconds(next - serverNow)}` : '';
    return {
      tone: 'warning',
      label: 'Live, upstream errors',
      detail: `${failing.length} of ${status!.kinds.length} kinds failing${retry}`,
    };
  }
  return { tone: 'live', label: 'Live', detail: null };
}
