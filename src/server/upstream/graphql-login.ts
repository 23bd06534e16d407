// Verifies an email and password through the instance's GraphQL `Login` (spec 4.6). The answer is
// reduced to what the console needs; upstream error texts are logged, never shown, and never say which
// of email or password was wrong.
import type { Logger } from 'pino';
import { GRAPHQL_ERROR_CODES, LOGIN_MUTATION } from '#contract/index.ts';
import { readLimited } from './content-calls.ts';
import { isTimeoutError, type Upstream } from './upstream-client.ts';

export type LoginOutcome =
  // The learner token Login returns proves the sign-in and is dropped here: the console never acts as
  // the learner, so nothing past this function can keep or use it (issue 16, finding 7).
  | { ok: true; user: { id: string; firstName: string; lastName: string } }
  | { ok: false; reason: 'invalid_credentials' | 'upstream_error' | 'timeout' | 'unreachable' }
  /** The instance locked the account; `retryAfterMinutes` when its message says how long. */
  | { ok: false; reason: 'locked'; retryAfterMinutes: number | null };

interface GraphQlResponse {
  data?: {
    Login?: {
      token?: unknown;
      user?: { id?: unknown; firstName?: unknown; lastName?: unknown };
    } | null;
  } | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

const MAX_RESPONSE_BYTES = 256 * 1024;
// The sandbox's codes, plus the spellings other GraphQL servers use for the same lockout.
const LOCKED_CODES = new RegExp(
  `^(${GRAPHQL_ERROR_CODES.tooManyAttempts}|.*RATE.?LIMIT.*|.*LOCKED.*)$`,
  'i',
);
/** Codes that mean the console itself is misconfigured, not that the user typed a wrong password. */
const CONFIGURATION_CODES = new Set<string>([
  GRAPHQL_ERROR_CODES.invalidApiKey,
  GRAPHQL_ERROR_CODES.badRequest,
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
]);

export async function loginThroughUpstream(
  upstream: Upstream,
  email: string,
  password: string,
  log: Logger,
): Promise<LoginOutcome> {
  let status: number;
  let text: string;
  const startedAt = performance.now();
  try {
    const response = await upstream.pool.request({
      method: 'POST',
      path: upstream.graphqlRequestPath(),
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        query: LOGIN_MUTATION,
        variables: { email, password },
        operationName: 'Login',
      }),
    });
    status = response.statusCode;
    upstream.observe('graphqlLogin', startedAt, status);
    text = await readLimited(response.body, MAX_RESPONSE_BYTES, 'GraphQL response');
  } catch (error) {
    if (status! === undefined) upstream.observe('graphqlLogin', startedAt, 'error');
    log.warn({ err: error }, 'GraphQL Login request failed');
    return { ok: false, reason: isTimeoutError(error) ? 'timeout' : 'unreachable' };
  }
  let parsed: GraphQlResponse | undefined;
  try {
    parsed = JSON.parse(text) as GraphQlResponse;
  } catch {
    parsed = undefined;
  }
  const login = parsed?.data?.Login;
  if (status === 200 && login && typeof login.token === 'string' && login.user) {
    const { id, firstName, lastName } = login.user;
    if (typeof id === 'string' || typeof id === 'number')
      return {
        ok: true,
        user: {
          id: String(id),
          firstName: String(firstName ?? ''),
          lastName: String(lastName ?? ''),
        },
      };
  }
  const errors = parsed?.errors ?? [];
  if (status === 429 || errors.some((e) => LOCKED_CODES.test(e.extensions?.code ?? ''))) {
    // "Too many failed login attempts; try again in 15 minutes" (the sandbox's words).
    const minutes = errors
      .map((e) => /(\d{1,4})\s*minute/i.exec(e.message ?? '')?.[1])
      .find((found) => found !== undefined);
    return { ok: false, reason: 'locked', retryAfterMinutes: minutes ? Number(minutes) : null };
  }
  // A resolver error on a well-formed request is a refused login; anything else (401 for a wrong apiKey,
  // 400 for a request the instance does not understand, 5xx) is a problem operators must see in the log.
  const configurationProblem = errors.some((e) =>
    CONFIGURATION_CODES.has(e.extensions?.code ?? ''),
  );
  if (status === 200 && errors.length > 0 && !configurationProblem) {
    log.info(
      { upstreamErrors: errors.map((e) => e.extensions?.code ?? 'UNKNOWN') },
      'sign-in refused upstream',
    );
    return { ok: false, reason: 'invalid_credentials' };
  }
  log.warn(
    { status, upstreamErrors: errors.map((e) => e.message) },
    'GraphQL Login answered unexpectedly',
  );
  return { ok: false, reason: 'upstream_error' };
}
