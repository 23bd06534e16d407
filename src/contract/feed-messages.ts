// Messages and constants of the event feed, throttling, fault injection and GraphQL login (spec 4.6,
// 6, 7.3). The spec shows none of these texts, so they are Lectern's wording, written once here.
import { EVENT_KINDS } from './enums.ts';

/** Events per feed page. Fixed: the feed has no `perPage` (spec 4.5 rule 3). */
export const EVENT_PAGE_SIZE = 100;

const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;
const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

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

/** `extensions.code` of GraphQL errors, so clients branch on codes, not on message text. */
export const GRAPHQL_ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  invalidApiKey: 'INVALID_API_KEY',
  invalidCredentials: 'INVALID_CREDENTIALS',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  unauthenticated: 'UNAUTHENTICATED',
  internal: 'INTERNAL_SERVER_ERROR',
} as const;

export const GRAPHQL_MESSAGES = {
  missingApiKey: 'The apiKey query parameter is required',
  invalidApiKey: 'Invalid apiKey',
  badRequestBody:
    'The request body must be a JSON object with a "query" string and optional "variables" object and "operationName" string',
  /** Same text for an unknown email and a wrong password: never say which was wrong. */
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: (retryAfterMinutes: number) =>
    `Too many failed login attempts; try again in ${minutes(retryAfterMinutes)}`,
  unauthenticated:
    'A valid learner token is required: send Authorization: Bearer <token> with the token from Login',
  methodNotAllowed: 'GraphQL requests use POST',
  internal: 'Internal server error',
} as const;
