// Registers the console server's own routes from their contract endpoints (src/contract/console): one
// helper does, for every endpoint and in this order, what each route once wrote by hand:
//   1. names the audit draft of a state-changing call (operation, route), so even a refusal is named;
//   2. applies the endpoint's access rule (401, 403 `no_access`, 403 `forbidden`);
//   3. parses params, query and body with the endpoint's schemas (one 400 naming the field);
//   4. state-changing calls: writes the audit row before the handler acts (audit before effect);
//   5. checks the handler's answer against the response schema (unknown fields dropped; a mismatch is a
//      bug: 500), or answers 204 when the endpoint has no body; streams are the handler's.
// Fastify's own schema validation would run before the access rule and speak its own error format, so
// the checks run here, inside the handler (docs/decisions/console-api-contract.md).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  isRedirect,
  isStream,
  pathParams,
  type ConsoleEndpoint,
  type ParsedInput,
  type ResponseInput,
} from '#contract/console/endpoint.ts';
import { formatZodIssues } from '#contract/format-issues.ts';
import type { AuditDraft, AuditTrailService } from '../audit/audit-trail-service.ts';
import { newAuditDraft } from '../plugins/audit.ts';
import { requireRole, requireSession, type AuthorizedSession } from '../auth/guards.ts';
import type { ConsoleSession } from '../auth/session-service.ts';
import { parseInput } from './validate.ts';

/** The session a handler gets: none promised on public routes, a role on role-guarded ones. */
export type SessionFor<E extends ConsoleEndpoint> = E['access'] extends 'public'
  ? ConsoleSession | null
  : E['access'] extends 'session'
    ? ConsoleSession
    : AuthorizedSession;

const stateChanging = (endpoint: ConsoleEndpoint) =>
  endpoint.method !== 'GET' || endpoint.audited === true;

export interface RouteContext<E extends ConsoleEndpoint> extends ParsedInput<E> {
  request: FastifyRequest;
  reply: FastifyReply;
  session: SessionFor<E>;
  /** The audit draft of a state-changing call (its row is written already); null for reads. */
  audit: E['method'] extends 'GET' ? (E['audited'] extends true ? AuditDraft : null) : AuditDraft;
}

export interface ConsoleRouteOptions<E extends ConsoleEndpoint> {
  /** State-changing endpoints: what their audit row says. */
  audit?: {
    /** Set once the route is matched, before any check: a refusal or bad input carries it too. */
    summary?: string | ((request: FastifyRequest) => string);
    /** Once the input is valid, just before the row is written. */
    describe?: (
      input: ParsedInput<E>,
    ) => Partial<Pick<AuditDraft, 'summary' | 'userEmail' | 'signInMethod'>>;
  };
  handler(context: RouteContext<E>): Promise<ResponseInput<E>>;
}

/** `/api/roles/{email}` -> `/api/roles/:email`. */
export const fastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint a console route was registered from (see enforceContract). */
    consoleEndpoint?: ConsoleEndpoint;
  }
}

function guard(request: FastifyRequest, endpoint: ConsoleEndpoint) {
  const { access } = endpoint;
  if (access === 'public') return request.consoleSession ?? null;
  if (access === 'session') return requireSession(request);
  return requireRole(request, access === 'role' ? undefined : access);
}

function answer(endpoint: ConsoleEndpoint, reply: FastifyReply, result: unknown): unknown {
  const { response } = endpoint;
  if (response === null) return reply.code(204).send();
  // Streams and redirects are answered by the handler itself.
  if (isStream(response) || isRedirect(response)) return result;
  const parsed = response.safeParse(result);
  if (parsed.success) return parsed.data;
  // The server broke its own contract: a bug, logged with the issues and answered 500.
  throw new Error(
    `${endpoint.operationId} answered outside its contract: ${formatZodIssues(parsed.error).join('; ')}`,
  );
}

/**
 * The route registrar of one app: `route(endpoint, { audit?, handler })` registers the endpoint's route;
 * state-changing ones write their audit row through `auditTrail` before the handler runs.
 */
export function consoleRoutes(app: FastifyInstance, auditTrail: AuditTrailService) {
  return function route<const E extends ConsoleEndpoint>(
    endpoint: E,
    options: NoInfer<ConsoleRouteOptions<E>>,
  ): void {
    checkPathParams(endpoint);
    const url = fastifyPath(endpoint.path);
    app.route({
      method: endpoint.method,
      url,
      config: { consoleEndpoint: endpoint },
      handler: async (request, reply) => {
        const audit = stateChanging(endpoint)
          ? nameAuditDraft(request, endpoint, url, options)
          : null;
        const session = guard(request, endpoint);
        const input = {
          params: endpoint.params ? parseInput(endpoint.params, request.params) : undefined,
          query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
          body: endpoint.body ? parseInput(endpoint.body, request.body) : undefined,
        } as ParsedInput<E>;
        // Audit before effect; a call audited only when refused has no effect worth a row of its own.
        if (audit && !audit.refusalsOnly) {
          Object.assign(audit, options.audit?.describe?.(input));
          await auditTrail.begin(request);
        }
        const result = await options.handler({
          ...input,
          request,
          reply,
          session: session as SessionFor<E>,
          audit: audit as RouteContext<E>['audit'],
        });
        return answer(endpoint, reply, result);
      },
    });
  };
}

function nameAuditDraft<E extends ConsoleEndpoint>(
  request: FastifyRequest,
  endpoint: E,
  url: string,
  options: ConsoleRouteOptions<E>,
): AuditDraft {
  // A GET is not audited by the request pipeline: an audited one gets its draft here.
  if (!request.audit && endpoint.audited)
    request.audit = newAuditDraft(request.method, request.url.split('?')[0]!);
  const audit = request.audit;
  if (!audit) throw new Error(`${endpoint.operationId}: no audit draft for a state-changing call`);
  audit.operation = endpoint.operationId;
  audit.route = `${endpoint.method} ${url}`;
  const summary = options.audit?.summary;
  if (summary !== undefined)
    audit.summary = typeof summary === 'string' ? summary : summary(request);
  return audit;
}

/**
 * Makes the contract the only way into /api: a route under /api (the /api/v2 proxy aside) that was not
 * registered from a contract endpoint stops the server at start, and so does an endpoint of `expected`
 * that no route serves. Call before registering routes; call the returned check once they are.
 */
export function enforceContract(
  app: FastifyInstance,
  expected: readonly ConsoleEndpoint[],
  proxyPrefix: string,
): () => void {
  const served = new Set<ConsoleEndpoint>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith(`${proxyPrefix}/`)) return;
    const endpoint = route.config?.consoleEndpoint;
    if (!endpoint)
      throw new Error(
        `${String(route.method)} ${route.url} is not in the console API contract: declare it in src/contract/console and register it with consoleRoutes (routes/console-route.ts).`,
      );
    served.add(endpoint);
  });
  return () => {
    const missing = expected.filter((endpoint) => !served.has(endpoint));
    if (missing.length > 0)
      throw new Error(
        `Contract endpoints without a route: ${missing.map((e) => `${e.method} ${e.path}`).join(', ')}`,
      );
  };
}

/** A path parameter the contract names but the URL template lacks is a typo: fail at start. */
function checkPathParams(endpoint: ConsoleEndpoint): void {
  const declared = Object.keys(endpoint.params?.shape ?? {});
  const inPath = pathParams(endpoint.path);
  if (declared.join() !== inPath.join())
    throw new Error(`${endpoint.operationId}: params ${declared} do not match ${endpoint.path}`);
}
