// Security headers on every response. The policy is @fastify/helmet's (configured below); because the
// plugin rebuilds helmet's middleware on every request, the header set is computed once at start-up by
// running the plugin on a scratch instance, and applied as a constant in the console's first hook.
import helmet from '@fastify/helmet';
import Fastify from 'fastify';

const HELMET_OPTIONS = (https: boolean) => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // No inline styles either: the SPA's build keeps toasts and dialogs CSSOM-only (e2e/csp.spec.ts).
      styleSrc: ["'self'"],
      // Course images live on the instance's or a CDN's hosts.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  },
  referrerPolicy: { policy: 'no-referrer' as const },
  strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  crossOriginEmbedderPolicy: false,
});

/** The exact headers @fastify/helmet sets with the console's options. */
export async function computeSecurityHeaders(https: boolean): Promise<Record<string, string>> {
  const scratch = Fastify({ logger: false });
  await scratch.register(helmet, HELMET_OPTIONS(https));
  scratch.get('/', async () => '');
  const response = await scratch.inject({ method: 'GET', url: '/' });
  await scratch.close();
  const headers: Record<string, string> = {};
  const skip = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  for (const [name, value] of Object.entries(response.headers))
    if (!skip.has(name) && value !== undefined) headers[name] = String(value);
  if (!headers['content-security-policy']) throw new Error('helmet produced no CSP header');
  return headers;
}
