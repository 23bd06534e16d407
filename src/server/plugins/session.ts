// The session cookie: how it is read into `request.consoleSession` (on /api requests, by the console's
// request pipeline), written at sign-in and cleared at sign-out.
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleSession, SessionService } from '../auth/session-service.ts';
import { isStateChanging } from './csrf.ts';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
    /** The raw cookie value, kept to rotate or end the session. */
    consoleSessionId: string | undefined;
  }
}

export interface SessionCookie {
  name: string;
  secure: boolean;
  /**
   * Sets `request.consoleSession` from the cookie (null when absent, unknown or expired). Returns a
   * promise only when the database had to be asked: reads use the session cache, state-changing
   * requests always read the database (see auth/session-service.ts).
   */
  resolve(request: FastifyRequest): Promise<void> | undefined;
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, id: string, expiresAt: number): void;
  clear(reply: FastifyReply): void;
}

export async function registerSessions(
  app: FastifyInstance,
  sessions: SessionService,
  https: boolean,
): Promise<SessionCookie> {
  // Parse lazily: only /api requests need the cookie.
  await app.register(cookie, { hook: false });
  const name = https ? '__Host-lectern_session' : 'lectern_session';
  const options = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: https };
  const sessionCookie: SessionCookie = {
    name,
    secure: https,
    read(request) {
      const header = request.headers.cookie;
      return header ? app.parseCookie(header)[name] : undefined;
    },
    resolve(request) {
      const id = sessionCookie.read(request);
      request.consoleSessionId = id;
      const fresh = isStateChanging(request.method);
      if (!fresh) {
        const cached = sessions.cached(id);
        if (cached !== undefined) {
          request.consoleSession = cached;
          return undefined;
        }
      }
      return sessions.resolve(id, { fresh }).then((session) => {
        request.consoleSession = session ?? null;
      });
    },
    set(reply, id, expiresAt) {
      reply.setCookie(name, id, { ...options, expires: new Date(expiresAt) });
    },
    clear(reply) {
      reply.clearCookie(name, options);
    },
  };

  app.decorateRequest('consoleSession', null);
  app.decorateRequest('consoleSessionId', undefined);
  return sessionCookie;
}
