// Sign-in, the current session and sign-out.
import type { FastifyInstance } from 'fastify';
import type { ConsoleRole } from '#contract/console/access.ts';
import {
  getSession,
  signIn,
  signOut,
  type Capabilities,
  type SessionView,
} from '#contract/console/session.ts';
import type { ConsoleSession } from '../auth/session-service.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { consoleRoutes } from './console-route.ts';

/** What each role may do, so the SPA can mirror the server's rules without restating them. */
export function capabilitiesOf(role: ConsoleRole | null): Capabilities {
  return {
    read: role !== null,
    createAndUpdate: role === 'admin' || role === 'contentManager',
    uploadTranslations: role === 'admin' || role === 'contentManager',
    publish: role === 'admin',
    archive: role === 'admin',
    bulkOperations: role === 'admin',
    manageRoles: role === 'admin',
    readAudit: role === 'admin',
    watchEvents: role !== null,
    readAlerts: role === 'admin' || role === 'support',
    manageAlerts: role === 'admin',
  };
}

export function sessionView(
  session: Pick<
    ConsoleSession,
    'userId' | 'email' | 'firstName' | 'lastName' | 'expiresAt' | 'role' | 'signInMethod'
  >,
): SessionView {
  return {
    user: {
      id: session.userId,
      email: session.email,
      firstName: session.firstName,
      lastName: session.lastName,
    },
    role: session.role,
    capabilities: capabilitiesOf(session.role),
    expiresAt: new Date(session.expiresAt).toISOString(),
    signedInWith: session.signInMethod,
  };
}

export function registerSessionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  const route = consoleRoutes(app, deps.auditTrail);

  route(signIn, {
    audit: {
      summary: 'sign in',
      // Recorded before the instance is asked (an attempt counts towards its lockout).
      describe: ({ body }) => ({ userEmail: body.email.toLowerCase(), signInMethod: 'instance' }),
    },
    handler: async ({ body, request, reply, audit }) => {
      if (!deps.config.instanceLogin) {
        audit.summary = 'sign in refused (instance sign-in is off)';
        throw new ApiError(
          403,
          'forbidden',
          `Sign-in with a learning-platform password is turned off on this console. Sign in with ${deps.identityProvider?.name ?? 'the identity provider'}.`,
        );
      }
      try {
        const signedIn = await deps.signIn.signIn(
          body.email,
          body.password,
          request.ip,
          request.consoleSessionId,
        );
        deps.sessionCookie.set(reply, signedIn.sessionId, signedIn.expiresAt);
        audit.role = signedIn.role;
        audit.summary = signedIn.role ? `sign in as ${signedIn.role}` : 'sign in without a role';
        return sessionView({
          userId: signedIn.user.id,
          email: signedIn.user.email,
          firstName: signedIn.user.firstName,
          lastName: signedIn.user.lastName,
          expiresAt: signedIn.expiresAt,
          role: signedIn.role,
          signInMethod: 'instance',
        });
      } catch (error) {
        if (error instanceof ApiError) audit.summary = `sign in refused (${error.code})`;
        throw error;
      }
    },
  });

  route(getSession, { handler: async ({ session }) => sessionView(session) });

  route(signOut, {
    audit: {
      summary: (request) => (request.consoleSession ? 'sign out' : 'sign out without a session'),
    },
    handler: async ({ request, reply }) => {
      await deps.sessions.end(request.consoleSessionId);
      deps.sessionCookie.clear(reply);
    },
  });
}
