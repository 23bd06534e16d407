// The console's one onRequest hook, in a fixed order that every request passes:
//   1. security headers (first, so even refusals carry them), and no-store on /api;
//   2. an audit draft for state-changing /api calls (so refusals below are audited);
//   3. the session from the cookie (from the session cache, or read from the database);
//   4. the CSRF check for state-changing /api calls.
// One hook instead of several async ones keeps the proxy's per-request cost low: it stays synchronous
// unless the session has to be read from the database.
import type { FastifyInstance } from 'fastify';
import { startAuditDraft, type OperationNamer } from '../audit/audit-service.ts';
import { checkCsrf, isStateChanging, type OriginPolicy } from './csrf.ts';
import type { SessionCookie } from './session.ts';

export function registerRequestPipeline(
  app: FastifyInstance,
  options: {
    securityHeaders: Record<string, string>;
    sessionCookie: SessionCookie;
    origins: OriginPolicy;
    nameOperation: OperationNamer;
  },
): void {
  const headers = Object.entries(options.securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.header(name, value);
    if (!request.url.startsWith('/api/')) return done();
    reply.header('cache-control', 'no-store');
    const checkCsrfAndGo = () => {
      try {
        if (isStateChanging(request.method)) checkCsrf(request, options.origins);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    let reading: Promise<void> | undefined;
    try {
      startAuditDraft(request, options.nameOperation);
      reading = options.sessionCookie.resolve(request);
    } catch (error) {
      return done(error as Error);
    }
    // A cached session answers at once; otherwise the database is asked first.
    if (reading) reading.then(checkCsrfAndGo, done);
    else checkCsrfAndGo();
  });
}
