// The event relay for browsers: the console server polls the feed (one poller per kind, spec 6's
// consumer rules) into its own store, and browsers read the store: per-kind status, a live stream and
// history pages. Each stored event gets a relay sequence number `seq`: monotonic, unique, not
// necessarily dense.
import { z } from '../zod.ts';
import { EventKind } from '../enums.ts';
import { consoleEndpoint } from './endpoint.ts';
import { EventSearchParam } from './event-search.ts';
import { EventHistoryPage } from './event-history.ts';
import { CursorParam, LimitParam, timeRangeParams } from './pages.ts';

export const PollerState = z
  .enum(['starting', 'ok', 'throttled', 'retrying', 'error', 'stopped'])
  .register(z.globalRegistry, {
    description:
      '`throttled`: the feed answered 429 (polling resumes at `throttledUntil`, shared by every kind: the limit is per key); `retrying`: a 5xx or network error, retried with exponential backoff and jitter; `error`: another 4xx such as a revoked key, polled again only after minutes.',
  });
export type PollerState = z.infer<typeof PollerState>;

/** Times are epoch milliseconds. */
export const KindStatus = z.object({
  kind: z.string(),
  state: PollerState,
  checkpoint: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'The highest event timestamp fully processed, or null before the first.',
  }),
  lastSuccessAt: z.nullable(z.number()),
  lagMs: z
    .nullable(z.number())
    .register(z.globalRegistry, { description: 'How long ago the last complete poll succeeded.' }),
  error: z.nullable(z.string()),
  errorAt: z.nullable(z.number()),
  throttledUntil: z.nullable(z.number()),
  nextPollAt: z.nullable(z.number()),
  storedTotal: z.number(),
});
export type KindStatus = z.infer<typeof KindStatus>;

export const RelayStatus = z.object({
  kinds: z.array(KindStatus),
  throttledUntil: z.nullable(z.number()).register(z.globalRegistry, {
    description: 'No kind polls the feed before this time (epoch ms): the feed answered 429.',
  }),
  leader: z.nullable(z.string()).register(z.globalRegistry, {
    description:
      'The console server whose relay polls the feed now; null while none does (during a failover). Every server answers with the same status, read from the shared database.',
  }),
});
export type RelayStatus = z.infer<typeof RelayStatus>;

/** A comma-separated list of kinds, parsed to a list without repeats. */
const KindsParam = z
  .pipe(
    z.pipe(
      z.string(),
      z.transform((value) => [
        ...new Set(
          value
            .split(',')
            .map((kind) => kind.trim())
            .filter(Boolean),
        ),
      ]),
    ),
    z.array(EventKind, 'must be a comma-separated list of event kinds'),
  )
  .register(z.globalRegistry, { description: 'One event kind or a comma-separated list.' });

export const EventHistoryQuery = z.object({
  kind: z.optional(KindsParam),
  learner: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(320)))
    .register(z.globalRegistry, {
      description: 'Learner id, email, or part of the name (case-insensitive).',
    }),
  learnerId: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))
    .register(z.globalRegistry, {
      description:
        "Exactly this learner id (the learner page's timeline): never read as an email or a name, so the page reads the learner's index alone.",
    }),
  course: z
    .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))
    .register(z.globalRegistry, { description: 'Course or learning path id.' }),
  ...timeRangeParams('Event time'),
  q: z.optional(EventSearchParam),
  cursor: z.optional(CursorParam),
  limit: LimitParam,
});

// A page of stored events: a module of its own, so that a page that only reads them (the learner page)
// does not load the history's query checks, the search parser and the stream with it.
export { EventHistoryPage, RelayedEvent } from './event-history.ts';

export const EventStreamQuery = z.object({
  kinds: z.optional(KindsParam),
  lastEventId: z
    .optional(z.string().check(z.regex(/^\d{1,15}$/, 'must be an event id from this stream')))
    .register(z.globalRegistry, {
      description:
        'For clients that cannot set the `Last-Event-ID` header: resume after this `seq` (`0`: the whole stored history).',
    }),
});

export const getRelayStatus = consoleEndpoint({
  operationId: 'getRelayStatus',
  method: 'GET',
  path: '/api/events/status',
  summary: "The relay's state per event kind, its shared throttle and its leader.",
  access: 'role',
  response: RelayStatus,
});

export const listEvents = consoleEndpoint({
  operationId: 'listEvents',
  method: 'GET',
  path: '/api/events',
  summary: 'Stored events, newest first, in keyset pages, with filters.',
  description:
    'Every filter, free text (`q`) included, runs over the whole stored history on the server (SQLite FTS5 on one server, PostgreSQL full text on several). To combine history and live events, open the stream with `lastEventId` set to the largest `seq` loaded, or page history backwards from the oldest `seq` shown. Events older than `LECTERN_RELAY_RETENTION_DAYS` are deleted hourly.',
  access: 'role',
  query: EventHistoryQuery,
  response: EventHistoryPage,
});

export const streamEvents = consoleEndpoint({
  operationId: 'streamEvents',
  method: 'GET',
  path: '/api/events/stream',
  summary: 'Server-Sent Events: every stored event as it arrives, and status changes.',
  description: [
    "Use `new EventSource('/api/events/stream?kinds=quizAttempt,courseCompletion')` (omit `kinds` for all).",
    'Without `Last-Event-ID` the stream starts live (events stored from now on). `EventSource` reconnects by',
    'itself and sends `Last-Event-ID`; the server then sends every stored event after that id, in order, then',
    'continues live: no gaps, no duplicates. The stream ends within a second when the session ends (sign-out,',
    'expiry) or the role is revoked (the next reconnect then gets 401 or 403), on whichever console server it',
    'happened: sign-outs and role changes are announced to every server sharing the database (and by',
    "`npm run lectern -- roles ...`), which re-checks its open streams at once; every open stream's session",
    'is also read from the database twice a second, which covers expiry and missed announcements. A stream',
    'whose session cannot be checked (database unreachable) ends too.',
  ].join(' '),
  access: 'role',
  query: EventStreamQuery,
  response: {
    stream: true,
    contentTypes: {
      'text/event-stream': {
        description:
          "Default messages (`onmessage`): `id:` is the relay `seq`, `data:` the event JSON exactly as the feed returned it. `event: status` messages: `data:` is the relay status, sent on connect, whenever a kind's state, error or throttle changes, and every 15 s (the heartbeat).",
        schema: RelayStatus,
      },
    },
  },
});

export const RELAY_INTRO = [
  'The server polls the feed (one poller per kind, spec 6 consumer rules) into its own store; browsers read',
  'the store. Each stored event gets a relay sequence number `seq`: monotonic, unique, not necessarily',
  'dense. Times in the status are epoch milliseconds.',
].join(' ');

export const RELAY_ENDPOINTS = [getRelayStatus, listEvents, streamEvents] as const;
