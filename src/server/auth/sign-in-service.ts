// Sign-in: rate limit, verify through the instance's GraphQL Login, then start a fresh session. The
// learner token Login returns is not kept: the console never acts as the learner. A user the instance
// accepts but the console has no role for still gets a session, with role null: the SPA shows "no
// access to this console".
import type { Logger } from 'pino';
import type { ConsoleRole } from '#contract/console/access.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import { loginThroughUpstream } from '../upstream/graphql-login.ts';
import type { Upstream } from '../upstream/upstream-client.ts';
import type { RolesService } from './roles-service.ts';
import type { SessionService } from './session-service.ts';
import type { SignInLimiter } from './sign-in-limiter.ts';
import { normalizeEmail } from './roles-service.ts';

export interface SignedIn {
  sessionId: string;
  expiresAt: number;
  user: { id: string; email: string; firstName: string; lastName: string };
  role: ConsoleRole | null;
}

export function createSignInService(deps: {
  upstream: Upstream;
  sessions: SessionService;
  limiter: SignInLimiter;
  roles: RolesService;
  log: Logger;
}) {
  return {
    async signIn(
      email: string,
      password: string,
      clientAddress: string,
      previousSessionId: string | undefined,
    ): Promise<SignedIn> {
      const normalized = normalizeEmail(email);
      const verdict = await deps.limiter.attempt(normalized, clientAddress);
      if (!verdict.allowed)
        throw new ApiError(
          429,
          'rate_limited',
          verdict.limit === 'email'
            ? MESSAGES.signInProtected(deps.limiter.perEmail, verdict.retryAfterSeconds)
            : MESSAGES.signInThrottled(verdict.retryAfterSeconds),
          { 'retry-after': String(verdict.retryAfterSeconds) },
        );
      const outcome = await loginThroughUpstream(deps.upstream, email.trim(), password, deps.log);
      if (!outcome.ok) {
        switch (outcome.reason) {
          case 'invalid_credentials':
            throw new ApiError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
          case 'locked':
            // Locked by someone else's attempts (the platform's own sign-in page, another client):
            // 423, not 429, so nobody mistakes it for the console's throttling and retries.
            throw new ApiError(
              423,
              'account_locked',
              MESSAGES.accountLocked(outcome.retryAfterMinutes),
              {
                'retry-after': String((outcome.retryAfterMinutes ?? 15) * 60),
              },
            );
          case 'timeout':
            throw new ApiError(504, 'upstream_timeout', MESSAGES.upstreamTimeout);
          case 'unreachable':
            throw new ApiError(502, 'upstream_unavailable', MESSAGES.upstreamUnavailable);
          default:
            throw new ApiError(
              502,
              'upstream_error',
              'The learning instance did not accept the sign-in request. An administrator should check the console configuration.',
            );
        }
      }
      await deps.limiter.succeeded(normalized);
      const user = {
        id: outcome.user.id,
        email: normalized,
        firstName: outcome.user.firstName,
        lastName: outcome.user.lastName,
      };
      const { id, expiresAt } = await deps.sessions.start(
        {
          email: normalized,
          userId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
        },
        previousSessionId,
      );
      const role = (await deps.roles.find(normalized))?.role ?? null;
      return { sessionId: id, expiresAt, user, role };
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
