// Sign-in through the identity provider: the "Sign in with …" button's navigation, and the provider's
// redirect back. Both answer with a redirect (a browser navigated here), problems included:
// `/sign-in?problem=<code>`, which the sign-in page puts in words.
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  finishIdentityProviderSignIn,
  startIdentityProviderSignIn,
} from '#contract/console/identity-provider.ts';
import {
  SIGN_IN_TRANSACTION_MS,
  type IdentityProviderService,
} from '../auth/identity-provider-service.ts';
import { isDatabaseUnavailable } from '../database-errors.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { consoleRoutes } from './console-route.ts';

/** The sign-in cookie lives only on these paths, for the ten minutes a sign-in may take. */
const COOKIE_PATH = '/api/session/identity-provider';

export function registerIdentityProviderRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);
  const secure = deps.sessionCookie.secure;
  // __Secure- (not __Host-): the cookie is scoped to the sign-in paths, which __Host- forbids.
  const cookieName = secure ? '__Secure-lectern_sign_in' : 'lectern_sign_in';
  // Lax, not Strict: the provider's redirect back is a navigation from another site.
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const, secure };

  const provider = (): IdentityProviderService => {
    if (!deps.identityProvider)
      throw new ApiError(404, 'not_found', 'No identity provider is configured on this console.');
    return deps.identityProvider;
  };
  const problem = (reply: FastifyReply, code: string) =>
    reply.redirect(`/sign-in?problem=${code}`, 303);

  route(startIdentityProviderSignIn, {
    handler: async ({ query, reply }) => {
      const { cookie, location } = await provider().begin(query.returnTo ?? '/');
      reply.setCookie(cookieName, cookie, {
        ...cookieOptions,
        maxAge: SIGN_IN_TRANSACTION_MS / 1000,
      });
      return reply.redirect(location, 303);
    },
  });

  route(finishIdentityProviderSignIn, {
    audit: {
      summary: () => `sign in through ${deps.identityProvider?.name ?? 'the identity provider'}`,
      describe: () => ({ signInMethod: 'identityProvider' }),
    },
    handler: async ({ query, request, reply, audit }) => {
      const idp = provider();
      const header = request.headers.cookie;
      const cookie = header ? app.parseCookie(header)[cookieName] : undefined;
      reply.clearCookie(cookieName, cookieOptions);
      let outcome;
      try {
        outcome = await idp.complete(
          cookie,
          new URLSearchParams(query as Record<string, string>),
          request.consoleSessionId,
        );
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        audit.summary = `sign in through ${idp.name} refused (database_unavailable)`;
        audit.refusal = "The console's database could not be reached.";
        return problem(reply, 'database_unavailable');
      }
      if (!outcome.ok) {
        audit.summary = `sign in through ${idp.name} refused (${outcome.problem})`;
        audit.refusal = outcome.detail;
        if (outcome.email) audit.userEmail = outcome.email;
        return problem(reply, outcome.problem);
      }
      deps.sessionCookie.set(reply, outcome.sessionId, outcome.expiresAt);
      audit.userEmail = outcome.user.email;
      audit.role = outcome.role;
      audit.summary = outcome.role
        ? `sign in through ${idp.name} as ${outcome.role}${outcome.groups.length > 0 ? ` (groups: ${outcome.groups.join(', ')})` : ''}`
        : `sign in through ${idp.name} without a role`;
      return reply.redirect(outcome.returnTo, 303);
    },
  });
}
