// What the live feed says of itself, for the views and for its streaming (feed-run.ts), which loads
// after live-feed.ts and reports through it: a file of its own, so that neither imports the other's types.
import type { RelayStatus } from '#contract/console/relay.ts';
import type { LinkState } from './tab-leadership.ts';

export type { LinkState };

export interface FeedState {
  link: LinkState;
  /** Why the link is not live, in words. */
  detail: string | null;
  status: RelayStatus | null;
  /** Server clock minus this browser's clock, estimated from the status (for countdowns). */
  skewMs: number;
  role: 'leader' | 'follower' | 'solo' | null;
}
