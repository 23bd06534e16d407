// The event feed (spec 6): oldest first, `startDate` inclusive, fixed page size, an opaque cursor only
// while `hasMore`. The cursor carries the (timestamp, seq) of the last event sent and the startDate it
// was issued for; it is signed and bound to the company and kind.
import {
  EVENT_PAGE_SIZE,
  EventKind,
  FEED_MESSAGES,
  READ_MESSAGES,
  type EventPageInfo,
} from '#contract/index.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { ValidationError } from '../lib/errors.ts';
import type { EventPosition, EventsRepository } from './events-repository.ts';

interface FeedRequest {
  kind: EventKind;
  startDate: number | undefined;
  cursor: string | undefined;
}

export function createFeedService(events: EventsRepository, codec: CursorCodec) {
  return {
    /** One page of a kind's events as the wire JSON (contract EventPage), built from stored JSON. */
    page(companyId: string, kind: string, query: Record<string, unknown>): string {
      const feed = parseFeedRequest(kind, query);
      const scope = `events:${companyId}:${feed.kind}`;
      const after =
        feed.cursor === undefined ? startOf(feed.startDate) : resume(codec, scope, feed);
      const page = events.pageAfter(companyId, feed.kind, after.position, EVENT_PAGE_SIZE);
      const pageInfo: EventPageInfo = page.next
        ? {
            hasMore: true,
            cursor: codec.encode(scope, [
              page.next.timestamp,
              page.next.seq,
              after.startDate ?? null,
            ]),
          }
        : { hasMore: false };
      return `{"pageInfo":${JSON.stringify(pageInfo)},"events":[${page.payloads.join(',')}]}`;
    },
  };
}
export type FeedService = ReturnType<typeof createFeedService>;

function parseFeedRequest(kind: string, query: Record<string, unknown>): FeedRequest {
  const errors: string[] = [];
  const parsedKind = EventKind.safeParse(kind);
  if (!parsedKind.success) errors.push(FEED_MESSAGES.unknownEventKind(kind));
  if (query.perPage !== undefined) errors.push(FEED_MESSAGES.perPageNotSupported);
  const { startDate, cursor } = query;
  if (startDate !== undefined && !(typeof startDate === 'string' && /^\d{1,15}$/.test(startDate)))
    errors.push(FEED_MESSAGES.invalidStartDate);
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor === ''))
    errors.push(READ_MESSAGES.invalidCursor);
  if (errors.length > 0 || !parsedKind.success) throw new ValidationError(errors);
  return {
    kind: parsedKind.data,
    startDate: startDate === undefined ? undefined : Number(startDate),
    cursor: cursor as string | undefined,
  };
}

interface Resume {
  position: EventPosition;
  startDate: number | undefined;
}

/** `timestamp >= startDate` is `(timestamp, seq) > (startDate, 0)`: seq starts at 1. */
const startOf = (startDate: number | undefined): Resume => ({
  position: { timestamp: startDate ?? 0, seq: 0 },
  startDate,
});

function resume(codec: CursorCodec, scope: string, feed: FeedRequest): Resume {
  const key = codec.decode(scope, feed.cursor!);
  const [timestamp, seq, issuedFor] = key;
  if (
    key.length !== 3 ||
    typeof timestamp !== 'number' ||
    typeof seq !== 'number' ||
    !(issuedFor === null || typeof issuedFor === 'number')
  )
    throw new ValidationError([READ_MESSAGES.invalidCursor]);
  // A later page needs no startDate (the cursor is past it), but a different one is a client bug.
  if (feed.startDate !== undefined && feed.startDate !== issuedFor)
    throw new ValidationError([FEED_MESSAGES.cursorOtherStartDate]);
  return { position: { timestamp, seq }, startDate: issuedFor ?? undefined };
}
