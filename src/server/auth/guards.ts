// Route guards: 401 without a live session, 403 `no_access` for a signed-in user without a role, 403
// `forbidden` for a role that may not use the route.
import type { FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from '../errors.ts';
import type { SessionRecord } from '../storage/sessions-repository.ts';
import type { Role } from './roles.ts';

export type AuthorizedSession = SessionRecord & { role: Role };

export function requireSession(request: FastifyRequest): SessionRecord {
  const session = request.consoleSession;
  if (!session) throw new ApiError(401, 'unauthenticated', MESSAGES.unauthenticated);
  return session;
}

export function requireRole(request: FastifyRequest, allowed?: readonly Role[]): AuthorizedSession {
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
