// The console server's own errors: one JSON shape `{ error, message }` the SPA can show as is (the
// contract's ConsoleErrorBody). Proxied upstream responses never go through here; they pass back unchanged.
import type { ConsoleErrorBody, ConsoleErrorCode } from '#contract/console/errors.ts';

/** The codes and when each is given: src/contract/console/errors.ts. */
export type ErrorCode = ConsoleErrorCode;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const MESSAGES = {
  unauthenticated: 'Sign in to continue.',
  noAccess: 'Your account has no access to this console. Ask an administrator to grant you a role.',
  csrfHeader: 'Refused: state-changing requests must carry the X-Lectern-Csrf: 1 header.',
  csrfOrigin: 'Refused: the request does not come from this console (Origin check failed).',
  csrfContentType: (expected: string) =>
    `Refused: the request body must be sent with Content-Type: ${expected}.`,
  notFound: 'Not found.',
  notAllowlisted: 'Not found: this route is not part of the Content API the console forwards.',
  upstreamTimeout: 'The learning instance did not answer in time. Try again.',
  upstreamUnavailable: 'The learning instance could not be reached. Try again.',
  invalidCredentials: 'Email or password is incorrect.',
  signInThrottled: (seconds: number) =>
    `Too many sign-in attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  signInProtected: (attempts: number, seconds: number) =>
    `This account has had ${attempts} unsuccessful sign-in attempt${attempts === 1 ? '' : 's'} recently. ` +
    `To keep the learning platform from locking it, the console refuses more for now. Try again in ${duration(seconds)}.`,
  accountLocked: (minutes: number | null) =>
    'The learning platform has locked this account after too many unsuccessful sign-ins. ' +
    `${minutes ? `Try again in ${duration(minutes * 60)}` : 'Try again later'}, ` +
    'or ask an administrator of the learning platform to unlock it.',
  internal: 'Internal server error.',
  bodyTooLarge: (limit: number) => `Request body exceeds the console's limit of ${limit} bytes.`,
  bodyTooSlow: (timeoutMs: number, minBytesPerSecond: number) =>
    `The request body arrived too slowly: the console waits ${timeoutMs / 1000} s for a body, ` +
    `plus 1 s for every ${Math.round(minBytesPerSecond / 1024)} KiB received. Send it again.`,
  bodyAborted: 'The request body was cut off before it was complete, so nothing was done.',
  bodiesPerUser: (limit: number) =>
    `You are already sending ${limit} request bodies (uploads or changes) to the console at once. ` +
    'Wait for one of them to finish, then try again.',
  bodiesBusy:
    'The console is receiving as many request bodies as it accepts at once. Nothing was done; try again in a moment.',
  databaseUnavailable:
    "The console's database cannot be reached right now, so nothing was done. Try again in a moment.",
} as const;

/** 45 seconds, 1 minute, 14 minutes. */
function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function errorBody(code: ErrorCode, message: string): ConsoleErrorBody {
  return { error: code, message };
}

/** The client closed the connection before its body was complete. */
export class BodyAbortedError extends ApiError {
  constructor() {
    super(400, 'bad_request', MESSAGES.bodyAborted);
  }
}
