// One error type for every failed call to the console server, so components show errors uniformly.
export type ApiErrorKind =
  /** 400: the upstream refused the request; `messages` holds its exact messages. */
  | 'validation'
  /** 401: not signed in (or the session ended). */
  | 'unauthenticated'
  /** 403 `no_access`: signed in, but without a console role. */
  | 'no-access'
  /** 403 for any other reason (role refused, CSRF): `messages` says why. */
  | 'forbidden'
  | 'not-found'
  /** 429 still answered after the allowed number of waits. */
  | 'throttled'
  /** Network failure, 502, 503 or 504: the upstream or the console server could not be reached. */
  | 'unavailable'
  /** Any other 5xx or unexpected status. */
  | 'server'
  /** A 2xx whose body does not match the contract. */
  | 'contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly messages: readonly string[],
  ) {
    super(messages.join('\n') || kind);
  }

  /** Errors that may go away on their own: the UI offers a retry action for these. */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'server' || this.kind === 'throttled';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Human-readable lines for any thrown value. */
export function errorMessages(error: unknown): readonly string[] {
  if (isApiError(error)) return error.messages.length > 0 ? error.messages : [error.kind];
  if (error instanceof Error) return [error.message];
  return [String(error)];
}
