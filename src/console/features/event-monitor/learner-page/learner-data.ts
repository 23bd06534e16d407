// The learner page's reads: the summary (GET /api/learners/{id}) and the learner's stored events, newest
// first, through the relay's history (GET /api/events?learnerId=...: exactly this id, the learner's index),
// which holds every event the relay kept.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { getLearnerSummary, LearnerSummary } from '#contract/console/learners.ts';
import { EventHistoryPage } from '#contract/console/event-history.ts';
import type { User, UserPage } from '#contract/schemas/read-models.ts';
import type { InfiniteData } from '@tanstack/react-query';
import type { z } from '#contract/zod.ts';
import { callConsole } from '../../../lib/console-api.ts';
import { parseEvent, type StoredEvent } from '../data/event-model.ts';
import {
  FIRST_TIMELINE_PAGE,
  LATEST_SHOWN,
  type LatestKind,
} from '#contract/console/landing-urls.ts';
import type { LearnerLanding } from './learner-landing.ts';

export const TIMELINE_PAGE = 200;
const EXPORT_PAGE = 500;

/**
 * The history's endpoint, imported when a read is sent from here (a later page, a read the landing did
 * not answer, an export): with it come its query's checks and the search parser, which the first paint
 * on landing does not need (its reads left with the document).
 */
const historyEndpoint = () =>
  import('#contract/console/relay.ts').then((module) => module.listEvents);

export interface TimelineFilter {
  kinds?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const historyQuery = (learnerId: string, filter: TimelineFilter) => ({
  learnerId,
  kind: filter.kinds,
  from: filter.from,
  to: filter.to,
});

/** A page's events that match the event contract; the others are counted, not shown. */
export function pageEvents(page: EventHistoryPage): TimelinePage {
  const events: StoredEvent[] = [];
  let rejected = 0;
  for (const item of page.items) {
    const parsed = parseEvent(item.event);
    if (parsed.ok) events.push({ seq: item.seq, event: parsed.event });
    else rejected += 1;
  }
  return { events, rejected, pageInfo: page.pageInfo };
}

export interface TimelinePage {
  events: StoredEvent[];
  rejected: number;
  pageInfo: EventHistoryPage['pageInfo'];
}

/**
 * A read sent on landing (learner-landing.ts), parsed with the contract; anything but a 2xx answer that
 * matches it is asked again through the API client, so its errors show as for every other read.
 */
async function landedOr<T>(
  landed: Promise<Response | null> | undefined,
  schema: z.ZodMiniType<T>,
  read: () => Promise<T>,
): Promise<T> {
  const answer = await landed?.catch(() => null);
  if (!answer?.ok) return read();
  const parsed = schema.safeParse(await answer.json().catch(() => undefined));
  return parsed.success ? parsed.data : read();
}

// The route's loader reads each of these before the page mounts (and again on each visit): a read that
// failed there shows its error with a retry action, rather than being asked again by the mount.
const READ_BY_LOADER = { retryOnMount: false } as const;

export const learnerQueries = {
  summary: (learnerId: string, landing?: LearnerLanding) =>
    queryOptions({
      ...READ_BY_LOADER,
      queryKey: ['learners', learnerId, 'summary'],
      queryFn: ({ signal }) =>
        landedOr(landing?.summary, LearnerSummary, () =>
          callConsole(getLearnerSummary, { params: { learnerId }, signal }),
        ),
    }),
  /** Its first page is small (what the first screen shows); the next ones are larger. */
  timeline: (learnerId: string, filter: TimelineFilter, landing?: LearnerLanding) =>
    infiniteQueryOptions({
      ...READ_BY_LOADER,
      queryKey: ['learners', learnerId, 'timeline', filter],
      queryFn: ({ pageParam, signal }) =>
        (pageParam === undefined
          ? landedOr(landing?.timeline, EventHistoryPage, async () =>
              callConsole(await historyEndpoint(), {
                query: { ...historyQuery(learnerId, filter), limit: FIRST_TIMELINE_PAGE },
                signal,
              }),
            )
          : historyEndpoint().then((listEvents) =>
              callConsole(listEvents, {
                query: {
                  ...historyQuery(learnerId, filter),
                  cursor: pageParam,
                  limit: TIMELINE_PAGE,
                },
                signal,
              }),
            )
        ).then(pageEvents),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => (last.pageInfo.hasMore ? last.pageInfo.cursor : undefined),
    }),
  /** The latest few events of one kind (quiz attempts, submissions). */
  latest: (learnerId: string, kind: LatestKind, landing?: LearnerLanding) =>
    queryOptions({
      ...READ_BY_LOADER,
      queryKey: ['learners', learnerId, 'latest', kind, LATEST_SHOWN],
      queryFn: ({ signal }) =>
        landedOr(landing?.latest[kind], EventHistoryPage, async () =>
          callConsole(await historyEndpoint(), {
            query: { learnerId, kind, limit: LATEST_SHOWN },
            signal,
          }),
        )
          .then(pageEvents)
          .then((page) => page.events),
    }),
};

/**
 * Every event of the timeline's filter, oldest page last, for an export; `progress` hears how many were
 * read so far. Stops when `signal` aborts.
 */
export async function readWholeTimeline(
  learnerId: string,
  filter: TimelineFilter,
  progress: (read: number) => void,
  signal: AbortSignal,
): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  let cursor: string | undefined;
  const listEvents = await historyEndpoint();
  for (;;) {
    const page = await callConsole(listEvents, {
      query: { ...historyQuery(learnerId, filter), cursor, limit: EXPORT_PAGE },
      signal,
    });
    all.push(...pageEvents(page).events);
    progress(all.length);
    if (!page.pageInfo.hasMore || !page.pageInfo.cursor) return all;
    cursor = page.pageInfo.cursor;
  }
}

/**
 * The Users screen's lists' key (`userQueries.all`, learner-landing.test.ts): written here, as importing
 * it would bring the users list's reads and the Content API's endpoints into the page's first chunks.
 */
export const USERS_LISTS = ['users'] as const;

/**
 * The learner's account as the Users screen loaded it, if it did this session: the Content API reads
 * users only as one throttled list, with no read of one user.
 */
export function accountFromUsersList(queryClient: QueryClient, learnerId: string): User | null {
  const lists = queryClient.getQueriesData<InfiniteData<z.infer<typeof UserPage>>>({
    queryKey: USERS_LISTS,
  });
  const wanted = learnerId.toLowerCase();
  for (const [, data] of lists)
    for (const page of data?.pages ?? [])
      for (const user of page.users) if (user.id.toLowerCase() === wanted) return user;
  return null;
}
