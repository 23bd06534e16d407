// The console server's own error answers: one JSON shape, a stable code and a sentence the console can
// show as it is. Answers passed through from the learning instance keep their own shapes.
import { z } from '../zod.ts';

/** Each code with the statuses it comes with and when, in the words of the API document. */
export const CONSOLE_ERRORS = {
  bad_request: {
    statuses: [400],
    when: 'Malformed input; the message names the field (`email: must be an email address`).',
  },
  unauthenticated: {
    statuses: [401],
    when: 'No live session (never signed in, signed out, idle or absolute expiry). Send the user to sign-in.',
  },
  invalid_credentials: {
    statuses: [401],
    when: 'Sign-in refused: `Email or password is incorrect.` (never says which).',
  },
  no_access: {
    statuses: [403],
    when: 'Signed in, but the account has no console role. Show the "no access to this console" page.',
  },
  forbidden: { statuses: [403], when: 'The role may not do this; the message says why.' },
  csrf: {
    statuses: [403],
    when: 'The CSRF check failed (see the CSRF rules). A bug in the client, not a user error.',
  },
  not_found: {
    statuses: [404],
    when: 'Unknown console route, or an `/api/v2` route outside the allowlist.',
  },
  conflict: {
    statuses: [409],
    when: 'Refused to remove the last admin; a scheduled action or a publish request that is no longer open; an edit lease asked for by a tab that has not opened the course.',
  },
  request_timeout: {
    statuses: [408],
    when: 'The request body arrived too slowly (`LECTERN_BODY_TIMEOUT_S`, `LECTERN_BODY_MIN_RATE_KB`); the connection is closed.',
  },
  payload_too_large: { statuses: [413], when: 'Body over `LECTERN_MAX_BODY_MB`.' },
  account_locked: {
    statuses: [423],
    when: 'The learning platform locked the account (too many failed sign-ins); `Retry-After` (seconds).',
  },
  rate_limited: {
    statuses: [429],
    when: 'Too many sign-in attempts, or this user is already sending `LECTERN_BODIES_PER_USER` request bodies at once; `Retry-After` (seconds) says when to try again.',
  },
  internal: { statuses: [500], when: 'A bug; details are only in the server log.' },
  upstream_unavailable: {
    statuses: [502],
    when: 'The learning instance could not be reached. Offer a retry.',
  },
  upstream_error: {
    statuses: [502],
    when: "The learning instance refused the console's configuration. Offer a retry.",
  },
  server_busy: {
    statuses: [503],
    when: 'The console is receiving `LECTERN_BODIES_TOTAL` request bodies at once; nothing was done (`Retry-After: 1`).',
  },
  database_unavailable: {
    statuses: [503],
    when: "The console's database cannot be reached; nothing was done (`Retry-After: 5`).",
  },
  shutting_down: {
    statuses: [503],
    when: 'This console server is stopping (a deploy or restart) and takes no new requests; nothing was done. Retry: the balancer sends it to another server (`Retry-After: 1`).',
  },
  upstream_timeout: {
    statuses: [504],
    when: 'The instance did not answer within `LECTERN_UPSTREAM_TIMEOUT_MS`. Offer a retry.',
  },
} as const satisfies Record<string, { statuses: readonly number[]; when: string }>;

export type ConsoleErrorCode = keyof typeof CONSOLE_ERRORS;
export const ConsoleErrorCode = z.enum(Object.keys(CONSOLE_ERRORS) as [ConsoleErrorCode]);

export const ConsoleErrorBody = z.object({
  error: ConsoleErrorCode,
  message: z
    .string()
    .register(z.globalRegistry, { description: 'A sentence the console can show as it is.' }),
});
export type ConsoleErrorBody = z.infer<typeof ConsoleErrorBody>;
