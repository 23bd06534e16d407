// The event feed's messages (spec 4.6, 6, 7.3), re-exported by ./messages.ts: the event schema
// (schemas/events.ts) needs one, and the pages that parse events should not load every message of the API.
import { EVENT_KINDS } from './enums.ts';
import { EVENT_PAGE_SIZE } from './limits.ts';

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

export const FEED_MESSAGES = {
  unknownEventKind: (kind: string) =>
    `Unknown event kind '${kind}'. Valid kinds are: ${EVENT_KINDS.join(', ')}`,
  invalidStartDate: 'startDate must be epoch milliseconds (a non-negative integer)',
  perPageNotSupported: `perPage is not supported by the event feed: every page holds up to ${EVENT_PAGE_SIZE} events. Follow pageInfo.cursor while hasMore is true.`,
  cursorOtherStartDate:
    'cursor: This cursor was issued for another startDate. Send the same startDate (or none) with it, or omit cursor to start again.',
  rateLimited: (retryAfterSeconds: number) =>
    `Rate limit exceeded; retry after ${seconds(retryAfterSeconds)}`,
  injectedFault: 'Injected fault',
} as const;
