// Route guards: 401 without a live session, 403 `no_access` for a signed-in user without a role, 403
// `forbidden` for a role that may not use the route.
import type { FastifyRequest } from 'fastify';
import type { ConsoleRole } from '#contract/console/access.ts';
import { ApiError, MESSAGES } from '../errors.ts';
import type { ConsoleSession } from './session-service.ts';

export type AuthorizedSession = ConsoleSession & { role: ConsoleRole };

export function requireSession(request: FastifyRequest): ConsoleSession {
  const session = request.consoleSession;
  if (!session) throw new ApiError(401, 'unauthenticated', MESSAGES.unauthenticated);
  return session;
}

export function requireRole(
  request: FastifyRequest,
  allowed?: readonly ConsoleRole[],
): AuthorizedSession {
  const session = requireSession(request);
  if (session.role === null) throw new ApiError(403, 'no_access', MESSAGES.noAccess);
  if (allowed && !allowed.includes(session.role))
    throw new ApiError(
      403,
      'forbidden',
      `Refused: this needs the ${allowed.join(' or ')} role; you are ${session.role}.`,
    );
  return session as AuthorizedSession;
}
