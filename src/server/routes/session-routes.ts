// Sign-in, the current session, sign-out, and the public facts the sign-in page needs.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ROLE_DESCRIPTIONS, type Role } from '../auth/roles.ts';
import type { ConsoleDeps } from '../deps.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import type { SessionRecord } from '../storage/sessions-repository.ts';
import { parseInput } from './validate.ts';

const SignInBody = z.object({
  email: z.string().trim().min(1, 'is required').max(320, 'is too long'),
  password: z.string().min(1, 'is required').max(1024, 'is too long'),
});

/** What each role may do, so the SPA can mirror the server's rules without restating them. */
export function capabilitiesOf(role: Role | null) {
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
  };
}

export function sessionView(
  session: Pick<
    SessionRecord,
    'userId' | 'email' | 'firstName' | 'lastName' | 'expiresAt' | 'role'
  >,
) {
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
  };
}

export function registerSessionRoutes(app: FastifyInstance, deps: ConsoleDeps): void {
  app.get('/api/meta', async () => ({
    mode: deps.demoAccounts ? 'demo' : 'upstream',
    csrfHeader: 'X-Lectern-Csrf',
    roles: ROLE_DESCRIPTIONS,
    demoAccounts: deps.demoAccounts,
  }));

  app.post('/api/session', async (request, reply) => {
    const audit = request.audit!;
    audit.operation = 'signIn';
    audit.route = 'POST /api/session';
    audit.summary = 'sign in';
    const body = parseInput(SignInBody, request.body);
    audit.userEmail = body.email.toLowerCase();
    // Recorded before the instance is asked (an attempt counts towards its lockout).
    await deps.auditTrail.begin(request);
    try {
      const signedIn = await deps.signIn.signIn(
        body.email,
        body.password,
        request.ip,
        request.consoleSessionId,
      );
      deps.sessionCookie.set(reply, signedIn.sessionId, signedIn.expiresAt);
      audit.summary = signedIn.role ? `sign in as ${signedIn.role}` : 'sign in without a role';
      return sessionView({
        userId: signedIn.user.id,
        email: signedIn.user.email,
        firstName: signedIn.user.firstName,
        lastName: signedIn.user.lastName,
        expiresAt: signedIn.expiresAt,
        role: signedIn.role,
      });
    } catch (error) {
      if (error instanceof ApiError) audit.summary = `sign in refused (${error.code})`;
      throw error;
    }
  });

  app.get('/api/session', async (request) => {
    const session = request.consoleSession;
    if (!session) throw new ApiError(401, 'unauthenticated', MESSAGES.unauthenticated);
    return sessionView(session);
  });

  app.delete('/api/session', async (request, reply) => {
    const audit = request.audit!;
    audit.operation = 'signOut';
    audit.route = 'DELETE /api/session';
    audit.summary = request.consoleSession ? 'sign out' : 'sign out without a session';
    await deps.auditTrail.begin(request);
    await deps.sessions.end(request.consoleSessionId);
    deps.sessionCookie.clear(reply);
    return reply.code(204).send();
  });
}
